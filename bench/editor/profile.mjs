// Where the editor's time goes, from Chromium performance traces: opens the 1,000-element diagram (or PROFILE_SIZE),
// pans and drags as opened, fits, pans and drags with all in view, plays a quick run, and prints per phase the main
// thread's self time by trace event (script, style, layout, paint…) and the busiest script functions; for a drag,
// also its main-thread CPU at the pick-up, per move and frame while moving, and at the drop (drag-cpu.mjs).
// Writes each trace to $PROFILE_DIR (default /tmp) for chrome://tracing or DevTools.
//   node bench/editor/profile.mjs
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { dragCpu, mainThread } from './drag-cpu.mjs';
import { measureFrames, paneSpot } from './frames.mjs';
import { openAndWaitDrawn } from './open.mjs';
import { laidOut, withEditorBench } from './setup.mjs';
import { centreOf, fitAll } from './view.mjs';

const dir = process.env.PROFILE_DIR ?? '/tmp';
const CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8.execute',
  'blink',
  'cc',
  'disabled-by-default-devtools.timeline.frame',
  'disabled-by-default-v8.cpu_profiler',
].join(',');

/** Self time per event name on the renderer's main thread, and per script function from the sampled CPU profile. */
function summarize(trace) {
  const events = trace.traceEvents;
  const { main, own } = mainThread(events);
  const self = new Map();
  const stack = [];
  for (const e of own) {
    while (stack.length && stack[stack.length - 1].ts + stack[stack.length - 1].dur <= e.ts) stack.pop();
    const parent = stack[stack.length - 1];
    if (parent) self.set(parent.name, (self.get(parent.name) ?? 0) - e.dur);
    self.set(e.name, (self.get(e.name) ?? 0) + e.dur);
    stack.push(e);
  }
  const byName = [...self]
    .filter(([, us]) => us > 5000)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 14);
  // Sampled profile: ProfileChunk events carry nodes and samples.
  const nodes = new Map();
  const hits = new Map();
  const profiles = new Set(
    events.filter((e) => e.name === 'Profile' && e.pid === main.pid && e.tid === main.tid).map((e) => e.id),
  );
  for (const e of events) {
    if (e.name !== 'ProfileChunk' || e.pid !== main.pid || !profiles.has(e.id)) continue;
    const p = e.args.data.cpuProfile ?? {};
    for (const n of p.nodes ?? []) nodes.set(n.id, n.callFrame);
    const deltas = e.args.data.timeDeltas ?? [];
    (p.samples ?? []).forEach((id, i) => hits.set(id, (hits.get(id) ?? 0) + (deltas[i] ?? 0)));
  }
  const fn = new Map();
  for (const [id, us] of hits) {
    const f = nodes.get(id);
    if (!f) continue;
    const key = `${f.functionName || '(anonymous)'} ${f.url ? path.basename(f.url) : ''}:${f.lineNumber + 1}:${f.columnNumber + 1}`;
    fn.set(key, (fn.get(key) ?? 0) + us);
  }
  const byFn = [...fn].sort((a, b) => b[1] - a[1]).slice(0, 14);
  return { byName, byFn };
}

async function traced(browser, page, label, action) {
  await browser.startTracing(page, { categories: CATEGORIES.split(',') });
  const t0 = performance.now();
  await action();
  const wall = performance.now() - t0;
  const buffer = await browser.stopTracing();
  const file = path.join(dir, `editor-${label.replace(/\W+/g, '-')}.json`);
  writeFileSync(file, buffer);
  const trace = JSON.parse(buffer.toString());
  const { byName, byFn } = summarize(trace);
  console.log(`\n${label} (${Math.round(wall)} ms wall, trace ${file})`);
  console.log(`  main thread self time: ${byName.map(([n, us]) => `${n} ${Math.round(us / 1000)}`).join(', ')} ms`);
  console.log(`  script functions (sampled): ${byFn.map(([n, us]) => `${n} ${Math.round(us / 1000)}`).join(', ')} ms`);
  const drag = dragCpu(trace);
  if (drag)
    console.log(
      `  press-move-release, main-thread CPU: pick-up ${drag.pickUpMs.toFixed(1)} ms; moving ${Math.round(drag.movingMs)} ms = ${(drag.movingMs / drag.moves).toFixed(2)} ms per move (${drag.moves}), ${(drag.movingMs / drag.frames).toFixed(2)} ms per frame (${drag.frames}); drop ${drag.dropMs.toFixed(1)} ms`,
    );
}

// PROFILE_SIZE=5000 profiles the 5,000-element diagram instead (beyond the product's limit, see run.mjs).
const size = Number(process.env.PROFILE_SIZE ?? 1000);

await withEditorBench(async ({ base, browser, context, create, createLarge }) => {
  const doc = size > 2000 ? laidOut(size, 100) : laidOut(size);
  const fuid = size > 2000 ? await createLarge(`Profile ${size}`, doc) : await create(`Profile ${size}`, doc);
  const page = await context.newPage();
  await traced(browser, page, 'open', async () => {
    const o = await openAndWaitDrawn(page, `${base}/diagrams/${fuid}`);
    console.log(
      `open: drawn at ${Math.round(o.drawn)} ms (diagram at ${Math.round(o.diagram)} ms, code at ${Math.round(o.editorCode)} ms)`,
    );
  });
  await page.waitForTimeout(500);
  const spot = await paneSpot(page);
  await traced(browser, page, 'pan as opened', () => measureFrames(page, spot, { dx: -500, dy: -200 }));
  await traced(browser, page, 'drag as opened', async () =>
    measureFrames(page, await centreOf(page, doc.nodes[0]), { dx: 160, dy: 60 }),
  );
  // Far out, the elements are drawn on the overview canvas rather than as React Flow nodes: fitAll waits for either.
  await traced(browser, page, 'fit', () => fitAll(page, size - 1, doc.connections.length * 0.9));
  const all = await paneSpot(page);
  await traced(browser, page, 'pan all in view', () => measureFrames(page, all, { dx: 300, dy: 120 }));
  await traced(browser, page, 'drag all in view', async () =>
    measureFrames(page, await centreOf(page, doc.nodes[Math.floor(size / 2)]), { dx: 200, dy: 80 }),
  );
  await page.getByLabel('Speed').selectOption({ label: '8 steps/s' });
  await page.getByRole('button', { name: '▶ Quick run' }).click();
  await page.locator('.run-toolbar__step').waitFor({ timeout: 60_000 });
  await traced(browser, page, 'animated run, all in view', () => page.waitForTimeout(2000));
});
