import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';

describe('HTTP plumbing', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app?.close());

  it('answers unknown API routes with the error envelope and a request id', async () => {
    const response = await fetch(`${app.url}/api/no/such/route`);
    expect(response.status).toBe(404);
    const body = await response.json();
    expect(body).toEqual({
      success: false,
      error: {
        code: 'ROUTE_NOT_FOUND',
        message: 'This API route does not exist',
        requestId: response.headers.get('x-request-id'),
      },
    });
    expect(body.error.requestId).toMatch(/[0-9a-f-]{36}/);
  });

  it('keeps a sane caller request id and replaces an unsafe one', async () => {
    const kept = await fetch(`${app.url}/api/health/live`, { headers: { 'x-request-id': 'trace-12345678' } });
    expect(kept.headers.get('x-request-id')).toBe('trace-12345678');
    const replaced = await fetch(`${app.url}/api/health/live`, { headers: { 'x-request-id': 'bad id <script>' } });
    expect(replaced.headers.get('x-request-id')).not.toContain('<');
  });

  it('turns an unreadable JSON body into a 400 without leaking parser details', async () => {
    const response = await fetch(`${app.url}/api/health/live`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{not json',
    });
    const body = await response.json();
    expect(response.status).toBe(400);
    expect(body.success).toBe(false);
    expect(body.error.message).toBe('The request could not be read');
    expect(JSON.stringify(body)).not.toMatch(/at .*\.js|position/);
  });

  it('sends security headers', async () => {
    const response = await fetch(`${app.url}/api/health/live`);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(response.headers.get('content-security-policy')).toMatch(/script-src 'self' 'nonce-/);
    expect(response.headers.get('x-powered-by')).toBeNull();
  });

  it('serves the API reference and its document', async () => {
    const page = await fetch(`${app.url}/api/docs`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('swagger-ui');
    const assets = await fetch(`${app.url}/api/docs/assets/swagger-ui-bundle.js`);
    expect(assets.status).toBe(200);
    const document = await (await fetch(`${app.url}/api/docs/openapi.json`)).json();
    expect(document.openapi).toBe('3.1.0');
    expect(Object.keys(document.paths)).toContain('/api/health/ready');
  });
});

describe('content security policy with a captcha configured', () => {
  it('lets only reCAPTCHA’s own script and frame hosts in besides ours', async () => {
    const app = await startTestApp({ env: { RECAPTCHA_SECRET: 'secret', RECAPTCHA_SITE_KEY: 'site' } });
    try {
      const policy = (await fetch(`${app.url}/api/health/live`)).headers.get('content-security-policy')!;
      expect(policy).toMatch(
        /script-src 'self' 'nonce-[^']+' https:\/\/www\.google\.com\/recaptcha\/ https:\/\/www\.gstatic\.com\/recaptcha\//,
      );
      expect(policy).toMatch(/frame-src 'self' https:\/\/www\.google\.com\/recaptcha\//);
    } finally {
      await app.close();
    }
  });
});
