import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { ApiClient } from '../api/test/support/api-client.js';
import { createDiagram, economyDocument } from '../api/test/factories/diagrams.js';
import { adminQuery, withDatabase } from '../api/test/support/test-database.js';
import { runBuiltAppOn, runNode, startBuiltAppProcess, type BuiltAppProcess } from './support/built-app.js';
import { loggedInUser } from './support/own-services.js';

const PNG = Uint8Array.from(Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex'));

/** One query on any database (the helper is named for the admin database, but takes any URL). */
const sql = adminQuery;

/** Every table of the database with its row count and a digest of all its rows. */
async function contents(url: string): Promise<Record<string, string>> {
  const tables = await sql<{ name: string }>(
    url,
    "SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public'",
  );
  const result: Record<string, string> = {};
  for (const { name } of tables) {
    const [row] = await sql<{ n: string; digest: string }>(
      url,
      `SELECT count(*) AS n, md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) AS digest FROM "${name}" t`,
    );
    result[name] = `${row.n} rows ${row.digest}`;
  }
  return result;
}

/** `npm run backup` / `npm run restore` as an administrator runs them (through scripts/start.mjs). */
async function npmRun(flag: '--backup' | '--restore', args: string[], env: Record<string, string>) {
  const command = runNode('scripts/start.mjs', [flag, ...args], { LOG_LEVEL: 'warn', ...env });
  const code = await command.exited();
  return { code, output: command.output() };
}

describe('backup and restore (npm run backup, npm run restore)', () => {
  const adminUrl = inject('databaseAdminUrl');
  const restoredName = `lw_test_restored_${randomUUID().slice(0, 8)}`;
  const restoredUrl = withDatabase(adminUrl, restoredName);
  const backups = mkdtempSync(path.join(tmpdir(), 'lw-backups-'));
  let source: BuiltAppProcess | undefined;
  afterAll(async () => {
    await source?.close();
    await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${restoredName} WITH (FORCE)`);
    rmSync(backups, { recursive: true, force: true });
  });

  it('restores a filled instance into a new database with every user, diagram, version, play, team and subscription', async () => {
    source = await startBuiltAppProcess();
    const db = source.databaseUrl;

    // Fill it: two people (one with a photo), diagrams with several versions, plays, a team with a subscription.
    const alice = await loggedInUser(db, source.url);
    const bob = await loggedInUser(db, source.url);
    expect((await alice.client.put('/users/me/images/avatar', PNG, { 'content-type': 'image/png' })).status).toBe(200);
    const diagram = await createDiagram(alice.client, { name: 'Backed-up economy' });
    for (const version of [1, 2]) {
      const document = economyDocument({ settings: { stepsLimit: 60 + version, seed: 7 } });
      const saved = await alice.client.put(`/diagrams/${diagram.fuid}/document`, { baseVersion: version, document });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    }
    await createDiagram(bob.client, { name: "Bob's loop" });
    for (const seed of [1, 2]) {
      const play = await alice.client.post(`/diagrams/${diagram.fuid}/plays`, {
        kind: 'quick',
        diagramVersion: 3,
        seed,
        steps: 20,
      });
      expect(play.status, JSON.stringify(play.body)).toBe(201);
    }
    const team = randomUUID();
    await sql(
      db,
      `INSERT INTO workspaces (id, kind, name, owner_id, updated_at) VALUES ($1, 'team', 'Studio North', $2, now())`,
      [team, alice.id],
    );
    await sql(
      db,
      `INSERT INTO workspace_members (id, workspace_id, user_id, role, updated_at) VALUES (gen_random_uuid(), $1, $2, 'owner', now()),
                                                                                   (gen_random_uuid(), $1, $3, 'member', now())`,
      [team, alice.id, bob.id],
    );
    await sql(
      db,
      `INSERT INTO subscriptions (id, workspace_id, plan_id, status, seats, updated_at)
       SELECT gen_random_uuid(), $1, id, 'active', 5, now() FROM plans ORDER BY type DESC LIMIT 1`,
      [team],
    );
    const counts = async (url: string) =>
      (
        await sql<Record<string, string>>(
          url,
          `SELECT (SELECT count(*) FROM users) AS users, (SELECT count(*) FROM diagrams) AS diagrams,
                (SELECT count(*) FROM diagram_revisions) AS versions, (SELECT count(*) FROM plays) AS plays,
                (SELECT count(*) FROM workspaces WHERE kind = 'team') AS teams, (SELECT count(*) FROM subscriptions) AS subscriptions,
                (SELECT count(*) FROM user_images) AS images`,
        )
      )[0];
    const filled = await counts(db);
    expect(Number(filled.users)).toBeGreaterThanOrEqual(2);
    expect(Number(filled.versions)).toBeGreaterThanOrEqual(2);
    expect(filled).toMatchObject({ diagrams: '2', plays: '2', teams: '1', images: '1' });
    expect(Number(filled.subscriptions)).toBeGreaterThanOrEqual(1);

    // Stop it, so nothing changes between the backup and the comparison.
    expect(await source.process.stop()).toBe(0);
    const before = await contents(db);

    const backup = await npmRun('--backup', [backups], { DATABASE_URL: db });
    expect(backup.code, backup.output).toBe(0);
    const files = readdirSync(backups);
    expect(files).toEqual([expect.stringMatching(/^loopwright-\d{8}-\d{6}\.tar$/)]);
    const file = path.join(backups, files[0]);
    expect(backup.output).toContain(`Backup written: ${file}`);

    // Into a new, empty database.
    await adminQuery(adminUrl, `CREATE DATABASE ${restoredName}`);
    const restored = await npmRun('--restore', [file], { DATABASE_URL: restoredUrl });
    expect(restored.code, restored.output).toBe(0);
    expect(await contents(restoredUrl)).toEqual(before);
    expect(await counts(restoredUrl)).toEqual(filled);

    // A second restore finds the database in use and refuses it; --force replaces it.
    const refused = await npmRun('--restore', [file], { DATABASE_URL: restoredUrl });
    expect(refused.code).toBe(1);
    expect(refused.output).toMatch(/is not empty \(\d+ tables\).*add --force/);
    const forced = await npmRun('--restore', [file, '--force'], { DATABASE_URL: restoredUrl });
    expect(forced.code, forced.output).toBe(0);
    expect(await contents(restoredUrl)).toEqual(before);

    // The restored instance serves them: Alice logs in and opens her diagram at its third version.
    const { url, process: app } = await runBuiltAppOn(restoredUrl);
    try {
      const [{ email }] = await sql<{ email: string }>(restoredUrl, 'SELECT email FROM users WHERE id = $1', [
        alice.id,
      ]);
      const client = new ApiClient(url);
      expect((await client.post('/oauth2/login', { email, password: 'secret-1' })).status).toBe(200);
      const opened = (await client.get(`/diagrams/${diagram.fuid}`)).body.content.diagram;
      expect(opened).toMatchObject({ name: 'Backed-up economy', version: 3 });
      const plays = (await client.get(`/diagrams/${diagram.fuid}/plays`)).body.content.items;
      expect(plays).toHaveLength(2);
    } finally {
      expect(await app.stop()).toBe(0);
    }
  }, 240_000);

  it('refuses a file that is not a Loopwright backup, and says why', async () => {
    const notABackup = path.join(backups, 'notes.tar');
    writeFileSync(notABackup, 'just some notes');
    const result = await npmRun('--restore', [notABackup], { DATABASE_URL: restoredUrl });
    expect(result.code).toBe(1);
    expect(result.output).toContain(`Restore failed: ${notABackup} is not a Loopwright backup`);
  });
});
