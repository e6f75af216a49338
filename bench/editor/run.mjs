// Editor benchmark in headless Chromium against the built app (`npm run build`):
//  - a 1,000-element diagram: time to open (navigation to nodes on the canvas), frame times while
//    panning and while dragging an element (requestAnimationFrame deltas), fit-to-view and zoomed in;
//  - a 100-element diagram: time from pressing "Multiple runs" (1,000 runs × 100 steps, Web
//    Worker pool) to the chart drawn, and from pressing "Quick run" to the chart of the run.
// A throw-away database on DATABASE_URL's server (default the local PostgreSQL). Traffic stays on
// 127.0.0.1 and stops by itself.   node bench/editor/run.mjs
import { loadavg } from 'node:os';
import { runBatch } from '../../packages/engine/dist/index.js';
import { frameStats, measureFrames, paneSpot } from './frames.mjs';
import { openAndWaitDrawn } from './open.mjs';
import { laidOut, withEditorBench } from './setup.mjs';

await withEditorBench(async ({ base, context, create }) => {
  const big = laidOut(1000);
  const bigFuid = await create('Bench 1000', big);
  console.log(`Loopwright editor benchmark — Chromium headless, ${big.nodes.length} elements and ${big.connections.length} connections; load average ${loadavg().map((l) => l.toFixed(1)).join(' ')}\n`);

  const opens = [];
  let page;
  for (let i = 0; i < 3; i++) {
    page?.close();
    page = await context.newPage();
    opens.push(await openAndWaitDrawn(page, `${base}/diagrams/${bigFuid}`));
  }
  console.log(`open, from navigation start (3 loads): ${opens[0].nodes} elements in view and ${opens[0].edges} connections drawn at ${opens.map((o) => `${Math.round(o.drawn)} ms`).join(', ')}; next frame painted ${opens.map((o) => `${Math.round(o.painted)} ms`).join(', ')} (editor code loaded at ${opens.map((o) => `${Math.round(o.editorCode)} ms`).join(', ')}; diagram at ${opens.map((o) => `${Math.round(o.diagram)} ms`).join(', ')}; session at ${opens.map((o) => `${Math.round(o.user)} ms`).join(', ')})`);
  const zoomedSpot = await paneSpot(page);
  const report = (label, deltas) => {
    const s = frameStats(deltas);
    console.log(`${label.padEnd(34)} frames ${String(s.frames).padStart(4)}  mean ${s.mean.toFixed(1)} ms (${(1000 / s.mean).toFixed(0)} fps)  p50 ${s.p50.toFixed(1)}  p95 ${s.p95.toFixed(1)}  max ${s.max.toFixed(1)} ms  over 20 ms: ${s.slow}`);
  };
  report('pan, as opened (elements mount)', await measureFrames(page, zoomedSpot, { dx: -500, dy: -200 }));
  const inView = await page.locator('.react-flow__node').nth(0).boundingBox();
  if (inView) report('drag an element, as opened', await measureFrames(page, { x: inView.x + inView.width / 2, y: inView.y + inView.height / 2 }, { dx: 160, dy: 60 }));
  // Fit: all 1,000 elements and every connection in view.
  const fitAt = await page.evaluate(() => new Promise((resolve) => {
    const t0 = performance.now();
    document.querySelector('[aria-label="Fit the diagram"]').click();
    const check = () => (document.querySelectorAll('.react-flow__node').length >= 1000 && document.querySelectorAll('.react-flow__edge').length >= 1300
      ? requestAnimationFrame(() => resolve(performance.now() - t0)) : requestAnimationFrame(check));
    requestAnimationFrame(check);
  }));
  console.log(`fit (all 1,000 elements and 1,399 connections drawn): ${Math.round(fitAt)} ms`);
  await page.waitForTimeout(500);
  const spot = await paneSpot(page);
  report('pan, all 1,000 in view', await measureFrames(page, spot, { dx: 300, dy: 120 }));
  const nodeBox = await page.locator('.react-flow__node').nth(500).boundingBox();
  report('drag an element, all in view', await measureFrames(page, { x: nodeBox.x + nodeBox.width / 2, y: nodeBox.y + nodeBox.height / 2 }, { dx: 200, dy: 80 }));
  await page.close();

  const mid = laidOut(100);
  mid.settings.stepsLimit = 100;
  const midFuid = await create('Bench 100', mid);
  const p2 = await context.newPage();
  await p2.goto(`${base}/diagrams/${midFuid}`);
  await p2.getByTestId('editor').waitFor({ timeout: 60_000 });
  console.log(`\n${mid.nodes.length}-element diagram, ${mid.connections.length} connections, 100 steps:`);
  await p2.getByLabel('Runs', { exact: true }).fill('1000');
  await p2.getByLabel('Where to run').selectOption('browser');
  for (let i = 0; i < 3; i++) {
    const ms = await p2.evaluate(() => new Promise((resolve) => {
      const button = [...document.querySelectorAll('button')].find((b) => b.textContent === 'Multiple runs');
      const t0 = performance.now();
      const check = () => {
        const caption = document.querySelector('.chart-panel__caption')?.textContent ?? '';
        if (caption.includes('1000 of 1000 runs') && document.querySelector('[data-testid="chart-canvas"] canvas')) resolve(performance.now() - t0);
        else requestAnimationFrame(check);
      };
      button.click();
      requestAnimationFrame(check);
    }));
    console.log(`  1,000 runs × 100 steps, press → chart drawn: ${ms.toFixed(0)} ms`);
    await p2.waitForTimeout(500);
  }
  const quick = await p2.evaluate(() => new Promise((resolve) => {
    const button = [...document.querySelectorAll('button')].find((b) => b.textContent === '▶ Quick run');
    const t0 = performance.now();
    const check = () => (document.querySelector('.run-toolbar__step') ? resolve(performance.now() - t0) : requestAnimationFrame(check));
    button.click();
    requestAnimationFrame(check);
  }));
  console.log(`  quick run (100 steps with the event log), press → playback ready: ${quick.toFixed(0)} ms`);
  // Control: the engine alone on this machine right now (Node, one thread), same diagram and batch.
  const t0 = performance.now();
  await runBatch(mid, { runs: 1000, steps: 100, seed: 0 });
  console.log(`  control: the engine alone, 1,000 × 100 in Node on one thread: ${(performance.now() - t0).toFixed(0)} ms (load average ${loadavg()[0].toFixed(1)})`);
});
