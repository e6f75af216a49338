import { randomBytes } from 'node:crypto';
import { rootsOf } from '@loopwright/collab';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { createDiagram } from '../../api/test/factories/diagrams.js';
import { addPool, liveClient, type LiveClient } from '../../api/test/support/live-client.js';
import { cloneRunDatabase } from '../../api/test/support/run-database.js';
import { loggedInUser, startAppOn, until, type OwnApp } from '../support/own-services.js';

/** What an app's /metrics gauge says about the live documents it holds in memory. */
async function liveDocuments(app: OwnApp): Promise<number> {
  const response = await fetch(`${app.url}/metrics`, {
    headers: { authorization: `Bearer ${app.env.METRICS_TOKEN}` },
  });
  if (response.status !== 200) throw new Error(`metrics: ${response.status}`);
  const line = /^loopwright_live_documents\{role="app"\} (\d+)$/m.exec(await response.text());
  if (!line) throw new Error('no loopwright_live_documents gauge');
  return Number(line[1]);
}

type Node = { id: string; name?: string; x?: number };
const nodeIn = (client: LiveClient, id: string) => rootsOf(client.doc).nodes.get(id);

/**
 * Two built app processes on one database and one Redis prefix (as behind a load balancer): the
 * owner edits through app A, an editor it shares with through app B. The Hocuspocus Redis extension
 * carries each edit to the other app's copy of the live document.
 */
describe.skipIf(!inject('redisUrl'))('live co-editing across two app processes sharing Redis', () => {
  const clients: LiveClient[] = [];
  const apps: OwnApp[] = [];
  const redis = new Redis(inject('redisUrl') ?? '', { lazyConnect: true });
  afterAll(async () => {
    redis.disconnect();
    for (const client of clients) client.destroy();
    await Promise.all(apps.map((app) => app.process.stop('SIGKILL')));
  });

  it('an edit on either app reaches the other, concurrent edits of one node both stay, and the document leaves memory on both when everyone leaves', async () => {
    const database = await cloneRunDatabase();
    const redisUrl = inject('redisUrl')!;
    const prefix = `lwe2e-two-apps-${process.pid}-${Date.now()}`;
    // Same secret (a session from one app is good on the other), same prefix; each its own port and data directory.
    const shared = {
      APP_SECRET: randomBytes(32).toString('hex'),
      REDIS_PREFIX: prefix,
      METRICS_TOKEN: randomBytes(16).toString('hex'),
    };
    for (const app of await Promise.all([
      startAppOn(database.url, redisUrl, shared),
      startAppOn(database.url, redisUrl, shared),
    ]))
      apps.push(app);
    const [a, b] = apps;

    const owner = await loggedInUser(database.url, a.url);
    const editor = await loggedInUser(database.url, b.url);
    const { fuid } = await createDiagram(owner.client);
    const share = await owner.client.post(`/diagrams/${fuid}/shares`, { email: editor.email, role: 'editor' });
    expect(share.status).toBe(201);

    const onA = liveClient(a.url, fuid, { client: owner.client });
    const onB = liveClient(b.url, fuid, { client: editor.client });
    clients.push(onA, onB);
    await Promise.all([onA.synced, onB.synced]);
    // Each app holds its own copy of the live document.
    expect(await liveDocuments(a)).toBe(1);
    expect(await liveDocuments(b)).toBe(1);
    // And notes so in Redis, where the other apps look (isLive).
    const openKey = `${prefix}:collab:open:${fuid}`;
    await until('both apps note the document as open', async () => (await redis.scard(openKey)) === 2, 5_000);

    // An edit through A appears on B's Y.Doc within a few seconds, and one through B on A's.
    addPool(onA, 'from-a', 1);
    await until('the pool added on A reaches B', () => Promise.resolve(nodeIn(onB, 'from-a') !== undefined), 5_000);
    addPool(onB, 'from-b', 2);
    await until('the pool added on B reaches A', () => Promise.resolve(nodeIn(onA, 'from-b') !== undefined), 5_000);

    // Concurrent: in one tick, before either app can relay anything, A renames Gold and B moves it.
    nodeIn(onA, 'gold')!.set('name', 'Treasury');
    nodeIn(onB, 'gold')!.set('x', 777);
    const both = (client: LiveClient) => () =>
      Promise.resolve(nodeIn(client, 'gold')?.get('name') === 'Treasury' && nodeIn(client, 'gold')?.get('x') === 777);
    await until('A has both edits of Gold', both(onA), 5_000);
    await until('B has both edits of Gold', both(onB), 5_000);

    // The stored JSON document ends with every edit, whichever app one asks.
    for (const [person, app] of [
      [owner, 'A'],
      [editor, 'B'],
    ] as const)
      await until(
        `the JSON document read through app ${app} has every edit`,
        async () => {
          const nodes: Node[] = (await person.client.get(`/diagrams/${fuid}`)).body.content.diagram.document.nodes;
          const gold = nodes.find((n) => n.id === 'gold');
          return (
            nodes.some((n) => n.id === 'from-a') &&
            nodes.some((n) => n.id === 'from-b') &&
            gold?.name === 'Treasury' &&
            gold?.x === 777
          );
        },
        30_000,
      );

    // Everyone leaves: the document leaves memory on both apps, and neither notes it as open in Redis.
    onA.destroy();
    onB.destroy();
    await until('A unloaded the document', async () => (await liveDocuments(a)) === 0, 15_000);
    await until('B unloaded the document', async () => (await liveDocuments(b)) === 0, 15_000);
    await until('no app notes the document as open', async () => (await redis.scard(openKey)) === 0, 5_000);
  });
});
