// Where a cold open of the editor waits: opens the 1,000- and 5,000-element diagrams OPEN_RUNS times each
// (default 5) in a new tab and prints, per open, milliseconds from navigation start to: the HTML received,
// the last script received, the session check and diagram answered, the editor's code received, each
// loading line first shown (account, editor code, diagram), the editor mounted, and the drawn canvas
// painted (as bench:editor's open figure). Medians at the end, with the load average.
//   node bench/editor/open-phases.mjs
import { loadavg } from 'node:os';
import { openAndWaitDrawn } from './open.mjs';
import { laidOut, withEditorBench } from './setup.mjs';

const RUNS = Number(process.env.OPEN_RUNS ?? 5);
const SHOWN = {
  account: '.acc-page-loading-shell',
  code: '.editor-loading',
  doc: '.editor-message[role="status"]',
  editor: '[data-testid="editor"]',
};
const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

const watch = (shown) => {
  const seen = (window.__lwSeen = {});
  const check = () => {
    for (const [name, selector] of Object.entries(shown))
      if (seen[name] === undefined && document.querySelector(selector)) seen[name] = Math.round(performance.now());
  };
  new MutationObserver(check).observe(document, { childList: true, subtree: true });
};

async function phases(context, url) {
  const page = await context.newPage();
  await page.addInitScript(watch, SHOWN);
  const drawn = await openAndWaitDrawn(page, url);
  const more = await page.evaluate(() => {
    const nav = performance.getEntriesByType('navigation')[0];
    const resources = performance.getEntriesByType('resource');
    const scripts = resources.filter((r) => r.initiatorType === 'script' || r.name.endsWith('.js'));
    return {
      html: Math.round(nav.responseEnd),
      domInteractive: Math.round(nav.domInteractive),
      scripts: scripts.length,
      lastScript: Math.round(Math.max(0, ...scripts.map((r) => r.responseEnd))),
      seen: window.__lwSeen,
    };
  });
  await page.close();
  return {
    html: more.html,
    interactive: more.domInteractive,
    scripts: more.scripts,
    lastScript: more.lastScript,
    user: Math.round(drawn.user),
    diagram: Math.round(drawn.diagram),
    editorCode: Math.round(drawn.editorCode),
    ...Object.fromEntries(Object.keys(SHOWN).map((k) => [`shown_${k}`, more.seen?.[k] ?? '-'])),
    drawn: Math.round(drawn.drawn),
    painted: Math.round(drawn.painted),
  };
}

await withEditorBench(async ({ base, context, create, createLarge }) => {
  const big = laidOut(1000);
  const huge = laidOut(5000, 100);
  const targets = { 1000: await create('Bench 1000', big), 5000: await createLarge('Bench 5000', huge) };
  for (const [name, fuid] of Object.entries(targets)) {
    const rows = [];
    for (let i = 0; i < RUNS; i++) {
      const row = await phases(context, `${base}/diagrams/${fuid}`);
      rows.push(row);
      console.log(`open ${name} #${i + 1} (load ${load()}): ${JSON.stringify(row)}`);
    }
    const median = {};
    for (const key of Object.keys(rows[0])) {
      const xs = rows
        .map((r) => r[key])
        .filter((v) => typeof v === 'number')
        .sort((a, b) => a - b);
      median[key] = xs.length ? xs[Math.floor(xs.length / 2)] : '-';
    }
    console.log(`median ${name}: ${JSON.stringify(median)}`);
  }
  console.log(`# load average at the end ${load()}`);
});
