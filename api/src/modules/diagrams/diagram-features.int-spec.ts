import { readFileSync } from 'node:fs';
import path from 'node:path';
import { DiagramLimits, DiagramTexts } from '@loopwright/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDiagram, economyDocument } from '../../../test/factories/diagrams.js';
import { createUser, loginAs } from '../../../test/factories/users.js';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';
import { PrismaService } from '../../core/prisma/prisma.service.js';

const fixture = (name: string) =>
  readFileSync(path.resolve(import.meta.dirname, '../../../../packages/engine/src/__fixtures__', name), 'utf8');

describe('import and export, privacy and sharing rules, tags, play history, notifications', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app?.close());

  it('exports our JSON and imports it back losslessly; imports both Machinations XML formats; refuses anything else', async () => {
    const owner = await loginAs(app, await createUser(app));
    const document = economyDocument({ variables: [{ name: 'rate', formula: '2' }] });
    document.nodes!.push({ id: 'note', type: 'text', name: '', text: 'Ünïcode — note', x: 10, y: 400, width: 200 });
    const diagram = await createDiagram(owner, { name: 'Round trip', description: 'All of it', document });
    const exported = await owner.get(`/diagrams/${diagram.fuid}/export/json`);
    expect(exported.body).toMatchObject({
      format: 'loopwright',
      formatVersion: 1,
      name: 'Round trip',
      description: 'All of it',
      source: { fuid: diagram.fuid, version: 1 },
    });

    const imported = await owner.post('/diagrams/import', { text: JSON.stringify(exported.body) });
    expect(imported.status).toBe(201);
    expect(imported.body.content).toMatchObject({
      format: 'loopwright',
      warnings: [],
      diagram: { name: 'Round trip', description: 'All of it', version: 1 },
    });
    expect(imported.body.content.diagram.document).toEqual(exported.body.document);
    const again = await owner.get(`/diagrams/${imported.body.content.diagram.fuid}/export/json`);
    expect(again.body.document).toEqual(exported.body.document);

    const classic = await owner.post('/diagrams/import', { text: fixture('ex08-invest.machinations.xml') });
    expect(classic.status).toBe(201);
    expect(classic.body.content.format).toMatch(/machinations/i);
    expect(classic.body.content.diagram.counts.nodes).toBeGreaterThanOrEqual(4);
    const mx = await owner.post('/diagrams/import', {
      text: fixture('ex10-activator-end.mxgraph.xml'),
      name: 'From mxGraph',
    });
    expect(mx.status).toBe(201);
    expect(mx.body.content.diagram).toMatchObject({ name: 'From mxGraph' });
    expect(mx.body.content.diagram.document.nodes.map((n: { name: string }) => n.name)).toContain('S1');

    for (const text of ['hello', '<svg></svg>', '{"not":"a diagram"}', '{broken']) {
      const refused = await owner.post('/diagrams/import', { text });
      expect(refused.status).toBe(400);
      expect(refused.body.error).toMatchObject({
        code: 'DIAGRAM_FORMAT_NOT_RECOGNIZED',
        message: DiagramTexts.formatNotRecognized,
      });
    }
  });

  it('needs a saved diagram for privacy, sharing, tags and plays; a named file for sharing; refuses sharing twice with one person', async () => {
    const ownerUser = await createUser(app);
    const owner = await loginAs(app, ownerUser);
    const unsaved = (await owner.post('/diagrams', {})).body.content.diagram;
    const privacy = await owner.put(`/diagrams/${unsaved.fuid}/privacy`, { linkAccess: 'view' });
    expect(privacy.status).toBe(409);
    expect(privacy.body.error).toMatchObject({ code: 'DIAGRAM_NOT_SAVED', message: DiagramTexts.notSavedPrivacy });
    const tag = (await owner.post('/tags', { name: 'Draft' })).body.content.tag;
    expect((await owner.put(`/diagrams/${unsaved.fuid}/tags`, { tagIds: [tag.id] })).body.error).toMatchObject({
      code: 'DIAGRAM_NOT_SAVED',
      message: DiagramTexts.notSavedTags,
    });
    expect(
      (await owner.post(`/diagrams/${unsaved.fuid}/plays`, { kind: 'quick', diagramVersion: 0, seed: 1, steps: 1 }))
        .body.error.message,
    ).toBe(DiagramTexts.notSavedPlay);

    const untitled = await createDiagram(owner, { name: 'Untitled' });
    const nameFirst = await owner.post(`/diagrams/${untitled.fuid}/shares`, {
      email: 'friend@example.test',
      role: 'editor',
    });
    expect(nameFirst.status).toBe(400);
    expect(nameFirst.body.error).toMatchObject({ code: 'SHARE_NAME_REQUIRED', message: DiagramTexts.nameFirst });

    const named = await createDiagram(owner, { name: 'Named' });
    expect(
      (await owner.post(`/diagrams/${named.fuid}/shares`, { email: 'Friend@Example.test', role: 'editor' })).status,
    ).toBe(201);
    const twice = await owner.post(`/diagrams/${named.fuid}/shares`, { email: 'friend@example.test', role: 'viewer' });
    expect(twice.status).toBe(409);
    expect(twice.body.error).toMatchObject({ code: 'SHARE_ALREADY_EXISTS', message: DiagramTexts.alreadyShared });
    expect(
      (await owner.post(`/diagrams/${named.fuid}/shares`, { email: ownerUser.email, role: 'viewer' })).body.error.code,
    ).toBe('SHARE_SELF');
    expect((await owner.post(`/diagrams/${named.fuid}/shares`, { email: 'not-an-email', role: 'viewer' })).status).toBe(
      400,
    );

    const combined = await owner.put(`/diagrams/${named.fuid}/privacy`, { linkAccess: 'view', community: true });
    expect(combined.body.content.privacy).toEqual({
      linkAccess: 'view',
      community: true,
      specificPeople: true,
      option: 'combined',
    });
    const summary = (await owner.get(`/diagrams/${named.fuid}`)).body.content.diagram;
    expect(summary.publicUrl).toBe(`/open-public/${named.fuid}`);
  });

  it('keeps tags per owner with colours, refuses duplicates, filters lists by tag', async () => {
    const owner = await loginAs(app, await createUser(app));
    const other = await loginAs(app, await createUser(app));
    const red = await owner.post('/tags', { name: 'Balance', textColor: '#FFFFFF', backgroundColor: '#F36161' });
    expect(red.status).toBe(201);
    expect(red.body.content.tag).toMatchObject({
      name: 'Balance',
      textColor: '#FFFFFF',
      backgroundColor: '#F36161',
      diagramCount: 0,
    });
    const duplicate = await owner.post('/tags', { name: 'balance' });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.error).toMatchObject({ code: 'TAG_ALREADY_EXISTS', message: DiagramTexts.tagExists });
    expect((await other.post('/tags', { name: 'Balance' })).status).toBe(201);
    expect((await owner.post('/tags', { name: 'Bad', backgroundColor: 'red' })).status).toBe(400);

    const a = await createDiagram(owner, { name: 'A' });
    await createDiagram(owner, { name: 'B' });
    const set = await owner.put(`/diagrams/${a.fuid}/tags`, { tagIds: [red.body.content.tag.id] });
    expect(set.body.content.tags).toEqual([
      { id: red.body.content.tag.id, name: 'Balance', textColor: '#FFFFFF', backgroundColor: '#F36161' },
    ]);
    const filtered = await owner.get(`/diagrams?tag=${red.body.content.tag.id}`);
    expect(filtered.body.content.items.map((d: { name: string; tags: unknown[] }) => [d.name, d.tags.length])).toEqual([
      ['A', 1],
    ]);
    expect((await owner.get('/tags')).body.content.tags[0].diagramCount).toBe(1);
    // Someone else's tag cannot be put on my diagram.
    const othersTag = (await other.get('/tags')).body.content.tags[0];
    expect((await owner.put(`/diagrams/${a.fuid}/tags`, { tagIds: [othersTag.id] })).status).toBe(404);

    expect(
      (await owner.patch(`/tags/${red.body.content.tag.id}`, { name: 'Economy', backgroundColor: '#66BB6A' })).body
        .content.tag,
    ).toMatchObject({ name: 'Economy', backgroundColor: '#66BB6A' });
    expect((await other.delete(`/tags/${red.body.content.tag.id}`)).status).toBe(404);
    expect((await owner.delete(`/tags/${red.body.content.tag.id}`)).status).toBe(200);
    expect((await owner.get(`/diagrams/${a.fuid}`)).body.content.diagram.tags).toEqual([]);

    const prisma = app.http.app.get(PrismaService);
    const me = await prisma.tag.findFirstOrThrow({
      where: { name: 'Balance' },
      select: { ownerId: true, workspaceId: true },
    });
    await prisma.tag.createMany({
      data: Array.from({ length: DiagramLimits.maxTags }, (_, i) => ({
        ownerId: me.ownerId,
        workspaceId: me.workspaceId,
        name: `t${i}`,
        nameKey: `t${i}`,
        textColor: '#FFFFFF',
        backgroundColor: '#000000',
      })),
    });
    expect((await other.post('/tags', { name: 'one too many' })).body.error).toMatchObject({
      code: 'TAG_LIMIT_REACHED',
      message: DiagramTexts.tagLimit,
    });
  });

  it('stores quick, interactive and multiple plays with their values; lists, opens and deletes them with the spec errors', async () => {
    const owner = await loginAs(app, await createUser(app));
    const diagram = await createDiagram(owner);
    const quick = await owner.post(`/diagrams/${diagram.fuid}/plays`, {
      kind: 'quick',
      diagramVersion: 1,
      seed: 3,
      steps: 4,
      endReasons: { limit: 1 },
      series: { gold: [1, 2, 3, 4] },
    });
    expect(quick.status).toBe(201);
    expect(quick.body.content.play).toMatchObject({
      kind: 'quick',
      status: 'done',
      runs: 1,
      steps: 4,
      totalSteps: 4,
      series: { gold: [1, 2, 3, 4] },
      stats: null,
      server: false,
    });
    const stats = {
      runs: 100,
      completed: 100,
      meanSteps: 16,
      steps: 16,
      summary: { gold: { mean: [1], median: [1], min: [1], max: [1], percentiles: { '95': [1] } } },
    };
    await owner.post(`/diagrams/${diagram.fuid}/plays`, {
      kind: 'multiple',
      diagramVersion: 1,
      seed: 0,
      runs: 100,
      steps: 16,
      endReasons: { win: 100 },
      stats,
    });
    await owner.post(`/diagrams/${diagram.fuid}/plays`, {
      kind: 'interactive',
      diagramVersion: 1,
      seed: 9,
      steps: 2,
      endReasons: { user: 1 },
    });
    const list = (await owner.get(`/diagrams/${diagram.fuid}/plays`)).body.content;
    expect(list.total).toBe(3);
    expect(list.items.map((p: { kind: string }) => p.kind)).toEqual(['interactive', 'multiple', 'quick']);
    expect((await owner.get(`/diagrams/${diagram.fuid}/plays?kind=multiple`)).body.content.items[0]).toMatchObject({
      runs: 100,
      endReasons: { win: 100 },
    });
    expect((await owner.get(`/diagrams/${diagram.fuid}`)).body.content.diagram.counts.plays).toBe(3);
    const opened = await owner.get(`/diagrams/${diagram.fuid}/plays/${list.items[1].id}`);
    expect(opened.body.content.play.stats).toEqual(stats);
    expect(
      (await owner.post(`/diagrams/${diagram.fuid}/plays`, { kind: 'quick', diagramVersion: 5, seed: 1, steps: 1 }))
        .status,
    ).toBe(400);

    expect((await owner.delete(`/diagrams/${diagram.fuid}/plays/${list.items[1].id}`)).status).toBe(200);
    const missing = await owner.get(`/diagrams/${diagram.fuid}/plays/${list.items[1].id}`);
    expect(missing.status).toBe(404);
    expect(missing.body.error).toMatchObject({ code: 'PLAY_NOT_FOUND', message: DiagramTexts.playsLoadFailed });
    const deleteAgain = await owner.delete(`/diagrams/${diagram.fuid}/plays/${list.items[1].id}`);
    expect(deleteAgain.body.error).toMatchObject({ code: 'PLAY_NOT_FOUND', message: DiagramTexts.playDeleteFailed });
    expect((await owner.get(`/diagrams/${diagram.fuid}`)).body.content.diagram.counts.plays).toBe(2);
  });

  it('adds, lists and marks notifications as viewed, each user only their own', async () => {
    const me = await loginAs(app, await createUser(app));
    const other = await loginAs(app, await createUser(app));
    const added = await me.post('/notifications/add', {
      type: 'warning',
      message: 'Check your diagram',
      link: '/diagrams',
    });
    expect(added.body.content.notification).toMatchObject({
      type: 'warning',
      message: 'Check your diagram',
      link: '/diagrams',
      viewed: false,
    });
    await me.post('/notifications/add', { message: 'Hello' });
    expect((await other.get('/notifications')).body.content).toEqual({
      notifications: [],
      unviewedCount: 0,
      total: 0,
      page: 1,
    });
    expect(
      (await other.post('/notifications/mark-as-viewed', { ids: [added.body.content.notification.id] })).body.content
        .updated,
    ).toBe(0);
    const mine = (await me.get('/notifications')).body.content;
    expect(mine.unviewedCount).toBe(2);
    expect(mine.notifications.map((n: { message: string }) => n.message)).toEqual(['Hello', 'Check your diagram']);
    expect(
      (await me.post('/notifications/mark-as-viewed', { ids: [added.body.content.notification.id] })).body.content
        .updated,
    ).toBe(1);
    expect(
      (await me.get('/notifications?unviewed=true')).body.content.notifications.map(
        (n: { message: string }) => n.message,
      ),
    ).toEqual(['Hello']);
  });
});
