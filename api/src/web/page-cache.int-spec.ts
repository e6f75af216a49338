import { LOCALE_COOKIE, SESSION_HINT_COOKIE } from '@loopwright/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/support/test-app.js';

const nonceOf = (response: Response) => response.headers.get('content-security-policy')?.match(/'nonce-([^']+)'/)?.[1];

async function page(app: TestApp, path: string, cookie?: string) {
  const response = await fetch(`${app.url}${path}`, cookie ? { headers: { cookie } } : undefined);
  return { response, body: await response.text(), cached: response.headers.get('x-page-cache') === 'hit', nonce: nonceOf(response) };
}

describe('anonymous page cache', () => {
  let app: TestApp;
  let uncached: TestApp;
  beforeAll(async () => {
    [app, uncached] = await Promise.all([startTestApp({ web: 'production' }), startTestApp({ web: 'production', env: { PAGE_CACHE_SECONDS: '0' } })]);
  });
  afterAll(async () => {
    await app?.close();
    await uncached?.close();
  });

  it('reuses a public page for anonymous visitors, each time with its own CSP nonce', async () => {
    const first = await page(app, '/about');
    const second = await page(app, '/about');
    expect(first.cached).toBe(false);
    expect(second.cached).toBe(true);
    expect(second.response.status).toBe(200);
    expect(second.nonce).toBeTruthy();
    expect(second.nonce).not.toBe(first.nonce);
    expect(second.body).toContain(`nonce="${second.nonce}"`);
    expect(second.body).not.toContain(first.nonce!);
    expect(second.body.replaceAll(second.nonce!, 'N')).toBe(first.body.replaceAll(first.nonce!, 'N'));
    // The locale cookie a first visit gets is given again; a visitor who has it gets the copy without it.
    expect(second.response.headers.get('set-cookie')).toContain(`${LOCALE_COOKIE}=en`);
    await page(app, '/about', `${LOCALE_COOKIE}=en`);
    const withLocale = await page(app, '/about', `${LOCALE_COOKIE}=en`);
    expect(withLocale.cached).toBe(true);
    expect(withLocale.response.headers.get('set-cookie')).toBeNull();
  });

  it('reuses listing pages by their page, filter and sort, in any parameter order', async () => {
    await page(app, '/community/see-all?filter=diagrams&page=2');
    expect((await page(app, '/community/see-all?page=2&filter=diagrams')).cached).toBe(true);
    expect((await page(app, '/community/see-all?page=3&filter=diagrams')).cached).toBe(false);
    expect((await page(app, '/community/see-all?page=2&filter=diagrams&token=x')).cached).toBe(false);
  });

  it('renders afresh for signed-in visitors, query strings, errors and when switched off', async () => {
    await page(app, '/pricing');
    expect((await page(app, '/pricing', `${SESSION_HINT_COOKIE}=1`)).cached).toBe(false);
    expect((await page(app, '/pricing?utm_source=x')).cached).toBe(false);
    await page(app, '/no-such-page');
    const missing = await page(app, '/no-such-page');
    expect(missing.response.status).toBe(404);
    expect(missing.cached).toBe(false);
    await page(uncached, '/pricing');
    expect((await page(uncached, '/pricing')).cached).toBe(false);
  });
});
