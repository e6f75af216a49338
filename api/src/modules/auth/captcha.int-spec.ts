import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AuthTexts } from '@loopwright/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../../../test/support/api-client.js';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';

describe('captcha v3 on registration', () => {
  let app: TestApp;
  const verifier = createServer(async (request, response) => {
    let raw = '';
    for await (const chunk of request) raw += chunk;
    const form = new URLSearchParams(raw);
    const ok = form.get('secret') === 'captcha-secret' && form.get('response') === 'human-token';
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ success: ok, score: ok ? 0.9 : 0.1 }));
  });

  beforeAll(async () => {
    await new Promise<void>((resolve) => verifier.listen(0, '127.0.0.1', resolve));
    const port = (verifier.address() as AddressInfo).port;
    app = await startTestApp({
      env: {
        RECAPTCHA_SECRET: 'captcha-secret',
        RECAPTCHA_SITE_KEY: 'site-key',
        RECAPTCHA_VERIFY_URL: `http://127.0.0.1:${port}/verify`,
      },
    });
  });
  afterAll(async () => {
    await app?.close();
    await new Promise((resolve) => verifier.close(resolve));
  });

  it('is verified on the server when configured, and its site key is offered to the client', async () => {
    const client = new ApiClient(app.url);
    expect((await client.get('/oauth2/config')).body.content).toEqual({
      googleSignIn: false,
      recaptchaSiteKey: 'site-key',
    });
    const body = { email: `captcha-${Date.now()}@example.test`, password: 'secret-1', confirmPassword: 'secret-1' };
    const missing = await client.post('/oauth2/register', body);
    expect(missing.status).toBe(400);
    expect(missing.body.error.message).toBe(AuthTexts.captchaNotChecked);
    expect((await client.post('/oauth2/register', { ...body, captchaToken: 'bot-token' })).status).toBe(400);
    expect((await client.post('/oauth2/register', { ...body, captchaToken: 'human-token' })).status).toBe(201);
  });
});
