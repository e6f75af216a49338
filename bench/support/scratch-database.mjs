// A throw-away database for a benchmark, on the server of an admin connection URL.
import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** Creates `${prefix}_<random>`; `drop()` removes it (whoever is still connected) and closes the admin connection. */
export async function scratchDatabase(adminUrl, prefix = 'lw_bench') {
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    async drop() {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}
