import { useLayoutEffect, useState, type RefObject } from 'react';

/** Every row of the outline's tables is this tall (editor.css), so the rows in view follow from the scroll position. */
export const ROW_HEIGHT = 33;
const OVERSCAN = 8;

/**
 * The rows of a long table body that are in (or near) the view of its scrolling container:
 * [first, end). The others are left out and stand in as the height of two spacer rows.
 */
export function useVisibleRows(
  scroller: RefObject<HTMLElement | null>,
  body: RefObject<HTMLElement | null>,
  count: number,
): [number, number] {
  const [range, setRange] = useState<[number, number]>([0, Math.min(count, 50)]);
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    let raf = 0;
    const update = () => {
      raf = 0;
      const top = body.current
        ? body.current.getBoundingClientRect().top - el.getBoundingClientRect().top + el.scrollTop
        : 0;
      const first = Math.max(0, Math.floor((el.scrollTop - top) / ROW_HEIGHT) - OVERSCAN);
      const end = Math.max(
        first,
        Math.min(count, Math.ceil((el.scrollTop - top + el.clientHeight) / ROW_HEIGHT) + OVERSCAN),
      );
      setRange((r) => (r[0] === first && r[1] === end ? r : [first, end]));
    };
    const schedule = () => {
      if (!raf) raf = requestAnimationFrame(update);
    };
    update();
    el.addEventListener('scroll', schedule, { passive: true });
    const resize = new ResizeObserver(schedule);
    resize.observe(el);
    return () => {
      el.removeEventListener('scroll', schedule);
      resize.disconnect();
      cancelAnimationFrame(raf);
    };
  }, [scroller, body, count]);
  return range;
}

/**
 * Up/Down move between rows in the same column, Home/End (with Ctrl) to the first and last row:
 * a row that is not drawn yet is scrolled into view first, then focused.
 */
export function gridKeys(e: React.KeyboardEvent<HTMLElement>, scroller: HTMLElement | null) {
  const jump =
    { ArrowUp: -1, ArrowDown: 1, PageUp: -10, PageDown: 10 }[e.key] ??
    (e.ctrlKey && e.key === 'Home' ? -Infinity : e.ctrlKey && e.key === 'End' ? Infinity : 0);
  if (!jump || !scroller) return;
  const cell = (e.target as HTMLElement).closest('td');
  const row = cell?.parentElement as HTMLTableRowElement | null;
  const body = row?.parentElement;
  const count = Number(body?.dataset.count);
  if (!cell || !row || !body || row.dataset.index === undefined) return;
  const index = Math.max(0, Math.min(count - 1, Number(row.dataset.index) + jump));
  if (index === Number(row.dataset.index)) return;
  e.preventDefault();
  const column = cell.cellIndex;
  const find = () =>
    body
      .querySelector<HTMLTableRowElement>(`tr[data-index="${index}"]`)
      ?.cells[column]?.querySelector<HTMLElement>('input, select, button');
  const rowTop =
    body.getBoundingClientRect().top - scroller.getBoundingClientRect().top + scroller.scrollTop + index * ROW_HEIGHT;
  let scrollTo = scroller.scrollTop;
  if (rowTop < scrollTo + 40) scrollTo = rowTop - 40;
  else if (rowTop + ROW_HEIGHT > scrollTo + scroller.clientHeight)
    scrollTo = rowTop + ROW_HEIGHT - scroller.clientHeight;
  // The table keeps the focus while the row it leaves is taken away and the new one drawn.
  (row.closest('table') as HTMLElement | null)?.focus({ preventScroll: true });
  scroller.scrollTop = scrollTo;
  let tries = 0;
  const attempt = () => {
    const target = find();
    if (target) return target.focus({ preventScroll: true });
    if (Math.abs(scroller.scrollTop - scrollTo) > 1) scroller.scrollTop = scrollTo;
    if (++tries < 30) requestAnimationFrame(attempt);
  };
  attempt();
}
