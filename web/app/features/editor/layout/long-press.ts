import { useEffect, useRef } from 'react';

const HOLD_MS = 550;
const SLOP_PX = 10;

/**
 * Calls `onLongPress` when a finger rests on the element for a while without moving (a touch
 * screen's right-click): the point pressed and the element under it.
 */
export function useLongPress(
  target: React.RefObject<HTMLElement | null>,
  onLongPress: (at: { x: number; y: number; element: Element }) => void,
) {
  const callback = useRef(onLongPress);
  callback.current = onLongPress;
  useEffect(() => {
    const el = target.current;
    if (!el) return;
    let timer: ReturnType<typeof setTimeout> | null = null;
    let start = { x: 0, y: 0, id: -1 };
    const cancel = () => {
      if (timer) clearTimeout(timer);
      timer = null;
    };
    const down = (e: PointerEvent) => {
      if (e.pointerType !== 'touch' || !e.isPrimary) return cancel();
      start = { x: e.clientX, y: e.clientY, id: e.pointerId };
      const element = e.target as Element;
      cancel();
      timer = setTimeout(() => {
        timer = null;
        callback.current({ x: start.x, y: start.y, element });
      }, HOLD_MS);
    };
    const move = (e: PointerEvent) => {
      if (timer && (e.pointerId !== start.id || Math.hypot(e.clientX - start.x, e.clientY - start.y) > SLOP_PX))
        cancel();
    };
    el.addEventListener('pointerdown', down, true);
    el.addEventListener('pointermove', move, true);
    el.addEventListener('pointerup', cancel, true);
    el.addEventListener('pointercancel', cancel, true);
    return () => {
      cancel();
      el.removeEventListener('pointerdown', down, true);
      el.removeEventListener('pointermove', move, true);
      el.removeEventListener('pointerup', cancel, true);
      el.removeEventListener('pointercancel', cancel, true);
    };
  }, [target]);
}
