import { appendFileSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, expect } from 'vitest';

// TEST_CPU_LOG=file (any project): one JSON line per test file with the CPU seconds its worker used from
// before the file was imported to after its last hook, processes it started and waited for included (the
// app, Chromium, npm). CPU time, unlike wall time, stays meaningful on a machine other work shares.
const CLOCK_TICKS_PER_SECOND = 100;

function cpuSeconds(): { own: number; children: number } {
  const stat = readFileSync('/proc/self/stat', 'utf8');
  // After "pid (comm) ": state ppid … utime stime cutime cstime are the 12th to 15th fields.
  const fields = stat
    .slice(stat.lastIndexOf(')') + 2)
    .split(' ')
    .map(Number);
  return {
    own: (fields[11] + fields[12]) / CLOCK_TICKS_PER_SECOND,
    children: (fields[13] + fields[14]) / CLOCK_TICKS_PER_SECOND,
  };
}

const start = cpuSeconds();
const started = Date.now();

afterAll(() => {
  const end = cpuSeconds();
  const line = {
    file: path.relative(process.cwd(), expect.getState().testPath ?? ''),
    own: +(end.own - start.own).toFixed(2),
    children: +(end.children - start.children).toFixed(2),
    wall: (Date.now() - started) / 1000,
    pid: process.pid,
  };
  appendFileSync(process.env.TEST_CPU_LOG!, `${JSON.stringify(line)}\n`);
});
