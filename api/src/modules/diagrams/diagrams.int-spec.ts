import { DiagramTexts } from '@loopwright/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDiagram, economyDocument, tinyDocument } from '../../../test/factories/diagrams.js';
import { createUser, loginAs } from '../../../test/factories/users.js';
import { ApiClient } from '../../../test/support/api-client.js';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';

describe('diagrams: create, list, get, save, rename, delete, restore, copy, details', () => {
  let app: TestApp;
  let owner: ApiClient;
  beforeAll(async () => {
    app = await startTestApp();
    owner = await loginAs(app, await createUser(app));
  });
  afterAll(() => app?.close());

  it('creates an Untitled empty diagram at version 0 and a named one at version 1', async () => {
    const empty = await owner.post('/diagrams', {});
    expect(empty.status).toBe(201);
    expect(empty.body.content.diagram).toMatchObject({
      name: 'Untitled',
      version: 0,
      access: 'owner',
      savedAt: null,
      privacy: { option: 'only-me' },
    });
    expect(empty.body.content.diagram.document).toMatchObject({
      nodes: [],
      connections: [],
      settings: { stepsLimit: 100 },
    });

    const diagram = await createDiagram(owner);
    expect(diagram).toMatchObject({
      name: 'Economy',
      version: 1,
      timeStepsLimit: 60,
      counts: { nodes: 7, connections: 6, components: 13 },
    });
    expect(diagram.typeTags).toEqual(['dice']);
    expect(diagram.fuid).toMatch(/^[A-Za-z0-9]{16}$/);
    expect(diagram.document.nodes[1]).toMatchObject({
      id: 'gold',
      type: 'pool',
      showInChart: true,
      activation: 'passive',
    });
  });

  it('saves on the version it was based on; a stale save is 409 with the current version', async () => {
    const diagram = await createDiagram(owner);
    const saved = await owner.put(`/diagrams/${diagram.fuid}/document`, { baseVersion: 1, document: tinyDocument(3) });
    expect(saved.status).toBe(200);
    expect(saved.body.content).toMatchObject({ version: 2, typeTags: [], warnings: [] });

    const stale = await owner.put(`/diagrams/${diagram.fuid}/document`, { baseVersion: 1, document: tinyDocument(4) });
    expect(stale.status).toBe(409);
    expect(stale.body.error).toMatchObject({
      code: 'DIAGRAM_VERSION_CONFLICT',
      details: { currentVersion: 2, savedBy: { username: expect.any(String) } },
    });

    // "Force mine": save again on the version the conflict reported.
    const forced = await owner.put(`/diagrams/${diagram.fuid}/document`, { baseVersion: 2, document: tinyDocument(4) });
    expect(forced.body.content.version).toBe(3);
    const reloaded = await owner.get(`/diagrams/${diagram.fuid}`);
    expect(reloaded.body.content.diagram).toMatchObject({ version: 3, counts: { nodes: 2, connections: 1 } });
    expect(reloaded.body.content.diagram.document.nodes[1].start).toBe(4);
  });

  it("refuses an empty graph with 'Cannot autosave an empty graph' and an invalid document by element, storing nothing", async () => {
    const diagram = await createDiagram(owner);
    const empty = await owner.put(`/diagrams/${diagram.fuid}/document`, {
      baseVersion: 1,
      document: { nodes: [], connections: [] },
    });
    expect(empty.status).toBe(400);
    expect(empty.body.error).toMatchObject({ code: 'DIAGRAM_EMPTY', message: DiagramTexts.emptyGraph });

    const broken = economyDocument();
    broken.connections![1] = { ...broken.connections![1], formula: '5 +* 2' };
    const invalid = await owner.put(`/diagrams/${diagram.fuid}/document`, { baseVersion: 1, document: broken });
    expect(invalid.status).toBe(400);
    expect(invalid.body.error.code).toBe('DIAGRAM_INVALID');
    expect(invalid.body.error.details.problems).toContainEqual(
      expect.objectContaining({ id: 'c2', severity: 'error' }),
    );

    const wrongType = await owner.put(`/diagrams/${diagram.fuid}/document`, {
      baseVersion: 1,
      document: { nodes: [{ id: 'x', type: 'volcano' }] },
    });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.error.details.problems[0]).toMatchObject({ id: 'x', code: 'SCHEMA' });

    const after = await owner.get(`/diagrams/${diagram.fuid}`);
    expect(after.body.content.diagram.version).toBe(1);
    expect(after.body.content.diagram.document.connections[1].formula).toBe('5');
  });

  it('lists My Diagrams sorted and paged, filters by name, renames, deletes to the trash and restores', async () => {
    const user = await loginAs(app, await createUser(app));
    for (const name of ['Banana', 'apple', 'Cherry']) await createDiagram(user, { name });
    const byName = await user.get('/diagrams?sort=name&pageSize=2');
    expect(byName.body.content).toMatchObject({ total: 3, page: 1, pageSize: 2 });
    expect(byName.body.content.items.map((d: { name: string }) => d.name)).toEqual(['apple', 'Banana']);
    const page2 = await user.get('/diagrams?sort=name&pageSize=2&page=2');
    expect(page2.body.content.items.map((d: { name: string }) => d.name)).toEqual(['Cherry']);
    const newest = await user.get('/diagrams?sort=created');
    expect(newest.body.content.items[0].name).toBe('Cherry');
    expect((await user.get('/diagrams?q=ERR')).body.content.items.map((d: { name: string }) => d.name)).toEqual([
      'Cherry',
    ]);

    const cherry = newest.body.content.items[0];
    const renamed = await user.patch(`/diagrams/${cherry.fuid}`, { name: 'Cherry pie', description: 'Sweet' });
    expect(renamed.body.content.diagram).toMatchObject({ name: 'Cherry pie', description: 'Sweet', version: 1 });

    expect((await user.delete(`/diagrams/${cherry.fuid}`)).status).toBe(200);
    expect((await user.get(`/diagrams/${cherry.fuid}`)).status).toBe(404);
    expect((await user.get('/diagrams')).body.content.total).toBe(2);
    const trash = await user.get('/diagrams?scope=trash');
    expect(trash.body.content.items).toEqual([
      expect.objectContaining({ fuid: cherry.fuid, deletedAt: expect.any(String) }),
    ]);
    expect((await user.post(`/diagrams/${cherry.fuid}/restore`)).body.content.diagram.deletedAt).toBeNull();
    expect((await user.get(`/diagrams/${cherry.fuid}`)).status).toBe(200);
  });

  it('copies a diagram as a new private one that remembers its source; a gone source cannot be copied', async () => {
    const diagram = await createDiagram(owner, { name: 'Original' });
    const copy = await owner.post(`/diagrams/${diagram.fuid}/copies`, {});
    expect(copy.status).toBe(201);
    expect(copy.body.content.diagram).toMatchObject({
      name: 'Original (copy)',
      version: 1,
      source: { fuid: diagram.fuid, name: 'Original', available: true },
    });
    expect(copy.body.content.diagram.document).toEqual(
      (await owner.get(`/diagrams/${diagram.fuid}`)).body.content.diagram.document,
    );
    expect((await owner.get(`/diagrams/${diagram.fuid}`)).body.content.diagram.counts.forks).toBe(1);

    await owner.delete(`/diagrams/${diagram.fuid}`);
    const gone = await owner.post(`/diagrams/${diagram.fuid}/copies`, {});
    expect(gone.status).toBe(404);
    expect(gone.body.error).toMatchObject({ code: 'DIAGRAM_COPY_UNAVAILABLE', message: DiagramTexts.copyUnavailable });
    expect((await owner.get(`/diagrams/${copy.body.content.diagram.fuid}`)).body.content.diagram.source).toMatchObject({
      available: false,
      name: '',
    });
  });

  it('shows document details: author, dates, size, component count, file token', async () => {
    const diagram = await createDiagram(owner);
    const details = await owner.get(`/diagrams/${diagram.fuid}/details`);
    expect(details.body.content).toMatchObject({
      author: { username: expect.any(String) },
      componentCount: 13,
      sizeBytes: expect.any(Number),
      fileToken: expect.stringMatching(/^ft_/),
      version: 1,
      lastChangeBy: { username: expect.any(String) },
    });
    expect(details.body.content.sizeBytes).toBeGreaterThan(500);
  });

  it('works with a user API key instead of the session', async () => {
    const user = await createUser(app);
    const session = await loginAs(app, user);
    const key = (await session.post('/users/me/api-key')).body.content.key as string;
    const api = new ApiClient(app.url, { bearer: key, clientId: null });
    const diagram = await createDiagram(api);
    expect(
      (await api.put(`/diagrams/${diagram.fuid}/document`, { baseVersion: 1, document: tinyDocument() })).status,
    ).toBe(200);
    expect((await api.get('/diagrams')).body.content.total).toBe(1);
  });
});
