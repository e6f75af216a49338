import { LibraryTexts } from '@loopwright/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDiagram } from '../../../test/factories/diagrams.js';
import { createUser, loginAs } from '../../../test/factories/users.js';
import { ApiClient } from '../../../test/support/api-client.js';
import { eventually } from '../../../test/support/eventually.js';
import { PrismaService } from '../../core/prisma/prisma.service.js';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';

describe('templates: catalogue, read-only view, use, admin publish, newest; tours and their errors', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app?.close());

  it('lists the catalogue by section for visitors and opens one template read-only', async () => {
    const visitor = new ApiClient(app.url);
    const all = await visitor.get('/templates');
    expect(all.status).toBe(200);
    expect(all.body.content.items.length).toBeGreaterThanOrEqual(30);
    const sections = Object.fromEntries(
      all.body.content.sections.map((s: { type: string; count: number }) => [s.type, s.count]),
    );
    expect(sections.patterns).toBeGreaterThanOrEqual(10);
    expect(sections.deconstructions).toBeGreaterThanOrEqual(6);
    expect(sections.tutorials).toBeGreaterThanOrEqual(6);
    const tutorials = await visitor.get('/templates?type=tutorials');
    expect(
      tutorials.body.content.items.every(
        (t: { type: string; hasTour: boolean }) => t.type === 'tutorials' && t.hasTour,
      ),
    ).toBe(true);

    const one = await visitor.get('/templates/patterns/dynamic-engine');
    expect(one.status).toBe(200);
    expect(one.body.content.template).toMatchObject({
      type: 'patterns',
      id: 'dynamic-engine',
      title: 'Investment loop',
      href: '/templates/patterns/dynamic-engine?name=Investment%20loop',
      chart: ['Gold', 'Upgrades'],
      tour: null,
    });
    expect(one.body.content.template.document.nodes.find((n: { id: string }) => n.id === 'Gold').showInChart).toBe(
      true,
    );
    expect((await visitor.get('/templates/framework/dynamic-engine')).body.error).toMatchObject({
      code: 'TEMPLATE_NOT_FOUND',
      message: LibraryTexts.templateNotFound,
    });
  });

  it('has Webinars and Book sections, and every template has a description and a thumbnail PNG', async () => {
    const visitor = new ApiClient(app.url);
    const all = await visitor.get('/templates');
    const items: { type: string; id: string; description: string; thumbnailUrl: string }[] = all.body.content.items;
    expect(items.length).toBeGreaterThanOrEqual(80);
    const sections = all.body.content.sections.map((s: { type: string; title: string; count: number }) => s);
    expect(sections).toEqual(
      expect.arrayContaining([
        { type: 'webinars', title: 'Webinars', count: 10 },
        { type: 'book', title: 'Book', count: 14 },
      ]),
    );
    for (const t of items) expect(t.description.length, t.id).toBeGreaterThanOrEqual(40);
    const webinar = items.find((t) => t.id === 'webinar-gacha-odds')!;
    expect(webinar.thumbnailUrl).toMatch(/^\/api\/templates\/webinars\/webinar-gacha-odds\/thumbnail\?v=\d+$/);
    const picture = await fetch(`${app.url}${webinar.thumbnailUrl}`);
    expect(picture.status).toBe(200);
    expect(picture.headers.get('content-type')).toBe('image/png');
    const png = Buffer.from(await picture.arrayBuffer());
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    expect(png.readUInt32BE(16)).toBe(320); // the small share-thumbnail width
    expect((await fetch(`${app.url}/api/templates/book/webinar-gacha-odds/thumbnail`)).status).toBe(404);
  });

  it('"Use this template" needs a login and copies the document and the tour into my workspace', async () => {
    const visitor = new ApiClient(app.url);
    expect((await visitor.post('/templates/tutorials/first-pool/copies', {})).status).toBe(401);
    const me = await loginAs(app, await createUser(app));
    const used = await me.post('/templates/tutorials/first-pool/copies', {});
    expect(used.status).toBe(201);
    const fuid = used.body.content.diagram.fuid;
    expect(used.body.content.diagram.name).toBe('Tutorial 1: sources and pools');
    const diagram = (await me.get(`/diagrams/${fuid}`)).body.content.diagram;
    expect(diagram.access).toBe('owner');
    expect(diagram.document.nodes.map((n: { id: string }) => n.id)).toEqual(['Mint', 'Coins']);
    const tour = await me.get(`/tours?id=${fuid}`);
    expect(tour.body.content.tour.steps).toHaveLength(4);
    expect(tour.body.content.tour.steps[0]).toMatchObject({ title: 'A source', nodes: ['Mint'] });
    expect((await me.get('/diagrams?scope=mine')).body.content.items.map((d: { fuid: string }) => d.fuid)).toContain(
      fuid,
    );
  });

  it('tours: authors save, viewers read, and every spec error answers with its code', async () => {
    const author = await loginAs(app, await createUser(app));
    const stranger = await loginAs(app, await createUser(app));
    const diagram = await createDiagram(author, { name: 'Toured' });
    const visitor = new ApiClient(app.url);

    expect((await visitor.get('/tours')).body.error).toMatchObject({
      code: 'TOUR_NO_DIAGRAM_ID',
      message: LibraryTexts.tourNoDiagramId,
    });
    expect((await visitor.get('/tours?source=templates')).body.error).toMatchObject({
      code: 'TOUR_NO_TEMPLATE_ID',
      message: LibraryTexts.tourNoTemplateId,
    });
    expect((await visitor.get('/tours?source=templates&id=no-such-template')).body.error).toMatchObject({
      code: 'TOUR_NOT_FOUND',
      message: LibraryTexts.tourNotFound,
    });
    expect((await visitor.get('/tours?source=templates&id=static-engine')).body.error).toMatchObject({
      code: 'TOUR_NONE',
      message: LibraryTexts.tourNone,
    });
    expect((await visitor.get('/tours?source=templates&id=converters')).body.content.tour.steps.length).toBeGreaterThan(
      2,
    );
    // A diagram without a tour answers 200 with no steps (no 404 in the console on every editor open).
    const none = await author.get(`/tours?id=${diagram.fuid}`);
    expect(none.status).toBe(200);
    expect(none.body.content.tour.steps).toEqual([]);
    expect((await author.get('/tours?id=NoSuchDiagram1')).body.error).toMatchObject({ code: 'TOUR_NOT_FOUND' });

    expect((await author.put('/tours', { steps: [] })).body.error).toMatchObject({ code: 'TOUR_NO_DIAGRAM_ID' });
    const invalid = await author.put('/tours', { diagramId: diagram.fuid, steps: [{ title: '', text: 'x' }] });
    expect(invalid.status).toBe(400);
    expect(invalid.body.error).toMatchObject({ code: 'TOUR_NOT_VALID', message: LibraryTexts.tourNotValid });
    const wrong = await author.put('/tours', {
      diagramId: diagram.fuid,
      steps: [{ title: 'Gold', text: 'Here', nodes: ['gold', 'nowhere'] }],
    });
    expect(wrong.body.error).toMatchObject({
      code: 'TOUR_NOT_CORRECT',
      message: LibraryTexts.tourNotCorrect,
      details: { missing: [{ step: 1, id: 'nowhere' }] },
    });
    expect((await author.delete(`/tours?id=${diagram.fuid}`)).body.error).toMatchObject({
      code: 'TOUR_CANNOT_DELETE',
      message: LibraryTexts.tourCannotDelete,
    });

    const steps = [
      { title: 'Gold', text: 'Gold piles up here', nodes: ['gold'] },
      { title: 'Income', text: 'The source and its rate', nodes: ['source', 'c1'] },
    ];
    const saved = await author.put('/tours', { diagramId: diagram.fuid, steps });
    expect(saved.status).toBe(200);
    expect((await author.get(`/tours?id=${diagram.fuid}`)).body.content.tour.steps).toEqual(steps);
    expect((await stranger.put('/tours', { diagramId: diagram.fuid, steps })).status).toBe(404);
    expect((await stranger.get(`/tours?id=${diagram.fuid}`)).body.error.code).toBe('TOUR_NOT_FOUND');
    expect((await author.delete(`/tours?id=${diagram.fuid}`)).status).toBe(200);
    expect((await author.get(`/tours?id=${diagram.fuid}`)).body.content.tour.steps).toEqual([]);
  });

  it('admins publish a diagram as a template; it leads the newest list (community "new templates") and can be used', async () => {
    const admin = await loginAs(app, await createUser(app, { role: 'admin' }));
    const designer = await loginAs(app, await createUser(app));
    const diagram = await createDiagram(designer, { name: 'Mana loop', description: 'Mana buys spells' });
    await designer.put(`/diagrams/${diagram.fuid}/privacy`, { community: true });
    expect((await designer.put(`/diagrams/${diagram.fuid}/template`, { type: 'community' })).status).toBe(403);
    const published = await admin.put(`/diagrams/${diagram.fuid}/template`, { type: 'community' });
    expect(published.status).toBe(200);
    const template = published.body.content.template;
    expect(template).toMatchObject({ type: 'community', title: 'Mana loop', description: 'Mana buys spells' });
    expect(template.communityHref).toMatch(new RegExp(`^/community/.+/mana-loop-${diagram.fuid}\\?source=templates$`));

    // The community's "new templates" list follows from the TemplatePublished event.
    const prisma = app.http.app.get(PrismaService);
    await eventually(async () =>
      (await prisma.communityTemplate.count({ where: { diagram: { fuid: diagram.fuid } } })) === 1 ? true : undefined,
    );

    const newest = await new ApiClient(app.url).get('/templates?sort=newest&count=4');
    expect(newest.body.content.items).toHaveLength(4);
    expect(newest.body.content.items[0].id).toBe(template.id);
    const used = await designer.post(`/templates/community/${template.id}/copies`, { name: 'My mana' });
    expect(used.body.content.diagram.name).toBe('My mana');
    expect((await admin.delete(`/diagrams/${diagram.fuid}/template`)).status).toBe(200);
    expect((await designer.get(`/templates/community/${template.id}`)).status).toBe(404);
    // Withdrawn: off the community's "new templates" too (the TemplateWithdrawn event).
    await eventually(async () =>
      (await prisma.communityTemplate.count({ where: { diagram: { fuid: diagram.fuid } } })) === 0 ? true : undefined,
    );
    expect((await admin.delete(`/diagrams/${diagram.fuid}/template`)).status).toBe(404);
  });
});
