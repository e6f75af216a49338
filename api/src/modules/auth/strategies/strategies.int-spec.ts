import { ACCESS_COOKIE, AuthTexts } from '@loopwright/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDiagram } from '../../../../test/factories/diagrams.js';
import { createUser, loginAs } from '../../../../test/factories/users.js';
import { ApiClient } from '../../../../test/support/api-client.js';
import { startTestApp, type TestApp } from '../../../../test/support/test-app.js';

/** Ways in that the passport strategies could open beyond what the hand-written guard did (Google's are in google.int-spec.ts). */
describe('passport strategies: no new ways in', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app?.close());

  async function apiKeyOf(client: ApiClient): Promise<string> {
    return (await client.post('/users/me/api-key')).body.content.key;
  }

  it('takes an API key only from the Authorization header, never from the query or the body', async () => {
    const key = await apiKeyOf(await loginAs(app, await createUser(app)));
    const anonymous = new ApiClient(app.url, { clientId: null });
    expect((await anonymous.get(`/oauth2/userinfo?access_token=${encodeURIComponent(key)}`)).status).toBe(401);
    expect((await anonymous.patch('/users/me/profile', { jobTitle: 'x', access_token: key })).status).toBe(401);
    expect((await new ApiClient(app.url, { bearer: key, clientId: null }).get('/oauth2/userinfo')).status).toBe(200);
  });

  it('does not fall back to the session cookie when the API key is wrong, and keeps the X-Client-Id rule next to a key', async () => {
    const user = await createUser(app);
    const browser = await loginAs(app, user);
    const key = await apiKeyOf(browser);
    const wrongKey = new ApiClient(app.url, { bearer: 'lw_not_a_key' });
    wrongKey.setCookie(ACCESS_COOKIE, browser.cookie(ACCESS_COOKIE)!);
    expect((await wrongKey.get('/oauth2/userinfo')).status).toBe(401);

    const keyWithCookie = new ApiClient(app.url, { bearer: key, clientId: null });
    keyWithCookie.setCookie(ACCESS_COOKIE, browser.cookie(ACCESS_COOKIE)!);
    const write = await keyWithCookie.patch('/users/me/profile', { jobTitle: 'Designer' });
    expect(write.status).toBe(403);
    expect(write.body.error.message).toBe(
      'This request must come from the Loopwright app (X-Client-Id header missing)',
    );
  });

  it('answers 401 AUTH_API_KEY_INVALID to a revoked, replaced or unknown key, never serving it as anonymous', async () => {
    const browser = await loginAs(app, await createUser(app));
    const diagram = await createDiagram(browser);
    const revoked = await apiKeyOf(browser);
    const byRevoked = new ApiClient(app.url, { bearer: revoked, clientId: null });
    expect((await byRevoked.get(`/diagrams/${diagram.fuid}`)).status).toBe(200);
    expect((await browser.delete('/users/me/api-key')).status).toBeLessThan(300);

    const replaced = await apiKeyOf(browser);
    expect((await browser.post('/users/me/api-key')).status).toBe(201);
    const unknown = `lw_${'A'.repeat(12)}_${'b'.repeat(43)}`;
    for (const key of [revoked, replaced, unknown, 'not-a-key']) {
      const caller = new ApiClient(app.url, { bearer: key, clientId: null });
      // A private diagram (was 404 as for anyone), a public route (was served anonymously), a route that needs a caller.
      for (const path of [`/diagrams/${diagram.fuid}`, '/community/diagrams', '/diagrams']) {
        const answer = await caller.get(path);
        expect({ key, path, status: answer.status, code: answer.body.error?.code }).toEqual({
          key,
          path,
          status: 401,
          code: 'AUTH_API_KEY_INVALID',
        });
        expect(answer.body.error.message).toBe(AuthTexts.apiKeyInvalid);
      }
    }
  });

  it('answers a login body the contract refuses with its field errors before any password check', async () => {
    const response = await new ApiClient(app.url).post('/oauth2/login', { email: 'not-an-address', password: '' });
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe('VALIDATION_FAILED');
    expect(response.body.error.details.fields.map((f: { field: string }) => f.field).sort()).toEqual([
      'email',
      'password',
    ]);
    const wrong = await new ApiClient(app.url).post('/oauth2/login', {
      email: 'nobody@example.test',
      password: 'whatever-1',
    });
    expect(wrong.status).toBe(401);
    expect(wrong.body.error.message).toBe(AuthTexts.wrongCredentials);
  });
});
