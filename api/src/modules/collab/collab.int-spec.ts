import { isDeepStrictEqual } from 'node:util';
import { factsOf, readDocument, rootsOf, type LiveDocument } from '@loopwright/collab';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import * as Y from 'yjs';
import { createDiagram, economyDocument } from '../../../test/factories/diagrams.js';
import { createUser, loginAs } from '../../../test/factories/users.js';
import type { ApiClient } from '../../../test/support/api-client.js';
import { eventually } from '../../../test/support/eventually.js';
import { liveClient, type LiveClient } from '../../../test/support/live-client.js';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';
import { MetricsService } from '../../core/metrics/metrics.service.js';
import { PrismaService } from '../../core/prisma/prisma.service.js';
import { checkDocument } from '../diagrams/diagram-document.js';
import { DiagramSaveService } from '../diagrams/diagram-save.service.js';
import { CollabServer } from './collab.server.js';

type Node = { id: string; name: string; x: number; y: number };
const nodeOf = (doc: LiveDocument, id: string) => doc.nodes.find((n) => n.id === id) as Node | undefined;
const liveNode = (client: LiveClient, id: string) => nodeOf(readDocument(client.doc), id);
/** Sets properties of one node in a client's Y.Doc, as the editor does. */
function setNode(client: LiveClient, id: string, values: Record<string, unknown>): void {
  const node = rootsOf(client.doc).nodes.get(id)!;
  client.doc.transact(() => {
    for (const [key, value] of Object.entries(values)) node.set(key, value);
  });
}

async function until(check: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  await eventually(() => Promise.resolve(check() ? true : undefined), timeoutMs, 20).catch(() => {
    throw new Error(`${what}: not within ${timeoutMs} ms`);
  });
}

describe('live co-editing: Yjs documents through Hocuspocus on the app port, access per connection', () => {
  let app: TestApp;
  const clients: LiveClient[] = [];
  const open = (fuid: string, who: { client?: ApiClient; apiKey?: string }) => {
    const client = liveClient(app.url, fuid, who);
    clients.push(client);
    return client;
  };
  const savedDocument = async (owner: ApiClient, fuid: string) =>
    (await owner.get(`/diagrams/${fuid}`)).body.content.diagram.document as LiveDocument;

  type People = { owner: ApiClient; other: ApiClient; otherEmail: string };
  async function signIn(): Promise<People> {
    const [ownerUser, otherUser] = await Promise.all([createUser(app), createUser(app)]);
    return { owner: await loginAs(app, ownerUser), other: await loginAs(app, otherUser), otherEmail: otherUser.email };
  }
  /** Two people signed in once, for tests that need no accounts of their own (logins are throttled: 30 per address in 15 minutes). */
  let signedIn: Promise<People> | null = null;
  const samePeople = () => (signedIn ??= signIn());

  /** A new diagram of the owner's, shared with the other person; two new accounts unless `people` are given. */
  async function sharedDiagram(role: 'editor' | 'viewer', people?: People) {
    const { owner, other, otherEmail } = people ?? (await signIn());
    const diagram = await createDiagram(owner, { document: economyDocument() });
    const share = await owner.post(`/diagrams/${diagram.fuid}/shares`, { email: otherEmail, role });
    expect(share.status).toBe(201);
    return { owner, other, fuid: diagram.fuid as string, shareId: share.body.content.share.id as string };
  }

  beforeAll(async () => {
    app = await startTestApp();
  });
  afterEach(() => {
    for (const client of clients.splice(0)) client.destroy();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('two editors change different properties of one node: both changes survive, for both and in the JSON document', async () => {
    const { owner, other, fuid } = await sharedDiagram('editor');
    const a = open(fuid, { client: owner });
    const b = open(fuid, { client: other });
    await Promise.all([a.synced, b.synced]);
    expect(liveNode(a, 'gold')?.name).toBe('Gold');

    setNode(a, 'gold', { name: 'Coins' });
    setNode(b, 'gold', { x: 999 });
    for (const client of [a, b])
      await until(() => liveNode(client, 'gold')?.name === 'Coins' && liveNode(client, 'gold')?.x === 999, 'converge');

    // Same property at once: one value wins, the same for both.
    setNode(a, 'ore', { name: 'Iron' });
    setNode(b, 'ore', { name: 'Copper' });
    await until(() => liveNode(a, 'ore')?.name === liveNode(b, 'ore')?.name, 'one value for both');
    expect(['Iron', 'Copper']).toContain(liveNode(a, 'ore')?.name);

    // The JSON document (versions, search, the API) follows the merged document.
    const saved = await eventually(async () => {
      const document = await savedDocument(owner, fuid);
      const gold = nodeOf(document, 'gold');
      return gold?.name === 'Coins' && gold.x === 999 ? document : undefined;
    });
    expect(nodeOf(saved, 'ore')?.name).toBe(liveNode(a, 'ore')?.name);
  });

  it("refuses a viewer's forged update: nobody else gets it and the saved document never has it", async () => {
    const { owner, other, fuid } = await sharedDiagram('viewer');
    const editor = open(fuid, { client: owner });
    const viewer = open(fuid, { client: other });
    await Promise.all([editor.synced, viewer.synced]);
    expect(viewer.provider.authorizedScope).toBe('readonly');

    // The viewer's own Y.Doc takes the change; the server must not.
    setNode(viewer, 'gold', { name: 'Hacked' });
    // Round trip: once the viewer sees the editor's later change, the server has handled the forged one.
    setNode(editor, 'gold', { x: 123 });
    await until(() => liveNode(viewer, 'gold')?.x === 123, 'editor change reaches the viewer');
    await until(() => liveNode(editor, 'gold')?.x === 123, 'editor keeps its change');
    expect(liveNode(editor, 'gold')?.name).toBe('Gold');
    await eventually(async () => (nodeOf(await savedDocument(owner, fuid), 'gold')?.x === 123 ? true : undefined));
    expect(nodeOf(await savedDocument(owner, fuid), 'gold')?.name).toBe('Gold');

    // A newcomer loads the server's document: the forged name is not in it.
    const later = open(fuid, { client: owner });
    await later.synced;
    expect(liveNode(later, 'gold')?.name).toBe('Gold');
  });

  it('PUT document reaches a connected editor as one change, also from a stale base version (no conflict)', async () => {
    const { owner, other, fuid } = await sharedDiagram('editor');
    const live = open(fuid, { client: other });
    await live.synced;
    // Someone live moves a node; an API client who read version 1 renames another one.
    setNode(live, 'ore', { x: 777 });
    const changed = economyDocument();
    changed.nodes = changed.nodes!.map((n) => (n.id === 'gold' ? { ...n, name: 'Treasury' } : n));
    await until(() => app.http.app.get(CollabServer).openDocumentCount() > 0, 'document open');
    const put = await owner.put(`/diagrams/${fuid}/document`, { baseVersion: 1, document: changed });
    expect(put.status).toBe(200);
    await until(() => liveNode(live, 'gold')?.name === 'Treasury', 'PUT reaches the live editor');
    // Their change did not undo the live one (one change, not an overwrite).
    expect(liveNode(live, 'ore')?.x).toBe(777);
    const stale = await owner.put(`/diagrams/${fuid}/document`, {
      baseVersion: 1,
      document: { ...changed, settings: { ...changed.settings, stepsLimit: 80 } },
    });
    expect(stale.status).toBe(200);
    await until(() => readDocument(live.doc).settings.stepsLimit === 80, 'second PUT reaches the live editor');
    const saved = await eventually(async () => {
      const document = await savedDocument(owner, fuid);
      return nodeOf(document, 'ore')?.x === 777 ? document : undefined;
    });
    expect(nodeOf(saved, 'gold')?.name).toBe('Treasury');
  });

  it('a version message given on save reaches the stored version through the live save path (and the quiet one)', async () => {
    const { owner, other, fuid } = await sharedDiagram('editor', await samePeople());
    const server = app.http.app.get(CollabServer);
    const messageOf = async (version: number) => {
      const items = (await owner.get(`/diagrams/${fuid}/versions`)).body.content.items as {
        version: number;
        message: string | null;
      }[];
      return items.find((item) => item.version === version)?.message ?? null;
    };
    const withGold = (name: string) => {
      const document = economyDocument();
      document.nodes = document.nodes!.map((n) => (n.id === 'gold' ? { ...n, name } : n));
      return document;
    };
    // Someone else has the diagram open live: the save goes through the live document.
    const live = open(fuid, { client: other });
    await live.synced;
    await until(() => server.hasOpenDocument(fuid), 'document open');
    const put = await owner.put(`/diagrams/${fuid}/document`, {
      baseVersion: 1,
      document: withGold('Treasury'),
      message: 'Gold renamed for the review',
    });
    expect(put.status).toBe(200);
    await until(() => liveNode(live, 'gold')?.name === 'Treasury', 'the save reaches the live editor');
    expect(await messageOf(put.body.content.version)).toBe('Gold renamed for the review');
    // From a stale base too (the change is merged into the live document).
    const stale = await owner.put(`/diagrams/${fuid}/document`, {
      baseVersion: 1,
      document: withGold('Vault'),
      message: 'From an older copy',
    });
    expect(stale.status).toBe(200);
    expect(stale.body.content.version).toBeGreaterThan(put.body.content.version);
    expect(await messageOf(stale.body.content.version)).toBe('From an older copy');

    // Nobody live any more: the quiet save keeps the message as well.
    live.destroy();
    await until(() => !server.hasOpenDocument(fuid), 'document unloaded');
    const current = (await owner.get(`/diagrams/${fuid}`)).body.content.diagram.version as number;
    const quiet = await owner.put(`/diagrams/${fuid}/document`, {
      baseVersion: current,
      document: withGold('Coffer'),
      message: 'Saved with nobody live',
    });
    expect(quiet.status).toBe(200);
    expect(await messageOf(quiet.body.content.version)).toBe('Saved with nobody live');
  });

  it("the diagram's name and tour, saved by their endpoints, reach everyone live; a stored state's old ones are dropped at the next opening", async () => {
    const { owner, other, fuid } = await sharedDiagram('viewer', await samePeople());
    const server = app.http.app.get(CollabServer);
    const viewer = open(fuid, { client: other });
    await viewer.synced;
    expect(factsOf(viewer.doc)).toEqual({});
    expect((await owner.patch(`/diagrams/${fuid}`, { name: 'Renamed for all' })).status).toBe(200);
    await until(() => factsOf(viewer.doc).name === 'Renamed for all', 'the name reaches the viewer');
    // Two renames at once: the live document ends with the one saved last, whatever order they answer in.
    await Promise.all(['First', 'Second', 'Third'].map((name) => owner.patch(`/diagrams/${fuid}`, { name })));
    const saved = (await owner.get(`/diagrams/${fuid}`)).body.content.diagram.name as string;
    await until(() => factsOf(viewer.doc).name === saved, 'the last saved name reaches the viewer');
    const steps = [{ title: 'Gold', text: 'Where it piles up.', nodes: ['gold'] }];
    expect((await owner.put('/tours', { diagramId: fuid, steps })).status).toBe(200);
    await until(() => isDeepStrictEqual(factsOf(viewer.doc).tour, steps), 'the tour reaches the viewer');
    expect((await owner.delete(`/tours?id=${fuid}`)).status).toBe(200);
    await until(() => factsOf(viewer.doc).tour?.length === 0, 'the deleted tour reaches the viewer');

    // Left, renamed while nobody has it open, opened again: the stored state's name is not sent.
    viewer.destroy();
    await until(() => !server.hasOpenDocument(fuid), 'document unloaded');
    expect((await owner.patch(`/diagrams/${fuid}`, { name: 'Renamed quietly' })).status).toBe(200);
    const later = open(fuid, { client: owner });
    await later.synced;
    expect(factsOf(later.doc)).toEqual({});
  });

  it('restoring a version reaches everyone live', async () => {
    const { owner, other, fuid } = await sharedDiagram('editor');
    const live = open(fuid, { client: other });
    await live.synced;
    const versions = (await owner.get(`/diagrams/${fuid}/versions`)).body.content.items as { id: string }[];
    setNode(live, 'gold', { name: 'Renamed live' });
    await eventually(async () =>
      nodeOf(await savedDocument(owner, fuid), 'gold')?.name === 'Renamed live' ? true : undefined,
    );
    const first = versions[versions.length - 1];
    expect((await owner.post(`/diagrams/${fuid}/versions/${first.id}/restore`, {})).status).toBe(200);
    await until(() => liveNode(live, 'gold')?.name === 'Gold', 'restore reaches the live editor');
    // The next live edit is saved on top of the restored document.
    setNode(live, 'ore', { x: 77 });
    const saved = await eventually(async () => {
      const document = await savedDocument(owner, fuid);
      return nodeOf(document, 'ore')?.x === 77 ? document : undefined;
    });
    expect(nodeOf(saved, 'gold')?.name).toBe('Gold');
  });

  it('a save that reached the JSON without the live document as it opened is merged in, not saved over', async () => {
    const { owner, fuid } = await sharedDiagram('editor', await samePeople());
    const live = open(fuid, { client: owner });
    await live.synced;
    // The path without a Y.Doc, as when its check for live documents came just before this one was noted open.
    const saves = app.http.app.get(DiagramSaveService);
    const facts = (await saves.factsOf(fuid))!;
    const missed = structuredClone(await saves.documentOf(facts.id)) as LiveDocument;
    (nodeOf(missed, 'gold') as Node).name = 'Missed';
    const checked = checkDocument(missed, { allowEmpty: false });
    expect(await saves.commit(facts, facts.ownerId, facts.version, checked, { restoredFrom: null })).toBeTruthy();

    // The next live edit is stored with the missed save kept, and everyone live gets it.
    setNode(live, 'ore', { x: 321 });
    const saved = await eventually(async () => {
      const document = await savedDocument(owner, fuid);
      return nodeOf(document, 'ore')?.x === 321 ? document : undefined;
    });
    expect(nodeOf(saved, 'gold')?.name).toBe('Missed');
    await until(() => liveNode(live, 'gold')?.name === 'Missed', 'the missed save reaches the live document');
  });

  it('offline edits merge on reconnect with what others did meanwhile', async () => {
    const { owner, other, fuid } = await sharedDiagram('editor');
    const a = open(fuid, { client: owner });
    const b = open(fuid, { client: other });
    await Promise.all([a.synced, b.synced]);
    a.provider.disconnect();
    setNode(a, 'gold', { name: 'Offline name' });
    rootsOf(a.doc).nodes.delete('mine');
    setNode(b, 'gold', { x: 4242 });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(liveNode(b, 'gold')?.name).toBe('Gold');
    await a.provider.connect();
    for (const client of [a, b])
      await until(
        () =>
          liveNode(client, 'gold')?.name === 'Offline name' &&
          liveNode(client, 'gold')?.x === 4242 &&
          !liveNode(client, 'mine'),
        'offline edits merged',
      );
    // The JSON document drops what the deleted node left dangling (its connection).
    const saved = await eventually(async () => {
      const document = await savedDocument(owner, fuid);
      return nodeOf(document, 'gold')?.name === 'Offline name' ? document : undefined;
    });
    expect(saved.connections.some((c) => (c as unknown as { from: string }).from === 'mine')).toBe(false);
  });

  it('removing a share closes the connection with the spec text; deleting closes the owner too; API keys connect', async () => {
    const { owner, other, fuid, shareId } = await sharedDiagram('editor');
    const key = (await owner.post('/users/me/api-key', {})).body.content.key as string;
    const byKey = open(fuid, { apiKey: key });
    const editor = open(fuid, { client: other });
    await Promise.all([byKey.synced, editor.synced]);
    expect(byKey.provider.authorizedScope).toBe('read-write');

    expect((await owner.delete(`/diagrams/${fuid}/shares/${shareId}`)).status).toBe(200);
    await until(() => editor.closedWith.includes('Diagram not found'), 'closed after the share was removed');
    expect(byKey.closedWith).toEqual([]);

    expect((await owner.delete(`/diagrams/${fuid}`)).status).toBe(200);
    await until(
      () => byKey.closedWith.includes('This diagram was deleted or is no longer public'),
      'closed after deletion',
    );

    const stranger = open(fuid, { client: other });
    await until(() => stranger.closedWith.includes('Diagram not found'), 'refused after deletion');
    const forged = open(fuid, { apiKey: 'not-a-key' });
    await until(() => forged.closedWith.includes('Diagram not found'), 'a wrong key is refused');
  });

  it('unloads a document when its last person leaves', async () => {
    const { owner, fuid } = await sharedDiagram('editor');
    const server = app.http.app.get(CollabServer);
    const before = server.openDocumentCount();
    const a = open(fuid, { client: owner });
    await a.synced;
    expect(server.openDocumentCount()).toBe(before + 1);
    // The metrics gauge of live documents reads the same count.
    const { body } = await app.http.app.get(MetricsService).scrape();
    expect(body).toContain(`loopwright_live_documents{role="app"} ${before + 1}\n`);
    a.destroy();
    await until(() => server.openDocumentCount() === before, 'document unloaded');
  });

  it('PUT document with nobody live is the ordinary save, without a live document; the live state catches up when opened', async () => {
    const { owner, other, fuid } = await sharedDiagram('editor');
    const server = app.http.app.get(CollabServer);
    const prisma = app.http.app.get(PrismaService);
    const row = await prisma.diagram.findUniqueOrThrow({ where: { fuid }, select: { id: true } });
    // Opened once and left: a stored live state at version 1.
    const first = open(fuid, { client: other });
    await first.synced;
    first.destroy();
    await until(() => !server.hasOpenDocument(fuid), 'document unloaded');
    const stored = await prisma.diagramLiveDocument.findUnique({ where: { diagramId: row.id } });
    const base = (await owner.get(`/diagrams/${fuid}`)).body.content.diagram.version as number;

    // Two saves while nobody has it open: no Y.Doc is loaded for them, the stored live state is left as it was.
    const renamed = economyDocument();
    renamed.nodes = renamed.nodes!.map((n) => (n.id === 'gold' ? { ...n, name: 'Treasury' } : n));
    const put = await owner.put(`/diagrams/${fuid}/document`, { baseVersion: base, document: renamed });
    expect(put.status).toBe(200);
    expect(server.hasOpenDocument(fuid)).toBe(false);
    // Nobody live: a save from the version before is the ordinary conflict (its base document is
    // no longer known once the burst's version entry moved on); on the version now it saves.
    const moved = { ...renamed, nodes: renamed.nodes.map((n) => (n.id === 'ore' ? { ...n, x: 555 } : n)) };
    const stale = await owner.put(`/diagrams/${fuid}/document`, { baseVersion: base, document: moved });
    expect(stale.status).toBe(409);
    const next = await owner.put(`/diagrams/${fuid}/document`, {
      baseVersion: put.body.content.version,
      document: moved,
    });
    expect(next.body.content.version).toBe(put.body.content.version + 1);
    expect(server.hasOpenDocument(fuid)).toBe(false);
    const after = await prisma.diagramLiveDocument.findUnique({ where: { diagramId: row.id } });
    expect(after?.updatedAt ?? null).toEqual(stored?.updatedAt ?? null);
    const json = await savedDocument(owner, fuid);
    expect([nodeOf(json, 'gold')?.name, nodeOf(json, 'ore')?.x]).toEqual(['Treasury', 555]);

    // Opened again: the live document has both saves.
    const again = open(fuid, { client: other });
    await again.synced;
    expect([liveNode(again, 'gold')?.name, liveNode(again, 'ore')?.x]).toEqual(['Treasury', 555]);
  });

  it('a restore made while a tab is loading the document reaches that tab', async () => {
    const { owner, other, fuid } = await sharedDiagram('editor');
    const server = app.http.app.get(CollabServer);
    // The diagram as created (gold is named Gold), then saved by the colleague with gold renamed (its own version).
    const versions = (await owner.get(`/diagrams/${fuid}/versions`)).body.content.items as { id: string }[];
    const first = versions[versions.length - 1];
    const base = (await owner.get(`/diagrams/${fuid}`)).body.content.diagram.version as number;
    const renamed = economyDocument();
    renamed.nodes = renamed.nodes!.map((n) => (n.id === 'gold' ? { ...n, name: 'Treasury' } : n));
    expect((await other.put(`/diagrams/${fuid}/document`, { baseVersion: base, document: renamed })).status).toBe(200);

    // The tab's load is held at its read of the stored live state while the restore is made.
    const held = await holdLiveStateReads();
    const decisions: Promise<boolean>[] = [];
    const isLive = server.isLive.bind(server);
    const watch = vi.spyOn(server, 'isLive').mockImplementation((f) => {
      const decision = isLive(f);
      decisions.push(decision);
      return decision;
    });
    try {
      const tab = open(fuid, { client: owner });
      await until(() => server.hocuspocus.loadingDocuments.has(fuid), 'the tab loading the document');
      const restoring = owner.post(`/diagrams/${fuid}/versions/${first.id}/restore`, {});
      await until(() => decisions.length > 0, 'the restore asking whether the diagram is live');
      // A document being loaded counts as live: the restore waits for it instead of missing it.
      expect(await decisions[0]).toBe(true);
      await held.release();
      expect((await restoring).status).toBe(200);
      await tab.synced;
      await until(() => liveNode(tab, 'gold')?.name === 'Gold', 'the restored name in the tab');
      expect(nodeOf(await savedDocument(owner, fuid), 'gold')?.name).toBe('Gold');
    } finally {
      watch.mockRestore();
      await held.release();
    }
  });

  it('a save that reached the JSON without the live document while a tab was loading it reaches the tab at once', async () => {
    const { owner, fuid } = await sharedDiagram('editor');
    const server = app.http.app.get(CollabServer);
    const saves = app.http.app.get(DiagramSaveService);
    const held = await holdLiveStateReads();
    try {
      const tab = open(fuid, { client: owner });
      await until(() => server.hocuspocus.loadingDocuments.has(fuid), 'the tab loading the document');
      // The path without a Y.Doc, as when its check for live documents came just before the load began.
      const facts = (await saves.factsOf(fuid))!;
      const missed = structuredClone(await saves.documentOf(facts.id)) as LiveDocument;
      (nodeOf(missed, 'gold') as Node).name = 'Missed';
      const checked = checkDocument(missed, { allowEmpty: false });
      expect(await saves.commit(facts, facts.ownerId, facts.version, checked, { restoredFrom: null })).toBeTruthy();
      await held.release();
      await tab.synced;
      // Nobody edits: the load's end catches the tab up.
      await until(() => liveNode(tab, 'gold')?.name === 'Missed', 'the missed save in the tab');
    } finally {
      await held.release();
    }
  });

  /**
   * Holds every read of stored live states (a table lock in a transaction of its own) until `release`:
   * a document's load waits there, after it read the JSON document.
   */
  async function holdLiveStateReads(): Promise<{ release: () => Promise<void> }> {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const holding = app.http.app.get(PrismaService).$transaction(
      async (tx) => {
        await tx.$executeRawUnsafe('LOCK TABLE diagram_live_documents IN ACCESS EXCLUSIVE MODE');
        locked();
        await released;
      },
      { timeout: 60_000 },
    );
    await isLocked;
    return {
      release: async () => {
        release();
        await holding;
      },
    };
  }

  /** How far the offline edit (gold's start 4) got: for the message of a round that lost it. */
  async function whereTheEditIs(fuid: string, diagramId: string, client: LiveClient): Promise<string> {
    const startIn = (doc: Y.Doc | undefined) => (doc ? rootsOf(doc).nodes.get('gold')?.get('start') : 'not open');
    const stored = await app.http.app.get(PrismaService).diagramLiveDocument.findUnique({ where: { diagramId } });
    const storedDoc = stored ? new Y.Doc() : undefined;
    if (stored && storedDoc) Y.applyUpdate(storedDoc, stored.state);
    const { isSynced, hasUnsyncedChanges, configuration } = client.provider;
    return (
      ` (tab: synced ${isSynced}, unsynced changes ${hasUnsyncedChanges}, ${configuration.websocketProvider.status};` +
      ` server's live copy: start ${String(startIn(app.http.app.get(CollabServer).hocuspocus.documents.get(fuid)))};` +
      ` stored live state: start ${String(startIn(storedDoc))} at version ${stored?.diagramVersion})`
    );
  }

  it('an edit made offline while the document left memory reaches the JSON document on reconnect', async () => {
    // The document is opened and left without an edit, so the server built it from the JSON and had
    // nothing to store. Which of two such builds wins a merge depends on random Yjs client ids, so
    // the round is repeated: with the bug each round loses the edit half the time.
    const server = app.http.app.get(CollabServer);
    const prisma = app.http.app.get(PrismaService);
    for (let round = 0; round < 6; round++) {
      const { owner, fuid } = await sharedDiagram('editor', await samePeople());
      const a = open(fuid, { client: owner });
      await a.synced;
      a.provider.disconnect();
      await until(() => !server.hasOpenDocument(fuid), 'document unloaded');
      // What the tab holds is stored, though nobody edited: the next opening loads these very items.
      const row = await prisma.diagram.findUniqueOrThrow({ where: { fuid }, select: { id: true } });
      expect(await prisma.diagramLiveDocument.findUnique({ where: { diagramId: row.id } })).not.toBeNull();
      setNode(a, 'gold', { start: 4 });
      await a.provider.connect();
      const saved = await eventually(async () => {
        const document = await savedDocument(owner, fuid);
        return (nodeOf(document, 'gold') as unknown as { start: number }).start === 4 ? document : undefined;
        // A lost edit never arrives; a loaded machine can take a while to reconnect, sync and store.
      }, 20_000).catch(() => null);
      const trail = saved ? '' : await whereTheEditIs(fuid, row.id, a);
      expect(saved && nodeOf(saved, 'gold')?.name, `round ${round}: the offline edit reached the JSON${trail}`).toBe(
        'Gold',
      );
      expect((liveNode(a, 'gold') as unknown as { start: number }).start, `round ${round}: and stays in the tab`).toBe(
        4,
      );
      a.destroy();
    }
  });
});
