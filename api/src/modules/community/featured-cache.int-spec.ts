import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDiagram } from '../../../test/factories/diagrams.js';
import { createUser, loginAs } from '../../../test/factories/users.js';
import type { ApiClient } from '../../../test/support/api-client.js';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';
import { PrismaService } from '../../core/prisma/prisma.service.js';

describe('the featured listing is served from memory and dropped when a spotlight changes', () => {
  let app: TestApp;
  let prisma: PrismaService;
  let admin: ApiClient;
  const fuids: string[] = [];
  const featured = async () => (await fetch(`${app.url}/api/wp-json/community/featured`)).json();

  beforeAll(async () => {
    app = await startTestApp({ env: { PAGE_CACHE_SECONDS: '600' } });
    prisma = app.http.app.get(PrismaService);
    const adminUser = await createUser(app, { role: 'admin' });
    admin = await loginAs(app, adminUser);
    const designer = await loginAs(app, await createUser(app));
    for (const name of ['Featured One', 'Featured Two']) {
      const diagram = await createDiagram(designer, { name });
      expect((await designer.put(`/diagrams/${diagram.fuid}/privacy`, { community: true })).status).toBe(200);
      fuids.push(diagram.fuid);
    }
  });
  afterAll(() => app?.close());

  it('reads the spotlight rows once, then answers from memory until an admin changes the spotlight', async () => {
    expect(await featured()).toEqual({ usernames: '', fileKeys: '' });
    // A row written behind the app's back (as another process would) is not read again on every request...
    const second = await prisma.diagram.findUniqueOrThrow({ where: { fuid: fuids[1] } });
    await prisma.communitySpotlight.create({ data: { kind: 'diagram', diagramId: second.id } });
    for (let i = 0; i < 5; i++) expect(await featured()).toEqual({ usernames: '', fileKeys: '' });
    // ...until a spotlight change in this process drops the kept answer.
    expect((await admin.post('/community/spotlights', { fuid: fuids[0] })).status).toBe(201);
    expect((await featured()).fileKeys.split(',').sort()).toEqual([...fuids].sort());
    expect((await admin.request('DELETE', `/community/spotlights/diagram/${fuids[1]}`)).status).toBe(200);
    expect(await featured()).toEqual({ usernames: '', fileKeys: fuids[0] });
  });

  it('answers with an ETag, and 304 when the reader already has that answer', async () => {
    const first = await fetch(`${app.url}/api/wp-json/community/featured`);
    expect(first.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^W\/"/);
    const again = await fetch(`${app.url}/api/wp-json/community/featured`, { headers: { 'if-none-match': etag! } });
    expect(again.status).toBe(304);
    // A spotlight change gives a new answer and a new ETag.
    expect((await admin.post('/community/spotlights', { fuid: fuids[1] })).status).toBe(201);
    const changed = await fetch(`${app.url}/api/wp-json/community/featured`, { headers: { 'if-none-match': etag! } });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);
  });
});
