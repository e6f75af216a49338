// wrk (apt-get install wrk) as the load generator for GET phases: a C client that leaves the app most
// of the machine, where Node's fetch in the benchmark's own process would take a core from it.
import { execFile, spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Whether wrk is installed and wanted (BENCH_CLIENT=fetch keeps Node's fetch). */
export const wrkAvailable = () =>
  process.env.BENCH_CLIENT !== 'fetch' && spawnSync('wrk', ['--version']).error === undefined;

/** A lua script for wrk: the path (a page number drawn per request when `{page}` is in it), the headers, and a JSON summary at the end. */
function wrkScript(pathTemplate, headers) {
  const lines = Object.entries(headers).map(
    ([name, value]) => `wrk.headers[${JSON.stringify(name)}] = ${JSON.stringify(value)}`,
  );
  return `${lines.join('\n')}
request = function()
  local p = string.gsub(${JSON.stringify(pathTemplate)}, "{page}", tostring(math.random(1, 50)))
  return wrk.format("GET", p)
end
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format('\\nRESULT {"requests":%d,"us":%d,"p50":%.3f,"p95":%.3f,"p99":%.3f,"failed":%d,"errors":%d}\\n',
    summary.requests, summary.duration, latency:percentile(50) / 1000, latency:percentile(95) / 1000, latency:percentile(99) / 1000,
    e.status, e.connect + e.read + e.write + e.timeout))
end
`;
}

/**
 * `concurrency` connections from one wrk thread for `seconds` on GET `pathTemplate`: requests, their
 * rate, p50/p95/p99 in ms, "failed" (non-2xx/3xx answers) and "errors" (socket errors, timeouts).
 */
export async function runWrk({ base, pathTemplate, headers = {}, concurrency, seconds }) {
  const script = path.join(mkdtempSync(path.join(os.tmpdir(), 'lw-wrk-')), 'phase.lua');
  writeFileSync(script, wrkScript(pathTemplate, headers));
  const out = await new Promise((resolve, reject) =>
    execFile('wrk', ['-t1', `-c${concurrency}`, `-d${seconds}s`, '-s', script, base], (error, stdout) =>
      error ? reject(error) : resolve(stdout),
    ),
  );
  const r = JSON.parse(/RESULT (.*)/.exec(out)[1]);
  return { ...r, rps: Math.round(r.requests / (r.us / 1e6)) };
}
