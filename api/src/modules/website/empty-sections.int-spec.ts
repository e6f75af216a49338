import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, loginAs } from '../../../test/factories/users.js';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';

describe('website sections without content', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ web: 'production' });
  });
  afterAll(() => app?.close());

  it('hides a partners section whose partners are not (or no longer) listed', async () => {
    const admin = await loginAs(app, await createUser(app, { role: 'admin' }));
    const blocks = [
      { type: 'logos', title: 'Learning and building with our partners', partners: ['a-partner-that-left'] },
      { type: 'rich_text', text: 'The rest of the page.' },
    ];
    const saved = await admin.request('PUT', '/content/entries/page/partners-gone', {
      title: 'Partners gone',
      description: '',
      status: 'publish',
      body: '',
      data: { layout: 'main', blocks },
    });
    expect(saved.status).toBe(200);
    const html = await (await fetch(`${app.url}/partners-gone`)).text();
    expect(html).toContain('The rest of the page.');
    expect(html).not.toContain('<h2>Learning and building with our partners</h2>');
    expect(html).not.toContain('<ul class="logos"></ul>');
  });

  it('shows the home page call-to-action with a real image and the partners with their logos', async () => {
    const html = await (await fetch(`${app.url}/`)).text();
    const cta = html.slice(html.indexOf('<section class="cta-block">'));
    expect(cta).toMatch(/<img src="\/images\/cta\.svg"/);
    const image = await fetch(`${app.url}/images/cta.svg`);
    expect(image.status).toBe(200);
    expect((await image.text()).length).toBeGreaterThan(500);
    for (const logo of html.matchAll(/<li class="logos__item"><img src="([^"]+)"/g)) {
      expect((await fetch(`${app.url}${logo[1]}`)).status, logo[1]).toBe(200);
    }
    expect([...html.matchAll(/class="logos__item"/g)].length).toBeGreaterThan(0);
  });
});
