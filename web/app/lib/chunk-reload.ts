import { sessionStore } from './safe-storage';
import { WebsiteRules } from './spec';

const KEY = 'lw_chunk_reload_at';
const CHUNK_ERROR =
  /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS/i;

export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  return CHUNK_ERROR.test(message);
}

/** After a new deployment old script chunks vanish: reload the page, at most once per 60 s. */
export function reloadForChunkError(error: unknown, now = Date.now()): boolean {
  if (typeof window === 'undefined' || !isChunkLoadError(error)) return false;
  const last = Number(sessionStore.get(KEY) ?? 0);
  if (now - last < WebsiteRules.chunkReloadGuardMs) return false;
  sessionStore.set(KEY, String(now));
  window.location.reload();
  return true;
}
