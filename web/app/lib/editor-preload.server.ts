import { readFileSync } from 'node:fs';

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}

/** The editor's script chunks (modulepreload) and its stylesheets, as /assets/… addresses. */
export interface EditorAssets {
  scripts: string[];
  styles: string[];
}

const EDITOR_MODULE = 'app/features/editor/editor-page.tsx';
/** The editor's address (as the page head's early requests match it). */
const EDITOR_PATH = /^(?:\/en)?\/diagrams\/[A-Za-z0-9_-]{1,40}\/?$/;
const NONE: EditorAssets = { scripts: [], styles: [] };

let assets: EditorAssets | null = null;

/**
 * The script chunks of the editor (its page module and everything that imports statically) and
 * their stylesheets, from the client build's Vite manifest; none in development (no manifest).
 * The editor route loads that code only once the app has hydrated. Linked in the page head, the
 * scripts download alongside the app's own (modulepreload), and the stylesheets are already there
 * when the route imports the editor: Vite's import waits for a chunk's stylesheets it does not find
 * in the page, which put a stylesheet round trip (50–70 ms on a busy machine) between hydration and
 * the editor's first render.
 */
export function editorPreloads(pathname: string): EditorAssets {
  if (!EDITOR_PATH.test(pathname)) return NONE;
  if (assets) return assets;
  try {
    const manifest = JSON.parse(
      readFileSync(new URL('../client/.vite/manifest.json', import.meta.url), 'utf8'),
    ) as Record<string, ManifestChunk>;
    const scripts = new Set<string>();
    const styles = new Set<string>();
    const visit = (key: string) => {
      const chunk = manifest[key];
      if (!chunk || scripts.has(`/${chunk.file}`)) return;
      scripts.add(`/${chunk.file}`);
      for (const css of chunk.css ?? []) styles.add(`/${css}`);
      for (const next of chunk.imports ?? []) visit(next);
    };
    visit(EDITOR_MODULE);
    assets = { scripts: [...scripts], styles: [...styles] };
  } catch {
    assets = NONE;
  }
  return assets;
}
