import { ACCESS_COOKIE, DiagramLimits, RealtimeEvents } from '@loopwright/contracts';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDiagram, tinyDocument } from '../../../test/factories/diagrams.js';
import { createUser, loginAs } from '../../../test/factories/users.js';
import type { ApiClient } from '../../../test/support/api-client.js';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';
import { PrismaService } from '../../core/prisma/prisma.service.js';
import { checkDocument } from './diagram-document.js';
import { DiagramSaveService } from './diagram-save.service.js';

function socketFor(app: TestApp, client: ApiClient): Promise<Socket> {
  const socket = connect(app.url, {
    transports: ['websocket'],
    extraHeaders: { cookie: `${ACCESS_COOKIE}=${client.cookie(ACCESS_COOKIE)}` },
    reconnection: false,
  });
  return new Promise((resolve, reject) => {
    socket.on('connect', () => resolve(socket));
    socket.on('connect_error', reject);
  });
}

function next<T = unknown>(socket: Socket, event: string, timeoutMs = 5_000): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} within ${timeoutMs} ms`)), timeoutMs);
    socket.once(event, (payload: T) => (clearTimeout(timer), resolve(payload)));
  });
}

describe('saving: optimistic concurrency, version history, restore with live notice', () => {
  let app: TestApp;
  const sockets: Socket[] = [];
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(async () => {
    for (const s of sockets) s.disconnect();
    await app?.close();
  });

  it('50 concurrent saves on the same base version: each is applied to the live document as one change in turn, never a version twice', async () => {
    const owner = await loginAs(app, await createUser(app));
    const diagram = await createDiagram(owner);
    const started = Date.now();
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        owner.put(`/diagrams/${diagram.fuid}/document`, { baseVersion: 1, document: tinyDocument(i) }),
      ),
    );
    const ms = Date.now() - started;
    const won = answers.filter((a) => a.status === 200);
    const conflicts = answers.filter((a) => a.status === 409);
    console.log(`50 concurrent saves on version 1 in ${ms} ms: ${won.length} applied, ${conflicts.length} got 409`);
    // A save whose base version is no longer known (the live document was closed meanwhile) is still a 409.
    expect(won.length + conflicts.length).toBe(50);
    expect(won.length).toBeGreaterThanOrEqual(1);
    const versions = won.map((a) => a.body.content.version as number).sort((a, b) => a - b);
    expect(versions).toEqual(Array.from({ length: won.length }, (_, i) => i + 2));
    for (const c of conflicts) expect(c.body.error).toMatchObject({ code: 'DIAGRAM_VERSION_CONFLICT' });

    // The stored document is the last applied one's.
    const last = answers.find((a) => a.status === 200 && a.body.content.version === versions[versions.length - 1])!;
    const stored = (await owner.get(`/diagrams/${diagram.fuid}`)).body.content.diagram;
    expect(stored.version).toBe(versions[versions.length - 1]);
    expect(stored.document.nodes.find((n: { id: string }) => n.id === 'pool').start).toBe(answers.indexOf(last));

    // Then 20 saves in a row, each on the last: no version skipped or repeated.
    let version = stored.version as number;
    const seen: number[] = [];
    for (let i = 0; i < 20; i++) {
      const saved = await owner.put(`/diagrams/${diagram.fuid}/document`, {
        baseVersion: version,
        document: tinyDocument(100 + i),
      });
      version = saved.body.content.version;
      seen.push(version);
    }
    expect(seen).toEqual(Array.from({ length: 20 }, (_, i) => i + stored.version + 1));
  });

  it('the conditional update alone decides: 50 racing commits past the early check, one wins', async () => {
    const ownerUser = await createUser(app);
    const owner = await loginAs(app, ownerUser);
    const diagram = await createDiagram(owner);
    const row = await app.http.app.get(PrismaService).diagram.findUniqueOrThrow({ where: { fuid: diagram.fuid } });
    const id = row.id;
    const saves = app.http.app.get(DiagramSaveService);
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        saves.commit(row, ownerUser.id, 1, checkDocument(tinyDocument(i), { allowEmpty: false }), {
          restoredFrom: null,
        }),
      ),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(results.find(Boolean)?.version).toBe(2);
    expect(await app.http.app.get(PrismaService).diagramRevision.count({ where: { diagramId: id } })).toBe(1);
  });

  it('keeps one version per save burst, a new one for another author or after a pause, and drops versions past the retention', async () => {
    // Retention follows the plan; this instance is self-hosted (every workspace on Enterprise): give it a retention.
    await app.http.app
      .get(PrismaService)
      .plan.update({ where: { type: 14 }, data: { versionHistoryDays: DiagramLimits.versionHistoryDays } });
    const ownerUser = await createUser(app);
    const owner = await loginAs(app, ownerUser);
    const editorUser = await createUser(app);
    const editor = await loginAs(app, editorUser);
    const diagram = await createDiagram(owner, { name: 'History' });
    await owner.post(`/diagrams/${diagram.fuid}/shares`, { email: editorUser.email, role: 'editor' });
    for (let v = 1; v <= 5; v++)
      await owner.put(`/diagrams/${diagram.fuid}/document`, { baseVersion: v, document: tinyDocument(v) });
    let versions = (await owner.get(`/diagrams/${diagram.fuid}/versions`)).body.content;
    expect(versions.retentionDays).toBe(DiagramLimits.versionHistoryDays);
    expect(versions.items).toHaveLength(1);
    expect(versions.items[0]).toMatchObject({ version: 6, firstVersion: 1, saves: 6, author: { id: ownerUser.id } });

    await editor.put(`/diagrams/${diagram.fuid}/document`, { baseVersion: 6, document: tinyDocument(60) });
    const prisma = app.http.app.get(PrismaService);
    await prisma.diagramRevision.updateMany({
      where: { diagram: { fuid: diagram.fuid } },
      data: { updatedAt: new Date(Date.now() - 5 * 60_000) },
    });
    await editor.put(`/diagrams/${diagram.fuid}/document`, { baseVersion: 7, document: tinyDocument(70) });
    versions = (await owner.get(`/diagrams/${diagram.fuid}/versions`)).body.content;
    expect(versions.items.map((v: { version: number; author: { id: string } }) => [v.version, v.author.id])).toEqual([
      [8, editorUser.id],
      [7, editorUser.id],
      [6, ownerUser.id],
    ]);
    const old = await owner.get(`/diagrams/${diagram.fuid}/versions/${versions.items[2].id}`);
    expect(old.body.content.version.document.nodes[1].start).toBe(5);

    // Past the retention: gone from the list, and pruned when the next burst starts.
    const cutoff = new Date(Date.now() - (DiagramLimits.versionHistoryDays + 1) * 86_400_000);
    await prisma.diagramRevision.update({ where: { id: versions.items[2].id }, data: { updatedAt: cutoff } });
    expect((await owner.get(`/diagrams/${diagram.fuid}/versions`)).body.content.items).toHaveLength(2);
    await owner.put(`/diagrams/${diagram.fuid}/document`, { baseVersion: 8, document: tinyDocument(80) });
    expect(await prisma.diagramRevision.count({ where: { id: versions.items[2].id } })).toBe(0);
  });

  it('a save with a message is its own version with that message; later saves start another entry', async () => {
    const owner = await loginAs(app, await createUser(app));
    const created = await owner.post('/diagrams', {
      name: 'Messages',
      document: tinyDocument(1),
      message: 'First cut',
    });
    expect(created.status).toBe(201);
    const { fuid } = created.body.content.diagram;
    const path = `/diagrams/${fuid}/document`;
    // Without the messages these saves would all join the first entry (one burst of one author).
    expect((await owner.put(path, { baseVersion: 1, document: tinyDocument(2) })).status).toBe(200);
    const tagged = await owner.put(path, { baseVersion: 2, document: tinyDocument(3), message: '  Gold rebalanced ' });
    expect(tagged.status).toBe(200);
    expect((await owner.put(path, { baseVersion: 3, document: tinyDocument(4) })).status).toBe(200);
    const items = (await owner.get(`/diagrams/${fuid}/versions`)).body.content.items;
    expect(items.map((v: { version: number; message: string | null }) => [v.version, v.message])).toEqual([
      [4, null],
      [3, 'Gold rebalanced'],
      [2, null],
      [1, 'First cut'],
    ]);
    expect((await owner.get(`/diagrams/${fuid}/versions/${items[1].id}`)).body.content.version).toMatchObject({
      message: 'Gold rebalanced',
      document: { nodes: [expect.anything(), expect.objectContaining({ start: 3 })] },
    });
    expect((await owner.put(path, { baseVersion: 4, document: tinyDocument(5), message: '' })).status).toBe(400);
  });

  it('restores a version as a new version and tells the other editors in real time; viewers may not restore', async () => {
    const ownerUser = await createUser(app);
    const owner = await loginAs(app, ownerUser);
    const editorUser = await createUser(app);
    const editor = await loginAs(app, editorUser);
    const outsider = await loginAs(app, await createUser(app));
    const diagram = await createDiagram(owner, { name: 'Restore me' });
    await owner.post(`/diagrams/${diagram.fuid}/shares`, { email: editorUser.email, role: 'editor' });
    const first = (await owner.get(`/diagrams/${diagram.fuid}/versions`)).body.content.items[0];
    // End the first burst, so that version 1 stays as it is.
    await app.http.app
      .get(PrismaService)
      .diagramRevision.update({ where: { id: first.id }, data: { updatedAt: new Date(Date.now() - 5 * 60_000) } });
    await owner.put(`/diagrams/${diagram.fuid}/document`, { baseVersion: 1, document: tinyDocument(9) });

    const editorSocket = await socketFor(app, editor);
    const outsiderSocket = await socketFor(app, outsider);
    sockets.push(editorSocket, outsiderSocket);
    expect(await editorSocket.emitWithAck(RealtimeEvents.join, { fuid: diagram.fuid })).toEqual({
      ok: true,
      access: 'editor',
      version: 2,
    });
    expect(await outsiderSocket.emitWithAck(RealtimeEvents.join, { fuid: diagram.fuid })).toEqual({
      ok: false,
      code: 'DIAGRAM_NOT_FOUND',
    });

    const saved = next(editorSocket, RealtimeEvents.saved);
    await owner.put(`/diagrams/${diagram.fuid}/document`, { baseVersion: 2, document: tinyDocument(10) });
    expect(await saved).toMatchObject({ fuid: diagram.fuid, version: 3, savedBy: { id: ownerUser.id } });

    let outsiderHeard = false;
    outsiderSocket.on(RealtimeEvents.reverted, () => (outsiderHeard = true));
    const reverted = next(editorSocket, RealtimeEvents.reverted);
    const restored = await owner.post(`/diagrams/${diagram.fuid}/versions/${first.id}/restore`);
    expect(restored.status).toBe(200);
    expect(restored.body.content.version).toBe(4);
    expect(await reverted).toMatchObject({
      fuid: diagram.fuid,
      version: 4,
      restoredFrom: { id: first.id, version: 1 },
      by: { id: ownerUser.id },
    });
    expect(outsiderHeard).toBe(false);

    const now = (await owner.get(`/diagrams/${diagram.fuid}`)).body.content.diagram;
    expect(now.version).toBe(4);
    expect(now.document.nodes).toHaveLength(7);
    const history = (await owner.get(`/diagrams/${diagram.fuid}/versions`)).body.content.items;
    expect(history[0]).toMatchObject({ version: 4, restoredFrom: { id: first.id, version: 1 } });

    const share = (await owner.get(`/diagrams/${diagram.fuid}/shares`)).body.content.shares[0];
    await owner.patch(`/diagrams/${diagram.fuid}/shares/${share.id}`, { role: 'viewer' });
    expect((await editor.post(`/diagrams/${diagram.fuid}/versions/${first.id}/restore`)).status).toBe(403);
  });
});
