import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { freePort, runNode, waitForReady } from './support/built-app.js';

const INSTANCE_ID = /Instance ID: ([0-9a-f-]{36})/;

describe('the instance ID with embedded PostgreSQL', () => {
  it('is printed at every start, kept in the data directory, and printed by npm run instance-id whether the app runs or not', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'lw-instance-id-'));
    const env = {
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      EMBEDDED_POSTGRES_PORT: String(await freePort()),
      LOG_LEVEL: 'info',
    };
    const startOnce = async () => {
      const port = await freePort();
      const app = runNode('scripts/start.mjs', [], { ...env, PORT: String(port) });
      await waitForReady(`http://127.0.0.1:${port}`, app, 90_000);
      for (let i = 0; i < 50 && !INSTANCE_ID.test(app.output()); i++) await new Promise((r) => setTimeout(r, 100));
      return { app, id: INSTANCE_ID.exec(app.output())?.[1] };
    };
    const printed = async () => {
      const command = runNode('scripts/start.mjs', ['--instance-id'], env);
      const code = await command.exited();
      return { code, out: command.output().trim() };
    };

    const first = await startOnce();
    expect(first.id, first.app.output()).toBeTruthy();
    expect(await printed()).toEqual({ code: 0, out: first.id }); // the embedded server is running
    expect(await first.app.stop('SIGINT')).toBe(0);

    expect(await printed()).toEqual({ code: 0, out: first.id }); // nothing running: it starts and stops PostgreSQL itself
    const second = await startOnce();
    try {
      expect(second.id).toBe(first.id);
      expect(readFileSync(path.join(dataDir, 'instance-id'), 'utf8').trim()).toBe(first.id);
    } finally {
      expect(await second.app.stop('SIGINT')).toBe(0);
    }
  }, 240_000);
});
