import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDiagram, economyDocument } from '../../../test/factories/diagrams.js';
import { createUser, loginAs } from '../../../test/factories/users.js';
import { ApiClient } from '../../../test/support/api-client.js';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';
import { PrismaService } from '../../core/prisma/prisma.service.js';

describe('GET /api/diagrams/:fuid/compare', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(async () => {
    await app?.close();
  });

  /** A diagram with two history entries: the economy as created, then an edited one saved after a pause. */
  async function twoVersions() {
    const ownerUser = await createUser(app);
    const owner = await loginAs(app, ownerUser);
    const diagram = await createDiagram(owner, { name: 'Compared' });
    const prisma = app.http.app.get(PrismaService);
    await prisma.diagramRevision.updateMany({
      where: { diagram: { fuid: diagram.fuid } },
      data: { updatedAt: new Date(Date.now() - 10 * 60_000), createdAt: new Date(Date.now() - 10 * 60_000) },
    });
    const edited = economyDocument();
    edited.nodes![1] = { ...edited.nodes![1], name: 'Coins', x: 999 };
    edited.nodes![0] = { ...edited.nodes![0], x: 10 };
    edited.connections![1] = { ...edited.connections![1], formula: '5 + 1' };
    edited.connections![0] = { ...edited.connections![0], formula: ' 1 ' };
    edited.nodes = edited.nodes!.filter((n) => n.id !== 'ore');
    edited.connections = edited.connections!.filter((c) => c.to !== 'ore');
    edited.nodes.push({ id: 'bank', type: 'pool', name: 'Bank', x: 0, y: 0 });
    edited.settings = { ...edited.settings, stepsLimit: 80 };
    const saved = await owner.put(`/diagrams/${diagram.fuid}/document`, { baseVersion: 1, document: edited });
    expect(saved.status).toBe(200);
    const items = (await owner.get(`/diagrams/${diagram.fuid}/versions`)).body.content.items as { id: string }[];
    expect(items).toHaveLength(2);
    return { owner, ownerUser, diagram, newer: items[0].id, older: items[1].id };
  }

  it('answers the differ’s added, removed, changed and moved between two versions or a version and current', async () => {
    const { owner, diagram, older, newer } = await twoVersions();
    const r = await owner.get(`/diagrams/${diagram.fuid}/compare?from=${older}&to=current`);
    expect(r.status).toBe(200);
    expect(r.body.content).toEqual({
      added: [{ kind: 'node', id: 'bank', name: 'Bank' }],
      removed: [
        { kind: 'node', id: 'ore', name: 'Ore' },
        { kind: 'connection', id: 'c4', name: 'Mine → Ore' },
      ],
      changed: [
        { kind: 'node', id: 'gold', field: 'name', before: 'Gold', after: 'Coins' },
        { kind: 'connection', id: 'c2', field: 'formula', before: '5', after: '5 + 1' },
        { kind: 'settings', id: 'settings', field: 'stepsLimit', before: 60, after: 80 },
      ],
      moved: [
        { kind: 'node', id: 'source' },
        { kind: 'node', id: 'gold' },
      ],
    });
    const same = await owner.get(`/diagrams/${diagram.fuid}/compare?from=${newer}&to=current`);
    expect(same.body.content).toEqual({ added: [], removed: [], changed: [], moved: [] });
    const back = await owner.get(`/diagrams/${diagram.fuid}/compare?from=current&to=${older}`);
    expect(back.body.content.added).toEqual([
      { kind: 'node', id: 'ore', name: 'Ore' },
      { kind: 'connection', id: 'c4', name: 'Mine → Ore' },
    ]);
  });

  it('refuses a version of another diagram, a bad reference and callers without version-history access', async () => {
    const { owner, diagram, older } = await twoVersions();
    const other = await twoVersions();
    const foreign = await owner.get(`/diagrams/${diagram.fuid}/compare?from=${other.older}&to=current`);
    expect(foreign.status).toBe(404);
    expect(foreign.body.error.code).toBe('DIAGRAM_VERSION_NOT_FOUND');
    expect((await owner.get(`/diagrams/${diagram.fuid}/compare?from=yesterday&to=current`)).status).toBe(400);
    expect((await owner.get(`/diagrams/${diagram.fuid}/compare?from=${older}`)).status).toBe(400);

    const stranger = await loginAs(app, await createUser(app));
    const hidden = await stranger.get(`/diagrams/${diagram.fuid}/compare?from=${older}&to=current`);
    expect(hidden.status).toBe(404);
    expect(hidden.body.error.code).toBe('DIAGRAM_NOT_FOUND');

    const viewerUser = await createUser(app);
    await owner.post(`/diagrams/${diagram.fuid}/shares`, { email: viewerUser.email, role: 'viewer' });
    const viewer = await loginAs(app, viewerUser);
    expect((await viewer.get(`/diagrams/${diagram.fuid}/compare?from=${older}&to=current`)).status).toBe(403);

    const editorUser = await createUser(app);
    await owner.post(`/diagrams/${diagram.fuid}/shares`, { email: editorUser.email, role: 'editor' });
    const editor = await loginAs(app, editorUser);
    expect((await editor.get(`/diagrams/${diagram.fuid}/compare?from=${older}&to=current`)).status).toBe(200);

    const anonymous = new ApiClient(app.url);
    expect((await anonymous.get(`/diagrams/${diagram.fuid}/compare?from=${older}&to=current`)).status).toBe(401);
  });
});
