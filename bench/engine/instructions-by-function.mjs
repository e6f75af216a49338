// Instructions per node-step by function (steady state), for the same window as instructions.sh: callgrind
// counts 2 and 8 runs of bench/engine/steady-runs.mjs, V8 writes where it put each compiled function
// (--perf-basic-prof), and the difference of the two counts is printed per function. A function's figure
// includes what V8 inlined into it; inlining moves when callees change size, so compare totals too.
//   node bench/engine/instructions-by-function.mjs [ROOT] [TOP]   ROOT: a checkout with a built engine
// Build first (npx tsc -b packages/engine). Needs valgrind; takes minutes.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(process.argv[2] ?? fileURLToPath(new URL('../../', import.meta.url)));
const top = Number(process.argv[3] ?? 30);

/** Instructions per function name of one process doing `runs` measured runs, and its node-steps. */
function profile(runs) {
  const dir = mkdtempSync(`${tmpdir()}/instructions-`);
  const stdout = execFileSync(
    'valgrind',
    [
      '--tool=callgrind',
      `--callgrind-out-file=${dir}/cg`,
      process.execPath,
      '--single-threaded',
      '--perf-basic-prof',
      `${root}/bench/engine/steady-runs.mjs`,
      String(runs),
    ],
    // cwd: V8 writes a log file there
    { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'], env: { ...process.env, WARM: '40' }, cwd: dir },
  );
  const nodeSteps = Number(/node_steps=(\d+)/.exec(stdout)[1]);
  const pid = /^pid: (\d+)$/m.exec(readFileSync(`${dir}/cg`, 'utf8').slice(0, 1000))[1];
  const map = readFileSync(`/tmp/perf-${pid}.map`, 'utf8')
    .trim()
    .split('\n')
    .map((line) => {
      const [start, size, ...name] = line.split(' ');
      return { start: parseInt(start, 16), end: parseInt(start, 16) + parseInt(size, 16), name: name.join(' ') };
    })
    .sort((a, b) => a.start - b.start);
  const nameAt = (address) => {
    let lo = 0,
      hi = map.length - 1,
      found = null;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (map[mid].start <= address) ((found = map[mid]), (lo = mid + 1));
      else hi = mid - 1;
    }
    return found && address < found.end ? found.name.replace(/^JS:[*+~^]?'?/, '').replace(/file:\/\/\S*\//, '') : null;
  };
  const text = execFileSync('callgrind_annotate', ['--threshold=100', `${dir}/cg`], {
    encoding: 'utf8',
    maxBuffer: 1 << 28,
  });
  const byName = new Map();
  for (const line of text.split('\n')) {
    const m = /^\s*([\d,]+) \([\s\d.]+%\)\s+(.*)$/.exec(line);
    if (!m || m[2].startsWith('PROGRAM TOTALS')) continue;
    const jit = /\?\?\?:0x([0-9a-f]+) \[\?\?\?\]/.exec(m[2]);
    const name = jit
      ? (nameAt(parseInt(jit[1], 16)) ?? 'other generated code')
      : m[2].replace(/^\?\?\?:| \[.*\]$/g, '');
    byName.set(name, (byName.get(name) ?? 0) + Number(m[1].replace(/,/g, '')));
  }
  rmSync(dir, { recursive: true });
  rmSync(`/tmp/perf-${pid}.map`);
  return { nodeSteps, byName };
}

const a = profile(2),
  b = profile(8);
const steps = b.nodeSteps - a.nodeSteps;
const diff = new Map(b.byName);
for (const [name, n] of a.byName) diff.set(name, (diff.get(name) ?? 0) - n);
const rows = [...diff].sort((x, y) => y[1] - x[1]);
console.log(`total ${(rows.reduce((s, [, n]) => s + n, 0) / steps).toFixed(1)} instructions per node-step`);
for (const [name, n] of rows.slice(0, top)) console.log(`${(n / steps).toFixed(1).padStart(7)} ${name}`);
