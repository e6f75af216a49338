import { execFile, execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { promisify } from 'node:util';
import { mkdtempSync, readFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { repoPaths } from '../api/src/core/paths.js';
import { embeddedDatabaseUrl } from '../api/src/core/prisma/embedded-database.js';
import { freePort, runNode, startBuiltAppProcess, waitForReady } from './support/built-app.js';

function processesUsing(dataDir: string): string {
  try {
    return execFileSync('pgrep', ['-af', dataDir], { encoding: 'utf8' });
  } catch {
    return ''; // pgrep exits 1 when nothing matches
  }
}

describe('npm start on a bare machine', () => {
  it('starts embedded PostgreSQL, serves the app, lets the tools use its database, and stops on Ctrl-C within 3 s', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'lw-start-'));
    const port = await freePort();
    const postgresPort = await freePort();
    const app = runNode('scripts/start.mjs', [], {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      EMBEDDED_POSTGRES_PORT: String(postgresPort),
    });
    const url = `http://127.0.0.1:${port}`;
    let stoppedIn = Infinity;
    try {
      await waitForReady(url, app, 90_000);
      const ready = await (await fetch(`${url}/api/health/ready`)).json();
      expect(ready.checks.queue).toEqual({ status: 'up', mode: 'in-process' });
      expect(await (await fetch(`${url}/`)).text()).toContain(
        '<h1>Design game economies you can run, not just read</h1>',
      );
      expect(processesUsing(dataDir)).toContain('postgres');
      const instanceId = /Instance ID: ([0-9a-f-]{36})/.exec(app.output())?.[1];
      expect(instanceId).toBeTruthy();
      expect(app.output()).toMatch(/background jobs run inside this process/);

      // While it runs, the tools use its embedded PostgreSQL (whatever port they were told), and a
      // second app on the same data directory says in one line why it cannot start.
      const tools = { DATA_DIR: dataDir, EMBEDDED_POSTGRES_PORT: String(await freePort()) };
      const seed = runNode('scripts/start.mjs', ['--seed-demo'], tools);
      expect(await seed.exited(), seed.output()).toBe(0);
      expect(seed.output()).toMatch(/using the embedded PostgreSQL of the running app/);
      const id = runNode('scripts/start.mjs', ['--instance-id'], tools);
      expect(await id.exited(), id.output()).toBe(0);
      expect(id.output().trim()).toBe(instanceId);
      const second = runNode('scripts/start.mjs', [], { ...tools, PORT: String(await freePort()), HOST: '127.0.0.1' });
      expect(await second.exited()).toBe(1);
      expect(second.output()).toMatch(/already running .*Stop it first/);
      expect(second.output()).not.toMatch(/^\s+at /m);
      expect((await fetch(`${url}/api/health/ready`)).status).toBe(200);
      // Idle: the embedded server's timed checkpoint (every 30 s) has written the seed out. Run it now
      // instead of waiting for it.
      const client = new pg.Client({ connectionString: embeddedDatabaseUrl(postgresPort) });
      await client.connect();
      await client.query('CHECKPOINT');
      await client.end();
    } finally {
      const started = Date.now();
      const exitCode = await app.stop('SIGINT');
      stoppedIn = Date.now() - started;
      expect(exitCode).toBe(0);
    }
    expect(processesUsing(dataDir)).toBe('');
    // Ctrl-C on an idle app: under 3 s, PostgreSQL included (printed with the load, for the record).
    console.log(`ctrl-c stop: ${stoppedIn} ms (load ${loadavg()[0].toFixed(1)})`);
    expect(stoppedIn).toBeLessThan(3000);
  }, 240_000);
});

describe.skipIf(!inject('redisUrl'))('npm start with DATABASE_URL and REDIS_URL', () => {
  it('hands jobs to `npm run worker` through BullMQ', async () => {
    const prefix = `lwe2e${process.pid}${Date.now()}`;
    const app = await startBuiltAppProcess({ REDIS_URL: inject('redisUrl')!, REDIS_PREFIX: prefix });
    const worker = runNode('scripts/start.mjs', ['--worker'], {
      DATABASE_URL: app.databaseUrl,
      REDIS_URL: inject('redisUrl')!,
      REDIS_PREFIX: prefix,
      LOG_LEVEL: 'info',
    });
    const client = new pg.Client({ connectionString: app.databaseUrl });
    await client.connect();
    try {
      const ready = await (await fetch(`${app.url}/api/health/ready`)).json();
      expect(ready.checks.queue).toEqual({ status: 'up', mode: 'redis' });
      // The app enqueued a heartbeat at start; only the worker process can have handled it.
      let heartbeat: { pid: number; requestedBy: string } | undefined;
      for (let i = 0; i < 200 && !heartbeat; i++) {
        const { rows } = await client.query("SELECT value FROM instance_settings WHERE key = 'worker.heartbeat'");
        heartbeat = rows[0]?.value;
        if (!heartbeat) await new Promise((r) => setTimeout(r, 100));
      }
      expect(heartbeat, worker.output()).toMatchObject({ requestedBy: 'app', pid: worker.child.pid });
      // The completion line is logged just after the handler wrote the heartbeat.
      for (let i = 0; i < 50 && !/"msg":"job completed"/.test(worker.output()); i++)
        await new Promise((r) => setTimeout(r, 100));
      expect(worker.output()).toMatch(/"msg":"job completed"/);
    } finally {
      await client.end();
      const workerExit = await worker.stop('SIGTERM');
      await app.close();
      expect(workerExit).toBe(0);
    }
  });
});

describe('what a newcomer meets before the app runs', () => {
  it('engines: every Node that package.json accepts is one every dependency accepts (no EBADENGINE on npm install)', () => {
    const semver = createRequire(import.meta.url)('semver') as { subset(range: string, of: string): boolean };
    const ours = JSON.parse(readFileSync(path.join(repoPaths.root, 'package.json'), 'utf8')).engines.node as string;
    const lock = JSON.parse(readFileSync(path.join(repoPaths.root, 'package-lock.json'), 'utf8'));
    const narrower = Object.entries(lock.packages as Record<string, { engines?: { node?: string } | string[] }>)
      .filter(([name, p]) => name !== '' && p.engines && !Array.isArray(p.engines) && p.engines.node)
      .filter(([, p]) => !semver.subset(ours, (p.engines as { node: string }).node))
      .map(([name, p]) => `${name.replace(/^.*node_modules\//, '')} wants ${(p.engines as { node: string }).node}`);
    expect(narrower).toEqual([]);
  });

  it('builds quietly: a step prints nothing unless it fails (npm start -- --verbose shows the tools’ output)', async () => {
    const script = [
      "import { run } from './scripts/lib.mjs';",
      "await run('tsc', ['--version'], { quiet: true });",
      "console.log('--');",
      "await run('tsc', ['--version']);",
      "await run('tsc', ['-p', 'no-such-project.json'], { quiet: true }).catch((e) => console.log('failed:', e.message));",
    ].join('\n');
    const { stdout, stderr } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script], {
      cwd: repoPaths.root,
    });
    const [quiet, loud] = stdout.split('--\n');
    expect(quiet).toBe('');
    expect(loud).toMatch(/^Version \d/);
    expect(stdout + stderr).toMatch(/no-such-project\.json/);
    expect(stdout).toMatch(/failed: tsc -p no-such-project.json failed/);
  });
});

describe('start-up refusals', () => {
  it('stops with every bad configuration key and why, before touching a database', async () => {
    const app = runNode('api/dist/main.js', [], { PORT: 'eighty', DATABASE_URL: 'mysql://db/x', LOG_LEVEL: 'loud' });
    expect(await app.exited()).toBe(1);
    const output = app.output();
    expect(output).toContain('Invalid configuration:');
    expect(output).toMatch(/- PORT: /);
    expect(output).toMatch(/- DATABASE_URL: must start with postgresql:\/\/ or postgres:\/\//);
    expect(output).toMatch(/- LOG_LEVEL: /);
  });

  it('refuses to run the worker without REDIS_URL, saying why', async () => {
    const worker = runNode('scripts/start.mjs', ['--worker'], { DATABASE_URL: 'postgresql://nobody@127.0.0.1:1/none' });
    expect(await worker.exited()).toBe(1);
    expect(worker.output()).toMatch(/The worker needs REDIS_URL/);
  });
});
