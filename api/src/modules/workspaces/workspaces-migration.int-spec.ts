import { readFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { listMigrationNames } from '../../core/prisma/migrations.js';
import { repoPaths } from '../../core/paths.js';
import { adminQuery, withDatabase } from '../../../test/support/test-database.js';

const dir = repoPaths.migrations.migrationsDir;
const sql = (name: string) => readFile(path.join(dir, name, 'migration.sql'), 'utf8');

// The workspaces migration on a database that already has users, diagrams, tags and plays:
// every user gets a personal workspace and everything they own moves into it, nothing lost.
describe('workspaces migration', () => {
  const name = `lw_wsmig_${Math.random().toString(36).slice(2, 10)}`;
  let client: pg.Client;
  let migrations: string[];

  beforeAll(async () => {
    const adminUrl = inject('databaseAdminUrl');
    await adminQuery(adminUrl, `CREATE DATABASE ${name}`);
    client = new pg.Client({ connectionString: withDatabase(adminUrl, name) });
    await client.connect();
    migrations = await listMigrationNames(dir);
    for (const migration of migrations.slice(
      0,
      migrations.findIndex((m) => m.endsWith('_workspaces')),
    ))
      await client.query(await sql(migration));
  });
  afterAll(async () => {
    await client?.end();
    await adminQuery(inject('databaseAdminUrl'), `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  });

  it('gives every existing user a personal workspace and moves their diagrams, tags and plays into it', async () => {
    const q = (text: string, values: unknown[] = []) => client.query(text, values);
    const users = [
      '0190a000-0000-7000-8000-000000000001',
      '0190a000-0000-7000-8000-000000000002',
      '0190a000-0000-7000-8000-000000000003',
    ];
    for (const [i, id] of users.entries())
      await q(`INSERT INTO users (id, email, updated_at) VALUES ($1, $2, now())`, [id, `u${i}@example.test`]);
    const diagram = (n: number, owner: string) =>
      q(`INSERT INTO diagrams (id, fuid, name, owner_id, file_token, updated_at) VALUES ($1, $2, $3, $4, $5, now())`, [
        `0190b000-0000-7000-8000-00000000000${n}`,
        `fuid${n}`,
        `D${n}`,
        owner,
        `tok${n}`,
      ]);
    await diagram(1, users[0]);
    await diagram(2, users[0]);
    await diagram(3, users[1]);
    await q(
      `INSERT INTO tags (id, owner_id, name, name_key, text_color, background_color, updated_at) VALUES ('0190c000-0000-7000-8000-000000000001', $1, 'Econ', 'econ', '#000', '#fff', now()), ('0190c000-0000-7000-8000-000000000002', $2, 'Econ', 'econ', '#000', '#fff', now())`,
      [users[0], users[1]],
    );
    await q(
      `INSERT INTO diagram_tags (diagram_id, tag_id) VALUES ('0190b000-0000-7000-8000-000000000001', '0190c000-0000-7000-8000-000000000001')`,
    );
    // user 1 ran a play on user 0's diagram: it counts in the diagram's workspace
    await q(
      `INSERT INTO plays (id, diagram_id, author_id, kind, diagram_version, seed, updated_at) VALUES ('0190d000-0000-7000-8000-000000000001', '0190b000-0000-7000-8000-000000000001', $1, 'quick', 0, 1, now())`,
      [users[1]],
    );

    await q(await sql(migrations.find((m) => m.endsWith('_workspaces'))!));

    const workspaces = (await q(`SELECT id, kind, owner_id, personal_user_id, name FROM workspaces ORDER BY owner_id`))
      .rows;
    expect(workspaces.map((w) => [w.kind, w.owner_id, w.personal_user_id])).toEqual(
      users.map((u) => ['personal', u, u]),
    );
    expect(workspaces.every((w) => /^[0-9a-f]{8}-[0-9a-f]{4}-7/.test(w.id))).toBe(true);
    const members = (
      await q(
        `SELECT w.owner_id, m.user_id, m.role, m.status FROM workspace_members m JOIN workspaces w ON w.id = m.workspace_id`,
      )
    ).rows;
    expect(members).toHaveLength(3);
    expect(members.every((m) => m.owner_id === m.user_id && m.role === 'owner' && m.status === 'active')).toBe(true);
    const ws = Object.fromEntries(workspaces.map((w) => [w.owner_id, w.id]));
    const diagrams = (await q(`SELECT fuid, owner_id, workspace_id FROM diagrams ORDER BY fuid`)).rows;
    expect(diagrams).toEqual([
      { fuid: 'fuid1', owner_id: users[0], workspace_id: ws[users[0]] },
      { fuid: 'fuid2', owner_id: users[0], workspace_id: ws[users[0]] },
      { fuid: 'fuid3', owner_id: users[1], workspace_id: ws[users[1]] },
    ]);
    const tags = (await q(`SELECT owner_id, workspace_id FROM tags ORDER BY owner_id`)).rows;
    expect(tags).toEqual([
      { owner_id: users[0], workspace_id: ws[users[0]] },
      { owner_id: users[1], workspace_id: ws[users[1]] },
    ]);
    expect((await q(`SELECT count(*)::int AS n FROM diagram_tags`)).rows[0].n).toBe(1);
    expect((await q(`SELECT author_id, workspace_id FROM plays`)).rows).toEqual([
      { author_id: users[1], workspace_id: ws[users[0]] },
    ]);
    // one personal workspace per user, enforced
    await expect(
      q(
        `INSERT INTO workspaces (id, name, owner_id, personal_user_id, updated_at) VALUES (gen_random_uuid(), 'x', $1, $1, now())`,
        [users[0]],
      ),
    ).rejects.toThrow(/unique/);
  });
});
