import { readDocument, rootsOf, statelessMessage, type LiveDocument, type StoredMessage } from '@loopwright/collab';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import * as Y from 'yjs';
import { createDiagram, economyDocument } from '../../../test/factories/diagrams.js';
import { createUser, loginAs } from '../../../test/factories/users.js';
import type { ApiClient } from '../../../test/support/api-client.js';
import { eventually } from '../../../test/support/eventually.js';
import { liveClient, type LiveClient } from '../../../test/support/live-client.js';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';
import { PrismaService } from '../../core/prisma/prisma.service.js';
import { CollabRepository } from './collab.repository.js';
import { CollabServer } from './collab.server.js';
import { LiveDocumentStore } from './live-document-store.js';

type Node = { id: string; name: string; start?: number };
/** Waits until `check` holds (10 s at most, or `timeoutMs`). */
const until = (check: () => boolean, timeoutMs?: number) =>
  eventually(() => Promise.resolve(check() ? true : undefined), timeoutMs);

describe('storing live documents: only what changed, and telling a tab when its edits are stored', () => {
  let app: TestApp;
  let owner: ApiClient;
  const clients: LiveClient[] = [];

  beforeAll(async () => {
    app = await startTestApp();
    owner = await loginAs(app, await createUser(app));
  });
  afterEach(() => {
    vi.restoreAllMocks();
    for (const client of clients.splice(0)) client.destroy();
  });
  afterAll(async () => {
    await app?.close();
  });

  async function opened() {
    const { fuid } = await createDiagram(owner, { document: economyDocument() });
    const client = liveClient(app.url, fuid, { client: owner });
    clients.push(client);
    await client.synced;
    return { fuid: fuid as string, client };
  }
  const rename = (client: LiveClient, name: string) => rootsOf(client.doc).nodes.get('gold')!.set('name', name);
  async function stored(fuid: string) {
    const prisma = app.http.app.get(PrismaService);
    const row = await prisma.diagram.findUniqueOrThrow({ where: { fuid }, select: { id: true, document: true } });
    const live = await prisma.diagramLiveDocument.findUniqueOrThrow({ where: { diagramId: row.id } });
    const doc = new Y.Doc();
    Y.applyUpdate(doc, live.state);
    const gold = (document: LiveDocument) => (document.nodes.find((n) => n.id === 'gold') as Node | undefined)?.name;
    return { json: gold(row.document as unknown as LiveDocument), live: gold(readDocument(doc)), at: live.updatedAt };
  }

  it('a store when the live document has not changed since it was loaded or last stored reads, checks and writes nothing', async () => {
    const { fuid, client } = await opened();
    const server = app.http.app.get(CollabServer);
    const store = app.http.app.get(LiveDocumentStore);
    const storeCalls = vi.spyOn(store, 'store');
    const check = vi.spyOn(store, 'check');
    const storeNow = async () => {
      const calls = storeCalls.mock.calls.length;
      // The end of a direct connection stores the document at once (as the API's saves do).
      await (await server.hocuspocus.openDirectConnection(fuid, { userId: null, access: 'editor' })).disconnect();
      await until(() => storeCalls.mock.calls.length > calls);
      await Promise.all(storeCalls.mock.results.map((result) => result.value as Promise<void>));
    };

    // Loaded (and stored at once, the first opening): nothing to store.
    const loaded = await stored(fuid);
    await storeNow();
    expect(check).not.toHaveBeenCalled();
    expect((await stored(fuid)).at).toEqual(loaded.at);

    // An edit: the next store checks the document and saves it, both ways.
    rename(client, 'Coins');
    await eventually(async () => ((await stored(fuid)).json === 'Coins' ? true : undefined));
    await storeNow();
    expect(check).toHaveBeenCalled();
    const edited = await stored(fuid);
    expect([edited.json, edited.live]).toEqual(['Coins', 'Coins']);

    // Nothing since: stores, and the last person leaving, do nothing.
    check.mockClear();
    await storeNow();
    client.destroy();
    await until(() => !server.hasOpenDocument(fuid));
    expect(check).not.toHaveBeenCalled();
    expect((await stored(fuid)).at).toEqual(edited.at);
  });

  it('answers a confirm-stored request once the edits the server had then are in PostgreSQL, not before', async () => {
    const { fuid, client } = await opened();
    const answers: { id: number; json: Promise<string | undefined>; live: Promise<string | undefined> }[] = [];
    client.provider.on('stateless', ({ payload }: { payload: string }) => {
      const message = statelessMessage<StoredMessage>(payload, 'stored');
      // Read at once: what PostgreSQL holds when the answer comes.
      const now = message && stored(fuid);
      if (message && now)
        answers.push({ id: message.id, json: now.then((s) => s.json), live: now.then((s) => s.live) });
    });
    const confirm = (id: number) => client.provider.sendStateless(JSON.stringify({ type: 'confirm-stored', id }));

    // Nothing changed since the load: answered at once.
    confirm(1);
    await until(() => answers.length === 1);

    // An edit the server has (acknowledged) but stores a second later: the answer waits for the store.
    rename(client, 'Coins');
    await until(() => !client.provider.hasUnsyncedChanges);
    confirm(2);
    await until(() => answers.length === 2);
    expect(answers[1].id).toBe(2);
    expect([await answers[1].json, await answers[1].live]).toEqual(['Coins', 'Coins']);
  });

  it('a store that fails (PostgreSQL unreachable) is tried again until one succeeds; only then is the tab told its edit is stored', async () => {
    const { fuid, client } = await opened();
    const unreachable = () => Promise.reject(new Error('Connection terminated unexpectedly'));
    const save = vi.spyOn(app.http.app.get(CollabRepository), 'save');
    save.mockImplementationOnce(unreachable).mockImplementationOnce(unreachable);
    const answered: number[] = [];
    client.provider.on('stateless', ({ payload }: { payload: string }) => {
      const message = statelessMessage<StoredMessage>(payload, 'stored');
      if (message) answered.push(message.id);
    });

    rename(client, 'Coins');
    await until(() => !client.provider.hasUnsyncedChanges);
    client.provider.sendStateless(JSON.stringify({ type: 'confirm-stored', id: 1 }));
    await until(() => save.mock.calls.length >= 1);
    expect(answered).toEqual([]);

    // The first try failed, and so does the second a second later; the third, two seconds after, stores it.
    await until(() => answered.includes(1), 15_000);
    expect(save.mock.calls.length).toBeGreaterThanOrEqual(3);
    expect(await stored(fuid)).toMatchObject({ json: 'Coins', live: 'Coins' });
  });

  it('a document its last person left while its store failed stays in memory, is stored by a retry, then unloaded', async () => {
    const { fuid, client } = await opened();
    const server = app.http.app.get(CollabServer);
    const save = vi.spyOn(app.http.app.get(CollabRepository), 'save');
    const unreachable = () => Promise.reject(new Error('Connection terminated unexpectedly'));
    save.mockImplementationOnce(unreachable).mockImplementationOnce(unreachable);

    rename(client, 'Coins');
    await until(() => !client.provider.hasUnsyncedChanges);
    client.destroy();
    await until(() => save.mock.calls.length >= 1);
    expect(server.hasOpenDocument(fuid)).toBe(true);

    await until(() => !server.hasOpenDocument(fuid), 15_000);
    expect((await stored(fuid)).live).toBe('Coins');
  });
});
