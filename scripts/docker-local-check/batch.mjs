// Runs inside the app container (docker compose exec -T app node --input-type=module < this file):
// signs in a new user made in the database, saves a small diagram and runs a batch on it, then
// prints the finished play. Part of scripts/docker-local-check.sh; not run by CI.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { hashPassword } from './api/dist/modules/auth/passwords.js';

const base = `http://127.0.0.1:${process.env.PORT}/api`;
const RUNS = 6_000;
const cookies = new Map();

async function call(method, path, body) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: {
      'content-type': 'application/json',
      'x-client-id': 'loopwright-web',
      cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; '),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  for (const line of response.headers.getSetCookie()) {
    const pair = line.split(';')[0];
    cookies.set(pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1));
  }
  const json = await response.json().catch(() => null);
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(json)}`);
  return json.content;
}

const id = randomUUID();
const email = `compose-check-${id}@example.test`;
const db = new pg.Client({ connectionString: process.env.DATABASE_URL });
await db.connect();
await db.query(
  'INSERT INTO users (id, email, username, password_hash, email_confirmed_at, updated_at) VALUES ($1, $2, $3, $4, now(), now())',
  [id, email, `check${id.slice(0, 8)}`, await hashPassword('compose-check-1')],
);
await db.end();
await call('POST', '/oauth2/login', { email, password: 'compose-check-1' });

const document = {
  nodes: [
    { id: 'src', type: 'source', name: 'Source', x: 0, y: 0, activation: 'automatic' },
    { id: 'pool', type: 'pool', name: 'Pool', x: 200, y: 0, start: 0 },
  ],
  connections: [{ id: 'c', kind: 'resource', from: 'src', to: 'pool', formula: 'random(1, 6)' }],
};
const { fuid } = (await call('POST', '/diagrams', { name: 'Compose check', document })).diagram;
const started = Date.now();
const { id: playId } = (await call('POST', `/diagrams/${fuid}/batches`, { runs: RUNS, steps: 500, seed: 7 })).play;
for (;;) {
  const { play } = await call('GET', `/diagrams/${fuid}/plays/${playId}`);
  if (play.status === 'done' || play.status === 'failed' || Date.now() - started > 300_000) {
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.log(
      `play ${playId}: ${play.status}, ${play.completedRuns}/${RUNS} runs in ${seconds} s, error ${play.error}`,
    );
    if (play.status !== 'done' || play.completedRuns !== RUNS) process.exit(1);
    break;
  }
  await new Promise((resolve) => setTimeout(resolve, 500));
}
