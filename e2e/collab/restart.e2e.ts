import { randomBytes } from 'node:crypto';
import { readDocument } from '@loopwright/collab';
import { afterAll, describe, expect, it } from 'vitest';
import { createDiagram } from '../../api/test/factories/diagrams.js';
import { addPool, allSent, liveClient, type LiveClient } from '../../api/test/support/live-client.js';
import { cloneRunDatabase } from '../../api/test/support/run-database.js';
import { freePort, runBuiltAppOn, type RunningProcess } from '../support/built-app.js';
import { loggedInUser, until } from '../support/own-services.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('live co-editing across a restart of the app (SIGTERM mid-session)', () => {
  const clients: LiveClient[] = [];
  let app: RunningProcess | null = null;
  afterAll(async () => {
    for (const client of clients) client.destroy();
    await app?.stop('SIGKILL');
  });

  it('loses no edit: the app stores every open document before it exits, the editors reconnect and send what it missed', async () => {
    const database = await cloneRunDatabase();
    // Started again on the same port with the same secret: the editors reconnect and their sessions hold.
    const env = { APP_SECRET: randomBytes(32).toString('hex'), PORT: String(await freePort()) };
    const started = await runBuiltAppOn(database.url, env);
    app = started.process;
    const url = started.url;
    const { client: owner } = await loggedInUser(database.url, url);
    const { fuid } = await createDiagram(owner);
    const a = liveClient(url, fuid, { client: owner });
    const b = liveClient(url, fuid, { client: owner });
    clients.push(a, b);
    await Promise.all([a.synced, b.synced]);

    // Two editors keep adding pools, one every 60 ms each, while the app is stopped and started again.
    const EACH = 40;
    const editing = [a, b].map(async (client, who) => {
      for (let i = 0; i < EACH; i++) {
        addPool(client, `p${who}-${i}`, 100 + who * EACH + i);
        await sleep(60);
      }
    });
    await sleep(800);
    const stopped = app.stop('SIGTERM');
    expect(await stopped).toBe(0);
    app = (await runBuiltAppOn(database.url, env)).process;
    await Promise.all(editing);
    await until(
      'every edit acknowledged by the restarted app',
      () => Promise.resolve(allSent(a) && allSent(b)),
      60_000,
    );

    const expected = Array.from({ length: EACH }, (_, i) => [`p0-${i}`, `p1-${i}`]).flat();
    // A newcomer loads the server's live document: every pool is there.
    const fresh = liveClient(url, fuid, { client: owner });
    clients.push(fresh);
    await fresh.synced;
    const ids = new Set(readDocument(fresh.doc).nodes.map((n) => n.id));
    expect(expected.filter((id) => !ids.has(id))).toEqual([]);
    // And so does the JSON document (search, versions, the API).
    await until(
      'the JSON document has every pool',
      async () => {
        const saved = (await owner.get(`/diagrams/${fuid}`)).body.content.diagram.document;
        const savedIds = new Set(saved.nodes.map((n: { id: string }) => n.id));
        return expected.every((id) => savedIds.has(id));
      },
      30_000,
    );
  });
});
