// Where the page's CPU goes during a cold open: opens the 1,000-element diagram (or OPEN_SIZE) OPEN_RUNS times
// (default 3) in a new tab under a Chromium trace and prints, summed over the opens and divided by their number,
// the page renderer main thread's CPU time (trace thread durations, which a loaded machine does not stretch) by
// trace event (self), and the sampled script time by function and by script file (self). Up to the drawn canvas
// painted, as bench:editor's open figure.   node bench/editor/open-profile.mjs
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { TraceMap, originalPositionFor } from '@jridgewell/trace-mapping';
import { openAndWaitDrawn } from './open.mjs';
import { laidOut, withEditorBench } from './setup.mjs';

const SIZE = Number(process.env.OPEN_SIZE ?? 1000);
const RUNS = Number(process.env.OPEN_RUNS ?? 3);
const TOP = Number(process.env.OPEN_TOP ?? 25);
const CATEGORIES = [
  'toplevel',
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8',
  'v8.execute',
  'blink',
  'disabled-by-default-v8.cpu_profiler',
];
const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

const assets = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/build/client/assets');
const maps = new Map();
/** The source module of a position in a built chunk, when the build wrote source maps (SOURCEMAP=1). */
function sourceOf(url, line, column) {
  const file = path.join(assets, path.basename(new URL(url).pathname) + '.map');
  if (!maps.has(file)) maps.set(file, existsSync(file) ? new TraceMap(readFileSync(file, 'utf8')) : null);
  const map = maps.get(file);
  let at = null;
  try {
    at = map && line >= 0 ? originalPositionFor(map, { line: line + 1, column }) : null;
  } catch {
    // a position outside the map
  }
  return at?.source ? { source: at.source.replace(/^(\.\.\/)+/, ''), line: at.line, name: at.name } : null;
}

const add = (map, key, value) => map.set(key, (map.get(key) ?? 0) + value);

/** The page's renderer main thread: the CrRendererMain of the process that parsed the editor's HTML. */
function pageMainThread(events) {
  const parsed = events.find((e) => e.name === 'ParseHTML' && /\/diagrams\//.test(e.args?.beginData?.url ?? ''));
  const main = events.find(
    (e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain' && (!parsed || e.pid === parsed.pid),
  );
  return { pid: main.pid, tid: main.tid };
}

function summarize(events, totals) {
  const { pid, tid } = pageMainThread(events);
  // Every thread of the page's process (workers too): CPU of its outermost events.
  const names = new Map(
    events.filter((e) => e.name === 'thread_name' && e.pid === pid).map((e) => [e.tid, e.args.name]),
  );
  const ends = new Map();
  for (const e of events
    .filter((x) => x.pid === pid && x.ph === 'X' && x.tdur !== undefined)
    .sort((a, b) => a.ts - b.ts || b.dur - a.dur)) {
    if ((ends.get(e.tid) ?? 0) > e.ts) continue;
    ends.set(e.tid, e.ts + e.dur);
    add(totals.byThread, names.get(e.tid) ?? String(e.tid), e.tdur);
  }
  const own = events
    .filter((e) => e.pid === pid && e.tid === tid && e.ph === 'X' && e.tdur !== undefined)
    .sort((a, b) => a.ts - b.ts || b.dur - a.dur);
  // Self CPU per event name: an event's thread duration less its children's.
  const stack = [];
  for (const e of own) {
    while (stack.length && stack[stack.length - 1].ts + stack[stack.length - 1].dur <= e.ts) stack.pop();
    const parent = stack[stack.length - 1];
    if (parent) add(totals.byEvent, parent.name, -e.tdur);
    else totals.cpu += e.tdur;
    add(totals.byEvent, e.name, e.tdur);
    stack.push(e);
  }
  // Sampled profile of the same thread: self time per function and per script file.
  const profileThreads = new Map(
    events.filter((e) => e.name === 'Profile' && e.pid === pid).map((e) => [String(e.id), e.tid]),
  );
  const profiles = new Set(events.filter((e) => e.name === 'Profile' && e.pid === pid).map((e) => e.id));
  const nodes = new Map();
  const parents = new Map();
  const hits = new Map();
  for (const e of events) {
    if (e.name !== 'ProfileChunk' || e.pid !== pid || !profiles.has(e.id)) continue;
    const p = e.args.data.cpuProfile ?? {};
    for (const n of p.nodes ?? []) {
      nodes.set(`${e.id}/${n.id}`, n.callFrame);
      if (n.parent) parents.set(`${e.id}/${n.id}`, `${e.id}/${n.parent}`);
    }
    const deltas = e.args.data.timeDeltas ?? [];
    (p.samples ?? []).forEach((id, i) => add(hits, `${e.id}/${id}`, deltas[i] ?? 0));
  }
  for (const [id, us] of hits) {
    const f = nodes.get(id);
    if (!f) continue;
    const thread = profileThreads.get(id.split('/')[0]);
    const file =
      (thread === tid ? '' : `[${names.get(thread) ?? thread}] `) +
      (f.url ? path.basename(f.url).replace(/-[\w-]{8}\.js$/, '.js') : `(${f.functionName || 'native'})`);
    const source = f.url?.startsWith('http') ? sourceOf(f.url, f.lineNumber, f.columnNumber) : null;
    const module = source ? source.source.replace(/^.*node_modules\/((@[^/]+\/)?[^/]+).*$/, '$1') : file;
    add(
      totals.byFunction,
      source
        ? `${f.functionName || '(anonymous)'} ${source.source}:${source.line}`
        : `${f.functionName || '(anonymous)'} ${file}:${f.lineNumber + 1}:${f.columnNumber + 1}`,
      us,
    );
    add(totals.byFile, file, us);
    add(totals.byModule, module, us);
    // Inclusive: the nearest caller in our own code (app/ or packages/) gets the sample.
    for (let at = id; at; at = parents.get(at)) {
      const c = nodes.get(at);
      const s = c?.url?.startsWith('http') ? sourceOf(c.url, c.lineNumber, c.columnNumber) : null;
      if (s && !s.source.includes('node_modules')) {
        add(totals.byCaller, `${c.functionName || '(anonymous)'} ${s.source}:${s.line}`, us);
        break;
      }
    }
    totals.sampled += us;
  }
}

const top = (map, n = TOP) =>
  [...map]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([k, us]) => `    ${Math.round(us / 1000 / RUNS)}  ${k}`)
    .join('\n');

await withEditorBench(async ({ base, browser, context, create, createLarge }) => {
  const document = SIZE > 1000 ? laidOut(SIZE, 100) : laidOut(SIZE);
  const fuid = SIZE > 1000 ? await createLarge(`Profile ${SIZE}`, document) : await create(`Profile ${SIZE}`, document);
  const totals = {
    cpu: 0,
    sampled: 0,
    byEvent: new Map(),
    byThread: new Map(),
    byFunction: new Map(),
    byFile: new Map(),
    byModule: new Map(),
    byCaller: new Map(),
  };
  for (let i = 0; i < RUNS; i++) {
    const page = await context.newPage();
    await browser.startTracing(page, { categories: CATEGORIES });
    const open = await openAndWaitDrawn(page, `${base}/diagrams/${fuid}`);
    const trace = JSON.parse((await browser.stopTracing()).toString());
    const before = totals.cpu;
    summarize(trace.traceEvents, totals);
    console.log(
      `open ${SIZE} #${i + 1}: painted at ${Math.round(open.painted)} ms, main thread CPU ${Math.round((totals.cpu - before) / 1000)} ms (load ${load()})`,
    );
    await page.close();
  }
  console.log(`\nper open (mean of ${RUNS}), ms: main thread CPU ${Math.round(totals.cpu / 1000 / RUNS)}`);
  console.log(`  CPU of the page's process by thread:\n${top(totals.byThread)}`);
  console.log(`  self CPU by trace event:\n${top(totals.byEvent)}`);
  console.log(`  sampled script (${Math.round(totals.sampled / 1000 / RUNS)} ms) by file:\n${top(totals.byFile)}`);
  console.log(`  sampled script by source (packages by name):\n${top(totals.byModule, TOP * 2)}`);
  console.log(`  sampled script by nearest caller in our code:\n${top(totals.byCaller, TOP * 2)}`);
  console.log(`  sampled script by function:\n${top(totals.byFunction, TOP * 2)}`);
});
