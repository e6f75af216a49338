import { randomUUID } from 'node:crypto';
import { copyFileSync, cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { PrismaClient } from '../api/src/generated/prisma/client.js';
import { repoPaths } from '../api/src/core/paths.js';
import { applyMigrations, listMigrationNames } from '../api/src/core/prisma/migrations.js';
import { hashPassword } from '../api/src/modules/auth/passwords.js';
import { ApiClient } from '../api/test/support/api-client.js';
import { adminQuery, withDatabase } from '../api/test/support/test-database.js';
import { runBuiltAppOn, runNode } from './support/built-app.js';

/** The last migration of the first release: a database made then has these and no later ones. */
const FIRST_RELEASE_LAST = '20261121175119_diagram_name_key';
const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

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

/**
 * The upgrade an administrator runs: a database the first release made and used, then today's
 * `npm run db:migrate` (the compose `migrate` service runs the same entry point), then today's app.
 */
describe('upgrading a first-release database to today', () => {
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

  it('keeps people, photos, diagrams with their versions, plays, shares and tags, and serves them after npm run db:migrate', async () => {
    expect(first.names).toHaveLength(5);
    expect(await applyMigrations(url, { ...repoPaths.migrations, migrationsDir: first.dir })).toEqual(first.names);

    // What the first release stored, written with its own schema.
    const alice = randomUUID();
    const bob = randomUUID();
    const diagram = randomUUID();
    const tag = randomUUID();
    const play = randomUUID();
    const v1 = { version: 1, nodes: [{ id: 'p1', type: 'pool', name: 'Gold', x: 10, y: 20 }], connections: [] };
    const document = {
      version: 1,
      nodes: [{ id: 'p1', type: 'pool', name: 'Gold', x: 10, y: 20, start: 5 }],
      connections: [],
    };
    const password = await hashPassword('secret-1');
    const db = new pg.Client({ connectionString: url });
    await db.connect();
    try {
      await db.query(
        `INSERT INTO users (id, email, username, password_hash, email_confirmed_at, updated_at)
         VALUES ($1, 'alice@example.test', 'alice', $3, now(), now()), ($2, 'bob@example.test', 'bob', $3, now(), now())`,
        [alice, bob, password],
      );
      await db.query(
        `INSERT INTO user_images (id, user_id, kind, content_type, data, updated_at) VALUES ($1, $2, 'avatar', 'image/png', $3, now())`,
        [randomUUID(), alice, PNG],
      );
      await db.query(
        `INSERT INTO diagrams (id, fuid, name, name_key, owner_id, document, version, file_token, updated_at)
         VALUES ($1, 'AbC123', 'Gold loop', 'gold loop', $2, $3, 2, 'token', now())`,
        [diagram, alice, JSON.stringify(document)],
      );
      await db.query(
        `INSERT INTO diagram_revisions (id, diagram_id, version, first_version, author_id, document, updated_at)
         VALUES ($1, $3, 1, 1, $4, $5, now() - interval '1 hour'), ($2, $3, 2, 2, $4, $6, now())`,
        [randomUUID(), randomUUID(), diagram, alice, JSON.stringify(v1), JSON.stringify(document)],
      );
      await db.query(
        `INSERT INTO plays (id, diagram_id, author_id, kind, diagram_version, seed, steps, total_steps, end_reasons, updated_at, finished_at)
         VALUES ($1, $2, $3, 'quick', 2, 42, 10, 10, '{"limit": 1}', now(), now())`,
        [play, diagram, alice],
      );
      await db.query(
        `INSERT INTO diagram_shares (id, diagram_id, email, role, invited_by_id, updated_at)
         VALUES ($1, $2, 'bob@example.test', 'viewer', $3, now())`,
        [randomUUID(), diagram, alice],
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

    // Today's release upgrades it, as `npm run db:migrate` (scripts/start.mjs --migrate).
    const all = await listMigrationNames(repoPaths.migrations.migrationsDir);
    const migrate = runNode('scripts/start.mjs', ['--migrate'], { DATABASE_URL: url, LOG_LEVEL: 'info' });
    expect(await migrate.exited(), migrate.output()).toBe(0);
    for (const migration of all.filter((n) => n > FIRST_RELEASE_LAST)) expect(migrate.output()).toContain(migration);
    const again = runNode('scripts/start.mjs', ['--migrate'], { DATABASE_URL: url, LOG_LEVEL: 'info' });
    expect(await again.exited(), again.output()).toBe(0);
    expect(again.output()).toContain('database schema is up to date');

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
      expect(saved).toMatchObject({ fuid: 'AbC123', name: 'Gold loop', version: 2, ownerId: alice });
      expect(saved.workspaceId).toBe(workspace.id);
      expect(saved.document).toEqual(document);
      expect(await prisma.play.findUniqueOrThrow({ where: { id: play } })).toMatchObject({
        workspaceId: workspace.id,
        seed: 42,
        endReasons: { limit: 1 },
      });
      expect(await prisma.tag.findUniqueOrThrow({ where: { id: tag } })).toMatchObject({
        name: 'Economy',
        workspaceId: workspace.id,
      });
      expect(await prisma.diagramTag.count({ where: { diagramId: diagram, tagId: tag } })).toBe(1);
      const image = await prisma.userImage.findFirstOrThrow({ where: { userId: alice } });
      expect(Buffer.from(image.data)).toEqual(PNG);
      const applied = await prisma.$queryRaw<{ migration_name: string; finished: boolean }[]>`
        SELECT migration_name, finished_at IS NOT NULL AS finished FROM _prisma_migrations ORDER BY migration_name`;
      expect(applied).toEqual(all.map((migration) => ({ migration_name: migration, finished: true })));
    } finally {
      await prisma.$disconnect();
    }

    // Today's app serves it: Alice logs in with her old password and finds her diagram, its two
    // versions and her play; Bob still sees the diagram shared with him.
    const { url: appUrl, process: app } = await runBuiltAppOn(url);
    try {
      const as = async (email: string) => {
        const client = new ApiClient(appUrl);
        expect((await client.post('/oauth2/login', { email, password: 'secret-1' })).status).toBe(200);
        return client;
      };
      const aliceClient = await as('alice@example.test');
      const opened = await aliceClient.get('/diagrams/AbC123');
      expect(opened.status, JSON.stringify(opened.body)).toBe(200);
      expect(opened.body.content.diagram).toMatchObject({ name: 'Gold loop', version: 2 });
      const versions = (await aliceClient.get('/diagrams/AbC123/versions')).body.content.items;
      expect(versions.map((v: { version: number }) => v.version)).toEqual([2, 1]);
      const plays = (await aliceClient.get('/diagrams/AbC123/plays')).body.content.items;
      expect(plays).toEqual([expect.objectContaining({ id: play, seed: 42 })]);
      const bobClient = await as('bob@example.test');
      expect((await bobClient.get('/diagrams/AbC123')).status).toBe(200);
    } finally {
      expect(await app.stop()).toBe(0);
    }
  }, 240_000);
});
