// Editor benchmark in headless Chromium against the built app (`npm run build`), generated diagrams
// laid out on a grid. Prints one `name=value` line per figure, then whether each target is met:
//  - open_<n>_ms: navigation start → the elements in view drawn, stable for three frames and painted
//    (median of three loads in a new tab);
//  - pan/zoom/drag with every element in view (Fit), run_1000: an animated quick run at 8 steps/s —
//    requestAnimationFrame deltas (p50, p95 in ms; fps = 1000 / mean delta);
//  - heap_5000_mb: JS heap after opening 5,000 elements, after a garbage collection;
//  - multiple runs of a 100-element diagram (1,000 runs × 100 steps, Web Worker pool).
// A throw-away database on DATABASE_URL's server (default the local PostgreSQL); traffic stays on
// 127.0.0.1 and stops by itself.   node bench/editor/run.mjs
import { loadavg } from 'node:os';
import { frameStats, measureFrames, measureWheel, paneSpot, startFrames, stopFrames } from './frames.mjs';
import { openAndWaitDrawn } from './open.mjs';
import { laidOut, withEditorBench } from './setup.mjs';
import { centreOf, fitAll } from './view.mjs';

const TARGETS = {
  pan_1000_p50_ms: ['≤', 16.7],
  pan_1000_p95_ms: ['≤', 25],
  zoom_1000_p50_ms: ['≤', 16.7],
  zoom_1000_p95_ms: ['≤', 25],
  pan_5000_fps: ['≥', 30],
  drag_5000_fps: ['≥', 60],
  open_1000_ms: ['<', 1000],
  open_5000_ms: ['<', 2500],
  run_1000_fps: ['≥', 50],
  heap_5000_mb: ['<', 300],
};
const figures = {};
const put = (name, value) => {
  figures[name] = value;
  console.log(`${name}=${value}`);
};
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
/** The 1, 5 and 15 minute load averages: an open on a busy machine waits for the CPU (printed with the figures). */
const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
const frames = (prefix, deltas) => {
  const s = frameStats(deltas);
  put(`${prefix}_p50_ms`, +s.p50.toFixed(1));
  put(`${prefix}_p95_ms`, +s.p95.toFixed(1));
  put(`${prefix}_fps`, Math.round(1000 / s.mean));
};

/** Opens the diagram three times in a new tab each; returns the last page. */
async function opens(context, url, name) {
  const times = [];
  let page;
  for (let i = 0; i < 3; i++) {
    await page?.close();
    page = await context.newPage();
    times.push((await openAndWaitDrawn(page, url)).painted);
  }
  put(`open_${name}_ms`, Math.round(median(times)));
  console.log(`# open ${name}: ${times.map((t) => Math.round(t)).join(', ')} ms; load average ${load()}`);
  return page;
}

/** Element and connection views rendered while `work` runs (see canvas/render-count.ts). */
async function renders(page, name, work) {
  await page.evaluate(() => {
    window.__lwRenders = {};
  });
  const result = await work();
  const counts = await page.evaluate(() => {
    const c = window.__lwRenders;
    delete window.__lwRenders;
    return c;
  });
  put(`renders_${name}_elements`, counts.element ?? 0);
  put(`renders_${name}_connections`, counts.connection ?? 0);
  return result;
}

await withEditorBench(async ({ base, context, create, createLarge }) => {
  const big = laidOut(1000);
  big.settings.stepsLimit = 200;
  const huge = laidOut(5000, 100);
  const bigFuid = await create('Bench 1000', big);
  const hugeFuid = await createLarge('Bench 5000', huge);
  console.log(
    `# Loopwright editor benchmark — Chromium headless 1440×900; ${big.nodes.length} elements / ${big.connections.length} connections and ${huge.nodes.length} / ${huge.connections.length}`,
  );
  console.log(`load_average_start=${load()}`);

  let page = await opens(context, `${base}/diagrams/${bigFuid}`, '1000');
  await fitAll(page, 1000, big.connections.length * 0.9);
  frames(
    'pan_1000',
    await renders(page, 'pan_1000', async () => measureFrames(page, await paneSpot(page), { dx: 300, dy: 120 })),
  );
  frames('zoom_1000', await measureWheel(page, await paneSpot(page), 10));
  await fitAll(page, 1000, big.connections.length * 0.9);
  frames(
    'drag_1000',
    await renders(page, 'drag_1000', async () =>
      measureFrames(page, await centreOf(page, big.nodes[500]), { dx: 200, dy: 80 }),
    ),
  );
  // Animated run: resources moving along every connection with a flow, values on the elements.
  await page.getByLabel('Speed').selectOption({ label: '8 steps/s' });
  await page.getByRole('button', { name: '▶ Quick run' }).click();
  await page.locator('.run-toolbar__step').waitFor({ timeout: 60_000 });
  const steps = () =>
    page
      .locator('.run-toolbar__step')
      .textContent()
      .then((t) => Number(/Step (\d+)/.exec(t)?.[1] ?? 0));
  const firstStep = await steps();
  await renders(page, 'run_1000', async () => {
    await startFrames(page);
    await page.waitForTimeout(3000);
    frames('run_1000', await stopFrames(page));
  });
  put('run_1000_steps_played', (await steps()) - firstStep);
  await page.close();

  page = await opens(context, `${base}/diagrams/${hugeFuid}`, '5000');
  const cdp = await context.newCDPSession(page);
  await cdp.send('HeapProfiler.collectGarbage');
  put('heap_5000_mb', Math.round((await cdp.send('Runtime.getHeapUsage')).usedSize / 1e6));
  await fitAll(page, 5000, huge.connections.length * 0.9);
  frames('pan_5000', await measureFrames(page, await paneSpot(page), { dx: 300, dy: 120 }));
  frames('drag_5000', await measureFrames(page, await centreOf(page, huge.nodes[2500]), { dx: 200, dy: 80 }));
  await page.close();

  const mid = laidOut(100);
  mid.settings.stepsLimit = 100;
  const p2 = await context.newPage();
  await p2.goto(`${base}/diagrams/${await create('Bench 100', mid)}`);
  await p2.getByTestId('editor').waitFor({ timeout: 60_000 });
  await p2.getByLabel('Runs', { exact: true }).fill('1000');
  await p2.getByLabel('Where to run').selectOption('browser');
  const batches = [];
  for (let i = 0; i < 3; i++) {
    batches.push(
      await p2.evaluate(
        () =>
          new Promise((resolve) => {
            const button = [...document.querySelectorAll('button')].find((b) => b.textContent === 'Multiple runs');
            const t0 = performance.now();
            const check = () => {
              const caption = document.querySelector('.chart-panel__caption')?.textContent ?? '';
              if (
                caption.includes('1000 of 1000 runs') &&
                document.querySelector('[data-testid="chart-canvas"] canvas')
              )
                resolve(performance.now() - t0);
              else requestAnimationFrame(check);
            };
            button.click();
            requestAnimationFrame(check);
          }),
      ),
    );
    await p2.waitForTimeout(500);
  }
  put('multiple_runs_100x1000x100_ms', Math.round(median(batches)));
  await p2.close();

  const end = load();
  console.log(`load_average_end=${end}`);
  for (const [name, [op, limit]] of Object.entries(TARGETS)) {
    const v = figures[name];
    const met = op === '≤' ? v <= limit : op === '≥' ? v >= limit : v < limit;
    console.log(`target_${name}=${met ? 'met' : 'missed'} (${v} ${op} ${limit}; load average ${end})`);
  }
});
