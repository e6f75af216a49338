type IdleWindow = Window & {
  requestIdleCallback?: (callback: () => void, options: { timeout: number }) => number;
  cancelIdleCallback?: (id: number) => void;
};

/**
 * Runs `work` once the page has painted its next frame and the main thread is idle (at most
 * `timeout` ms later): for work an opening page needs soon but not for its first picture.
 * Returns a cancel function.
 */
export function afterFirstPaint(work: () => void, timeout = 1000): () => void {
  const w = window as IdleWindow;
  let cancelled = false;
  let idle: number | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    // A task after the frame's rendering: the frame has been painted by then.
    timer = setTimeout(() => {
      if (cancelled) return;
      if (w.requestIdleCallback) idle = w.requestIdleCallback(() => !cancelled && work(), { timeout });
      else work();
    });
  });
  return () => {
    cancelled = true;
    cancelAnimationFrame(frame);
    if (timer !== undefined) clearTimeout(timer);
    if (idle !== undefined) w.cancelIdleCallback?.(idle);
  };
}
