import { readFileSync } from 'node:fs';

interface ManifestChunk {
  file: string;
  imports?: string[];
}

const EDITOR_MODULE = 'app/features/editor/editor-page.tsx';
/** The editor's address (as the page head's early requests match it). */
const EDITOR_PATH = /^(?:\/en)?\/diagrams\/[A-Za-z0-9_-]{1,40}\/?$/;

let chunks: string[] | null = null;

/**
 * The script chunks of the editor (its page module and everything that imports statically) as
 * /assets/… addresses, from the client build's Vite manifest; none in development (no manifest).
 * The editor route loads that code only once the app has hydrated; linked as modulepreload in the
 * page head, it downloads alongside the app's own scripts instead of after them.
 */
export function editorPreloads(pathname: string): string[] {
  if (!EDITOR_PATH.test(pathname)) return [];
  if (chunks) return chunks;
  try {
    const manifest = JSON.parse(
      readFileSync(new URL('../client/.vite/manifest.json', import.meta.url), 'utf8'),
    ) as Record<string, ManifestChunk>;
    const found = new Set<string>();
    const visit = (key: string) => {
      const chunk = manifest[key];
      if (!chunk || found.has(`/${chunk.file}`)) return;
      found.add(`/${chunk.file}`);
      for (const next of chunk.imports ?? []) visit(next);
    };
    visit(EDITOR_MODULE);
    chunks = [...found];
  } catch {
    chunks = [];
  }
  return chunks;
}
