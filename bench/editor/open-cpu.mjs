// CPU time of a cold open, per process, beside its wall time: on a shared machine the wall time of an
// open mostly measures the wait for a CPU, while the CPU each process spends on it barely moves with
// the load. Opens the 1,000- (or OPEN_SIZE) element diagram OPEN_RUNS times (default 5) in a new tab and
// prints, per open, in ms: the wall time to the drawn canvas painted (as bench:editor's open figure),
// the CPU time of the app and of Chromium's processes until then (the page's renderers, the browser,
// the renderers of the browser's own UI — the omnibox popup's WebUI, built again only when a context's
// last tab closed, which setup.mjs's kept tab prevents —, the GPU and utility processes), the app's and the page's CPU in the 1.5 s after (the live document's first
// sync), and the app's CPU when the tab closes. Medians at the end.
// Linux only (/proc); clock ticks of 10 ms.   node bench/editor/open-cpu.mjs
import { readdirSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { openAndWaitDrawn } from './open.mjs';
import { laidOut, withEditorBench } from './setup.mjs';

const SIZE = Number(process.env.OPEN_SIZE ?? 1000);
const RUNS = Number(process.env.OPEN_RUNS ?? 5);
const TICK_MS = 10;
const AFTER_MS = 1500;
const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

/** Every process under this one: pid, parent, CPU ticks (user + system), command line. */
function processes() {
  const all = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const cmd = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      all.push({ pid: Number(entry), ppid: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]), cmd });
    } catch {
      // gone meanwhile
    }
  }
  const mine = new Set([process.pid]);
  for (let grew = true; grew;) {
    grew = false;
    for (const p of all)
      if (!mine.has(p.pid) && mine.has(p.ppid)) {
        mine.add(p.pid);
        grew = true;
      }
  }
  return all.filter((p) => p.pid !== process.pid && mine.has(p.pid));
}

/** CPU ticks by role: the app; Chromium's page renderers, its own UI's renderers (top-chrome WebUI), other processes by type. */
function ticks() {
  const out = {};
  for (const p of processes()) {
    const role = p.cmd.includes('main.js')
      ? 'app'
      : !p.cmd.includes('chrom')
        ? null
        : p.cmd.includes('--type=renderer')
          ? p.cmd.includes('--top-chrome-webui')
            ? 'browserUi'
            : 'page'
          : (/--type=([a-z-]+)/.exec(p.cmd)?.[1] ?? 'browser');
    if (role) out[role] = (out[role] ?? 0) + p.ticks;
  }
  return out;
}

const ROLES = ['app', 'page', 'browser', 'browserUi', 'gpu-process', 'utility'];
const spent = (from, to) => Object.fromEntries(ROLES.map((k) => [k, ((to[k] ?? 0) - (from[k] ?? 0)) * TICK_MS]));

await withEditorBench(async ({ base, context, create, createLarge }) => {
  const document = SIZE > 1000 ? laidOut(SIZE, 100) : laidOut(SIZE);
  const fuid = SIZE > 1000 ? await createLarge(`Bench ${SIZE}`, document) : await create(`Bench ${SIZE}`, document);
  const rows = [];
  for (let i = 0; i < RUNS; i++) {
    const page = await context.newPage();
    const t0 = ticks();
    const open = await openAndWaitDrawn(page, `${base}/diagrams/${fuid}`);
    const t1 = ticks();
    await new Promise((r) => setTimeout(r, AFTER_MS));
    const t2 = ticks();
    await page.close();
    await new Promise((r) => setTimeout(r, AFTER_MS));
    const t3 = ticks();
    const after = spent(t1, t2);
    const row = {
      wall: Math.round(open.painted),
      ...spent(t0, t1),
      appAfter: after.app,
      pageAfter: after.page,
      appClose: spent(t2, t3).app,
    };
    rows.push(row);
    console.log(`open ${SIZE} #${i + 1} (load ${load()}): ${JSON.stringify(row)}`);
  }
  const median = Object.fromEntries(
    Object.keys(rows[0]).map((k) => [k, rows.map((r) => r[k]).sort((a, b) => a - b)[Math.floor(rows.length / 2)]]),
  );
  console.log(`median ${SIZE}: ${JSON.stringify(median)}`);
  console.log(`# load average at the end ${load()}`);
});
