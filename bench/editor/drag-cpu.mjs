// A traced drag's main-thread CPU (thread time, so a busy machine's waiting is left out): the frame
// that picks the element up, the frames while it moves, and the drop.

/** The page's main thread (the renderer main thread that ran the most script) and its complete events, in order. */
export function mainThread(events) {
  const script = new Map();
  for (const e of events)
    if (e.name === 'FunctionCall' && e.dur)
      script.set(`${e.pid}/${e.tid}`, (script.get(`${e.pid}/${e.tid}`) ?? 0) + e.dur);
  const main = events
    .filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
    .sort((a, b) => (script.get(`${b.pid}/${b.tid}`) ?? 0) - (script.get(`${a.pid}/${a.tid}`) ?? 0))[0];
  const own = events
    .filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && e.dur !== undefined)
    .sort((a, b) => a.ts - b.ts || b.dur - a.dur);
  return { main, own };
}

const cpuMs = (task) => (task.tdur ?? task.dur) / 1000;
const dispatched = (own, type) => own.filter((e) => e.name === 'EventDispatch' && e.args?.data?.type === type);

/**
 * Null when the trace holds no press, move and release. The pick-up is the costliest frame in the 300 ms
 * after the first move; moving counts every task after it until the release (so also the benchmark's
 * own input and frame counting, the same with any editor code), per pointer move and per frame.
 */
export function dragCpu(trace) {
  const { own } = mainThread(trace.traceEvents);
  const down = dispatched(own, 'mousedown')[0];
  const up = down && dispatched(own, 'mouseup').find((e) => e.ts > down.ts);
  if (!up) return null;
  const tasks = [];
  let end = -1;
  for (const e of own) if (e.ts >= end) (tasks.push(e), (end = e.ts + e.dur));
  const inside = (task, name) =>
    own.some((e) => e.name === name && e.ts >= task.ts && e.ts + e.dur <= task.ts + task.dur);
  const drop = tasks.find((t) => t.ts <= up.ts && t.ts + t.dur >= up.ts + up.dur);
  const firstMove = dispatched(own, 'mousemove').find((e) => e.ts > down.ts && e.ts < up.ts);
  if (!firstMove) return null;
  const early = tasks.filter(
    (t) => t.ts + t.dur >= firstMove.ts && t.ts < firstMove.ts + 300_000 && inside(t, 'FireAnimationFrame'),
  );
  if (!early.length || !drop) return null;
  const pickUp = early.reduce((a, t) => (cpuMs(t) > cpuMs(a) ? t : a), early[0]);
  const moving = tasks.filter((t) => t.ts >= pickUp.ts + pickUp.dur && t.ts + t.dur <= drop.ts);
  const movingMs = moving.reduce((sum, t) => sum + cpuMs(t), 0);
  const from = pickUp.ts + pickUp.dur;
  const frames = own.filter((e) => e.name === 'ProxyMain::BeginMainFrame' && e.ts >= from && e.ts < drop.ts).length;
  const moves = dispatched(own, 'mousemove').filter((e) => e.ts > pickUp.ts && e.ts < drop.ts).length;
  return { pickUpMs: cpuMs(pickUp), movingMs, moves, frames, dropMs: cpuMs(drop) };
}
