import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { adminQuery, cloneTemplate, dropRunDatabases, runDatabasePrefix } from './test-database.js';

const adminUrl = inject('databaseAdminUrl');
const template = inject('databaseTemplate');

async function exists(name: string): Promise<boolean> {
  return (await adminQuery(adminUrl, 'SELECT 1 FROM pg_database WHERE datname = $1', [name])).length > 0;
}

describe('test databases', () => {
  it('clones the migrated template with commits that do not wait for the disk', async () => {
    const prefix = runDatabasePrefix();
    const database = await cloneTemplate(adminUrl, template, prefix);
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      expect((await client.query('SHOW synchronous_commit')).rows[0]).toEqual({ synchronous_commit: 'off' });
      expect((await client.query("SELECT to_regclass('public.users') AS users")).rows[0].users).toBe('users');
    } finally {
      await client.end();
      await dropRunDatabases(adminUrl, prefix);
    }
  });

  it("drops the run's databases at its end, and no other run's", async () => {
    const [mine, other] = [runDatabasePrefix(), runDatabasePrefix()];
    const a = await cloneTemplate(adminUrl, template, mine);
    const b = await cloneTemplate(adminUrl, template, mine);
    const theirs = await cloneTemplate(adminUrl, template, other);
    await dropRunDatabases(adminUrl, mine);
    expect([await exists(a.name), await exists(b.name), await exists(theirs.name)]).toEqual([false, false, true]);
    await dropRunDatabases(adminUrl, other);
    expect(await exists(theirs.name)).toBe(false);
  });
});
