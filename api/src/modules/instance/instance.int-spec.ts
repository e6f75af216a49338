import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { InstanceService } from './instance.service.js';

describe('instance ID', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app?.close());

  it('is generated at the first start and kept afterwards', async () => {
    const instance = app.http.app.get(InstanceService);
    expect(await instance.instanceId()).toBeUndefined();
    const first = await instance.ensureInstanceId();
    const second = await instance.ensureInstanceId();
    expect(first.created).toBe(true);
    expect(second).toEqual({ id: first.id, created: false });
    expect(await instance.instanceId()).toBe(first.id);
  });

  it('is the same when two processes start at once', async () => {
    const other = await startTestApp();
    try {
      const results = await Promise.all([
        other.http.app.get(InstanceService).ensureInstanceId(),
        other.http.app.get(InstanceService).ensureInstanceId(),
      ]);
      expect(results[0].id).toBe(results[1].id);
      expect(results.filter((r) => r.created)).toHaveLength(1);
    } finally {
      await other.close();
    }
  });

  it('is written to the data directory at every start', async () => {
    const dataDir = path.join(mkdtempSync(path.join(tmpdir(), 'lw-instance-')), 'nested');
    const other = await startTestApp({ databaseUrl: app.databaseUrl, env: { DATA_DIR: dataDir } });
    try {
      const id = await other.http.app.get(InstanceService).announceInstanceId();
      expect(id).toBe(await app.http.app.get(InstanceService).instanceId());
      expect(readFileSync(path.join(dataDir, 'instance-id'), 'utf8').trim()).toBe(id);
    } finally {
      await other.close();
    }
  });
});
