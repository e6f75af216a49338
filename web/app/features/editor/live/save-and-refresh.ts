/** How long "Save and refresh" waits for the save before reloading anyway. */
export const SAVE_WAIT_MS = 30_000;

/**
 * "Save and refresh" (a new release): saves, then reloads. A failed save reloads at once, and a
 * save that does not answer within `waitMs` is not waited for any longer: its draft stays in this
 * browser (written on pagehide) and the reloaded editor offers it again, so the reload never
 * waits on a server that does not answer.
 */
export async function saveThenReload(
  save: (() => Promise<unknown>) | null,
  reload: () => void,
  waitMs: number = SAVE_WAIT_MS,
): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const stalled = new Promise<void>((done) => (timer = setTimeout(done, waitMs)));
  await Promise.race([save?.().catch(() => undefined), stalled]);
  clearTimeout(timer);
  reload();
}
