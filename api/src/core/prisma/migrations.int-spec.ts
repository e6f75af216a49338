import { randomUUID } from 'node:crypto';
import { copyFileSync, cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { adminQuery, withDatabase } from '../../../test/support/test-database.js';
import { PrismaClient } from '../../generated/prisma/client.js';
import { repoPaths } from '../paths.js';
import { applyMigrations, listMigrationNames } from './migrations.js';

/** The last migration of the first release: a database made then has these and no later ones. */
const FIRST_RELEASE_LAST = '20261121175119_diagram_name_key';

/** A copy of prisma/migrations holding only the first release's migrations. */
async function firstReleaseMigrations(): Promise<{ dir: string; names: string[] }> {
  const all = await listMigrationNames(repoPaths.migrations.migrationsDir);
  const names = all.filter((name) => name <= FIRST_RELEASE_LAST);
  const dir = mkdtempSync(path.join(tmpdir(), 'lw-first-release-'));
  for (const name of names)
    cpSync(path.join(repoPaths.migrations.migrationsDir, name), path.join(dir, name), { recursive: true });
  copyFileSync(
    path.join(repoPaths.migrations.migrationsDir, 'migration_lock.toml'),
    path.join(dir, 'migration_lock.toml'),
  );
  return { dir, names };
}

describe('migrations from the first release up to today', () => {
  const adminUrl = inject('databaseAdminUrl');
  const name = `lw_test_upgrade_${randomUUID().slice(0, 8)}`;
  const url = withDatabase(adminUrl, name);
  let first: { dir: string; names: string[] };
  beforeAll(async () => {
    await adminQuery(adminUrl, `CREATE DATABASE ${name}`);
    first = await firstReleaseMigrations();
  });
  afterAll(async () => {
    rmSync(first?.dir ?? '', { recursive: true, force: true });
    await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  });

  it('upgrades a database the first release made, keeping its people, diagrams and tags', async () => {
    expect(first.names).toHaveLength(5);
    expect(await applyMigrations(url, { ...repoPaths.migrations, migrationsDir: first.dir })).toEqual(first.names);

    // What the first release stored, written with its own schema.
    const alice = randomUUID();
    const diagram = randomUUID();
    const tag = randomUUID();
    const document = { version: 1, nodes: [{ id: 'p1', type: 'pool', name: 'Gold', x: 10, y: 20 }], connections: [] };
    const db = new pg.Client({ connectionString: url });
    await db.connect();
    try {
      await db.query(
        `INSERT INTO users (id, email, username, password_hash, email_confirmed_at, updated_at)
         VALUES ($1, 'alice@example.test', 'alice', 'hash', now(), now())`,
        [alice],
      );
      await db.query(
        `INSERT INTO diagrams (id, fuid, name, name_key, owner_id, document, version, file_token, updated_at)
         VALUES ($1, 'AbC123', 'Gold loop', 'gold loop', $2, $3, 4, 'token', now())`,
        [diagram, alice, JSON.stringify(document)],
      );
      await db.query(
        `INSERT INTO tags (id, owner_id, name, name_key, text_color, background_color, updated_at)
         VALUES ($1, $2, 'Economy', 'economy', '#000000', '#ffffff', now())`,
        [tag, alice],
      );
      await db.query('INSERT INTO diagram_tags (diagram_id, tag_id) VALUES ($1, $2)', [diagram, tag]);
    } finally {
      await db.end();
    }

    const all = await listMigrationNames(repoPaths.migrations.migrationsDir);
    expect(await applyMigrations(url, repoPaths.migrations)).toEqual(all.filter((n) => n > FIRST_RELEASE_LAST));
    expect(await applyMigrations(url, repoPaths.migrations)).toEqual([]); // nothing left to apply

    // Today's client reads it all back; the workspaces migration gave Alice her personal workspace.
    const prisma = new PrismaClient({ adapter: new PrismaPg({ connectionString: url, max: 1 }) });
    try {
      const user = await prisma.user.findUniqueOrThrow({ where: { id: alice } });
      expect(user).toMatchObject({ email: 'alice@example.test', username: 'alice' });
      const workspace = await prisma.workspace.findUniqueOrThrow({ where: { personalUserId: alice } });
      expect(workspace).toMatchObject({ kind: 'personal', ownerId: alice });
      expect(await prisma.workspaceMember.findMany({ where: { workspaceId: workspace.id } })).toEqual([
        expect.objectContaining({ userId: alice, role: 'owner', status: 'active' }),
      ]);
      const saved = await prisma.diagram.findUniqueOrThrow({ where: { id: diagram } });
      expect(saved).toMatchObject({ fuid: 'AbC123', name: 'Gold loop', version: 4, ownerId: alice });
      expect(saved.workspaceId).toBe(workspace.id);
      expect(saved.document).toEqual(document);
      expect(await prisma.tag.findUniqueOrThrow({ where: { id: tag } })).toMatchObject({
        name: 'Economy',
        workspaceId: workspace.id,
      });
      expect(await prisma.diagramTag.count({ where: { diagramId: diagram, tagId: tag } })).toBe(1);
      const applied = await prisma.$queryRaw<{ migration_name: string; finished: boolean }[]>`
        SELECT migration_name, finished_at IS NOT NULL AS finished FROM _prisma_migrations ORDER BY migration_name`;
      expect(applied).toEqual(all.map((migration) => ({ migration_name: migration, finished: true })));
    } finally {
      await prisma.$disconnect();
    }
  });
});
