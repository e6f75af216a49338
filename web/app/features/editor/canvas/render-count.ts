/**
 * Counts renders of canvas views when a benchmark asks for it (`window.__lwRenders = {}`), to show
 * that panning, zooming and dragging leave unchanged elements and connections alone.
 */
export function countRender(view: 'element' | 'connection'): void {
  const counts = (globalThis as { __lwRenders?: Record<string, number> }).__lwRenders;
  if (counts) counts[view] = (counts[view] ?? 0) + 1;
}
