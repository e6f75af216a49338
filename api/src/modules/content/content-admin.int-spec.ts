import { ACCESS_COOKIE } from '@loopwright/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, loginAs } from '../../../test/factories/users.js';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';

describe('content editing and preview (admins only)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ web: 'production' });
  });
  afterAll(() => app?.close());

  const page = { title: 'Launch notes', description: 'What shipped', status: 'draft', body: '## Hello\n\nA draft page.', data: { layout: 'main', blocks: [{ type: 'rich_text', text: '**bold**' }] } };

  it('lets an admin create a draft that only an admin preview shows', async () => {
    const admin = await loginAs(app, await createUser(app, { role: 'admin' }));
    const saved = await admin.request('PUT', '/content/entries/page/launch-notes', page);
    expect(saved.status).toBe(200);

    expect((await fetch(`${app.url}/api/wp-json/page/launch-notes`)).status).toBe(404); // drafts are not public
    expect((await fetch(`${app.url}/api/wp-json/page/launch-notes?preview=true`)).status).toBe(404); // nor previewed anonymously
    const preview = await admin.request('GET', '/wp-json/page/launch-notes?preview=true');
    expect(preview.status).toBe(200);
    expect(preview.body.content).toContain('<h2 id="hello">Hello</h2>');
    expect(preview.body.acf.blocks[0]).toEqual({ type: 'richText', text: '<p><strong>bold</strong></p>\n' });

    // The server-rendered page previews the draft for the admin only.
    const asAdmin = { headers: { cookie: `${ACCESS_COOKIE}=${admin.cookie(ACCESS_COOKIE)}` } };
    expect((await fetch(`${app.url}/launch-notes?preview=1`)).status).toBe(404);
    expect((await fetch(`${app.url}/launch-notes`, asAdmin)).status).toBe(404);
    const rendered = await fetch(`${app.url}/launch-notes?preview=1`, asAdmin);
    expect(rendered.status).toBe(200);
    expect(await rendered.text()).toContain('<title>Launch notes | Loopwright</title>');

    const published = await admin.request('PUT', '/content/entries/page/launch-notes', { ...page, status: 'publish' });
    expect(published.status).toBe(200);
    expect((await fetch(`${app.url}/api/wp-json/page/launch-notes`)).status).toBe(200);
    expect((await admin.request('DELETE', '/content/entries/page/launch-notes')).status).toBe(204);
    expect((await fetch(`${app.url}/api/wp-json/page/launch-notes`)).status).toBe(404);
  });

  it('refuses signed-in non-admins (403) and anonymous callers (401)', async () => {
    const user = await loginAs(app, await createUser(app));
    expect((await user.request('PUT', '/content/entries/page/about', page)).status).toBe(403);
    const anonymous = await fetch(`${app.url}/api/content/entries/page/about`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify(page) });
    expect(anonymous.status).toBe(401);
  });
});
