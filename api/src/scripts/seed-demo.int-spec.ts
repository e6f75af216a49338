import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { repoPaths } from '../core/paths.js';
import { adminQuery, withDatabase } from '../../test/support/test-database.js';

const run = promisify(execFile);

// `npm run seed:demo` on a fresh, empty database (it migrates it first), then again: the second run adds nothing.
describe('npm run seed:demo', () => {
  const name = `lw_seeddemo_${randomBytes(4).toString('hex')}`;
  const adminUrl = inject('databaseAdminUrl');
  afterAll(() => adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));

  it('fills a fresh instance with designers, public diagrams, likes, follows, templates, a spotlight and picks; once', async () => {
    await adminQuery(adminUrl, `CREATE DATABASE ${name}`);
    const url = withDatabase(adminUrl, name);
    // The compiled entry (`npm run build` first), as `npm run seed:demo` starts it.
    const env = {
      PATH: process.env.PATH,
      DATABASE_URL: url,
      APP_SECRET: randomBytes(32).toString('hex'),
      LOG_LEVEL: 'info',
      NODE_ENV: 'production',
    };
    const entry = path.join(repoPaths.root, 'api/dist/scripts/seed-demo.js');
    const first = await run(process.execPath, [entry], { env, timeout: 120_000 });
    expect(first.stdout).toContain('demo community loaded');
    const db = new pg.Client({ connectionString: url });
    await db.connect();
    try {
      const count = async () =>
        (
          await db.query<Record<string, string>>(`SELECT
            (SELECT count(*) FROM users WHERE username IS NOT NULL) AS designers,
            (SELECT count(*) FROM diagrams WHERE community) AS diagrams,
            (SELECT count(*) FROM diagram_likes) AS likes,
            (SELECT count(*) FROM user_follows) AS follows,
            (SELECT count(*) FROM community_templates) AS templates,
            (SELECT count(*) FROM community_spotlights) AS spotlight,
            (SELECT count(*) FROM community_monthly_picks) AS picks,
            (SELECT count(*) FROM activities) AS activities,
            (SELECT count(*) FROM users WHERE available_for_hire) AS for_hire,
            (SELECT count(*) FROM diagrams d WHERE d.like_count <> (SELECT count(*) FROM diagram_likes l WHERE l.diagram_id = d.id)) AS wrong_like_counts,
            (SELECT count(*) FROM users u WHERE u.follower_count <> (SELECT count(*) FROM user_follows f WHERE f.followed_id = u.id)) AS wrong_follower_counts`)
        ).rows[0];
      const after = await count();
      expect(Number(after.designers)).toBe(12);
      expect(Number(after.diagrams)).toBe(20);
      expect(Number(after.likes)).toBeGreaterThan(40);
      expect(Number(after.follows)).toBeGreaterThan(20);
      expect(Number(after.templates)).toBe(4);
      expect(Number(after.spotlight)).toBe(5);
      expect(Number(after.picks)).toBeGreaterThan(0);
      expect(Number(after.activities)).toBeGreaterThan(Number(after.likes));
      expect(Number(after.for_hire)).toBe(3); // every third sample designer, but db:seed's Kenji Ito keeps his own profile
      expect(after.wrong_like_counts).toBe('0');
      expect(after.wrong_follower_counts).toBe('0');
      const second = await run(process.execPath, [entry], { env, timeout: 120_000 });
      expect(second.stdout).toContain('the demo community is already here');
      expect(await count()).toEqual(after);
    } finally {
      await db.end();
    }
  }, 300_000);
});
