import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDiagram } from '../../../test/factories/diagrams.js';
import { createUser, loginAs } from '../../../test/factories/users.js';
import { eventually } from '../../../test/support/eventually.js';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';

interface N {
  title: string | null;
  message: string;
  type: string;
  link: string | null;
  viewed: boolean;
}

describe('notifications center: paging, types, titles, copies of your diagram', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app?.close());

  it('pages newest first with the total, filters by type, and keeps an optional title', async () => {
    const me = await loginAs(app, await createUser(app));
    for (let i = 1; i <= 5; i++)
      await me.post('/notifications/add', {
        type: i % 2 ? 'info' : 'error',
        message: `Message ${i}`,
        ...(i === 5 ? { title: 'Heads up', link: '/diagrams' } : {}),
      });
    const first = (await me.get('/notifications?limit=2&page=1')).body.content;
    expect(first).toMatchObject({ total: 5, page: 1, unviewedCount: 5 });
    expect(first.notifications.map((n: N) => n.message)).toEqual(['Message 5', 'Message 4']);
    expect(first.notifications[0]).toMatchObject({ title: 'Heads up', link: '/diagrams', type: 'info' });
    expect(first.notifications[1].title).toBeNull();
    const last = (await me.get('/notifications?limit=2&page=3')).body.content;
    expect(last.notifications.map((n: N) => n.message)).toEqual(['Message 1']);
    const errors = (await me.get('/notifications?type=error')).body.content;
    expect(errors).toMatchObject({ total: 2 });
    expect(errors.notifications.map((n: N) => n.message)).toEqual(['Message 4', 'Message 2']);
    expect((await me.get('/notifications?type=bogus')).status).toBe(400);

    expect((await me.post('/notifications/mark-as-viewed', {})).body.content.updated).toBe(5);
    expect((await me.get('/notifications?limit=1')).body.content).toMatchObject({ unviewedCount: 0, total: 5 });
  });

  it("tells the owner when someone copies their diagram, linking to it; not for one's own duplicates", async () => {
    const ownerUser = await createUser(app);
    const owner = await loginAs(app, ownerUser);
    const reader = await loginAs(app, await createUser(app));
    const diagram = await createDiagram(owner, { name: 'Famous' });
    await owner.put(`/diagrams/${diagram.fuid}/privacy`, { community: true });
    await owner.post(`/diagrams/${diagram.fuid}/copies`, {});
    expect((await reader.post(`/diagrams/${diagram.fuid}/copies`, {})).status).toBe(201);
    const notice = await eventually(async () => {
      const list = (await owner.get('/notifications')).body.content.notifications as N[];
      return list.length ? list : undefined;
    });
    expect(notice).toHaveLength(1);
    expect(notice[0]).toMatchObject({
      type: 'info',
      title: 'Diagram copied',
      link: `/diagrams/${diagram.fuid}`,
      viewed: false,
    });
    expect(notice[0].message).toMatch(/made a copy of "Famous"$/);
  });
});
