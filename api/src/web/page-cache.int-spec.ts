import { LOCALE_COOKIE, SESSION_HINT_COOKIE } from '@loopwright/contracts';
import { createHash } from 'node:crypto';
import { request } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDiagram } from '../../test/factories/diagrams.js';
import { createUser, loginAs } from '../../test/factories/users.js';
import { startTestApp, type TestApp } from '../../test/support/test-app.js';

const nonceOf = (response: Response) => response.headers.get('content-security-policy')?.match(/'nonce-([^']+)'/)?.[1];

async function page(app: TestApp, path: string, cookie?: string) {
  const response = await fetch(`${app.url}${path}`, cookie ? { headers: { cookie } } : undefined);
  return {
    response,
    body: await response.text(),
    cached: response.headers.get('x-page-cache') === 'hit',
    nonce: nonceOf(response),
  };
}

/** A rendering as a kept copy sends it: without its nonce. */
const withoutNonce = (rendered: { body: string; nonce?: string }) =>
  rendered.body.replaceAll(` nonce="${rendered.nonce}"`, '').replaceAll(rendered.nonce!, '');

/** The raw response, without fetch's own decoding, asking for `acceptEncoding`. */
function rawPage(app: TestApp, path: string, acceptEncoding: string) {
  return new Promise<{ headers: Record<string, string | string[] | undefined>; bytes: Buffer }>((resolve, reject) => {
    request(`${app.url}${path}`, { headers: { 'accept-encoding': acceptEncoding } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ headers: res.headers, bytes: Buffer.concat(chunks) }));
    })
      .on('error', reject)
      .end();
  });
}

describe('page cache', () => {
  let app: TestApp;
  let uncached: TestApp;
  let shortLived: TestApp;
  beforeAll(async () => {
    [app, uncached, shortLived] = await Promise.all([
      startTestApp({ web: 'production' }),
      startTestApp({ web: 'production', env: { PAGE_CACHE_SECONDS: '0' } }),
      startTestApp({ web: 'production', env: { PAGE_CACHE_SECONDS: '1' } }),
    ]);
  });
  afterAll(async () => {
    await app?.close();
    await uncached?.close();
    await shortLived?.close();
  });

  it('reuses a public page for anonymous visitors as the same bytes, its inline scripts allowed by their hashes', async () => {
    const first = await page(app, '/about');
    const second = await page(app, '/about');
    const third = await page(app, '/about');
    expect(first.cached).toBe(false);
    expect(second.cached).toBe(true);
    expect(second.response.status).toBe(200);
    // The rendering's nonce is out of the kept page: no reuse carries a nonce anyone else saw.
    expect(second.nonce).toBeUndefined();
    expect(second.body).not.toContain(first.nonce!);
    expect(second.body).not.toContain('nonce=');
    expect(second.body).toBe(withoutNonce(first));
    expect(third.body).toBe(second.body);
    const csp = second.response.headers.get('content-security-policy')!;
    const inline = [...second.body.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]);
    expect(inline.length).toBeGreaterThan(0);
    for (const text of inline) expect(csp).toContain(`'sha256-${createHash('sha256').update(text).digest('base64')}'`);
    // The other security headers are the rendering's.
    expect(second.response.headers.get('x-frame-options')).toBe(first.response.headers.get('x-frame-options'));
    expect(second.response.headers.get('x-request-id')).not.toBe(first.response.headers.get('x-request-id'));
    // The locale cookie a first visit gets is given again; a visitor who has it gets the copy without it.
    expect(second.response.headers.get('set-cookie')).toContain(`${LOCALE_COOKIE}=en`);
    await page(app, '/about', `${LOCALE_COOKIE}=en`);
    const withLocale = await page(app, '/about', `${LOCALE_COOKIE}=en`);
    expect(withLocale.cached).toBe(true);
    expect(withLocale.response.headers.get('set-cookie')).toBeNull();
  });

  it('answers 304 to a reader who has the kept page; a diagram shared since shows once the copy expires, to that reader too', async () => {
    const path = '/community/see-all?filter=diagrams&sort=recent';
    const owner = await loginAs(shortLived, await createUser(shortLived));
    const diagram = await createDiagram(owner, { name: 'Freshly Shared Economy' });
    await page(shortLived, path);
    const kept = await page(shortLived, path);
    expect(kept.cached).toBe(true);
    expect(kept.body).not.toContain('Freshly Shared Economy');
    const etag = kept.response.headers.get('etag')!;
    expect(etag).toMatch(/^W\/"/);
    const again = await fetch(`${shortLived.url}${path}`, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    expect((await owner.put(`/diagrams/${diagram.fuid}/privacy`, { community: true })).status).toBe(200);
    await new Promise((r) => setTimeout(r, 1_100));
    const changed = await fetch(`${shortLived.url}${path}`, { headers: { 'if-none-match': etag } });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);
    expect(await changed.text()).toContain('Freshly Shared Economy');
    const reused = await page(shortLived, path);
    expect(reused.cached).toBe(true);
    expect(reused.body).toContain('Freshly Shared Economy');
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
    expect((await page(app, '/pricing', `${SESSION_HINT_COOKIE}=1`)).cached).toBe(false);
    expect((await page(app, '/pricing?utm_source=x')).cached).toBe(false);
    await page(app, '/no-such-page');
    const missing = await page(app, '/no-such-page');
    expect(missing.response.status).toBe(404);
    expect(missing.cached).toBe(false);
    await page(uncached, '/pricing');
    expect((await page(uncached, '/pricing')).cached).toBe(false);
  });

  it('sends a reused page gzipped when the client accepts it, and plain when it does not', async () => {
    await page(app, '/about');
    const kept = await page(app, '/about');
    // The page is compressed off the main thread a moment after it is kept; meanwhile reuses are compressed as they go (no length).
    let zipped = await rawPage(app, '/about', 'gzip, deflate, br');
    for (let i = 0; i < 40 && zipped.headers['content-length'] === undefined; i++) {
      await new Promise((r) => setTimeout(r, 50));
      zipped = await rawPage(app, '/about', 'gzip, deflate, br');
    }
    expect(zipped.headers['x-page-cache']).toBe('hit');
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toMatch(/accept-encoding/i);
    const unzipped = gunzipSync(zipped.bytes).toString('utf8');
    expect(Number(zipped.headers['content-length'])).toBe(zipped.bytes.length);
    expect(zipped.bytes.length).toBeLessThan(Buffer.byteLength(unzipped) / 2);
    expect(unzipped).toBe(kept.body);
    const plain = await rawPage(app, '/about', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.bytes.toString('utf8')).toBe(kept.body);
    expect(plain.headers.etag).toBe(zipped.headers.etag);
  });

  it('renders an expired page once while a crowd asks for it, giving the others the copy there is', async () => {
    await page(shortLived, '/pricing');
    await new Promise((r) => setTimeout(r, 1_100));
    const crowd = await Promise.all(
      Array.from({ length: 8 }, () =>
        fetch(`${shortLived.url}/pricing`).then(async (r) => (await r.text(), r.headers.get('x-page-cache'))),
      ),
    );
    expect(crowd.filter((state) => state === null)).toHaveLength(1);
    expect(crowd.filter((state) => state === 'stale').length).toBeGreaterThan(0);
    expect((await page(shortLived, '/pricing')).cached).toBe(true);
  });

  it('renders at most two expired pages again at once; the others are served their old copy meanwhile', async () => {
    const paths = [1, 2, 3, 4, 5, 6].map((n) => `/community/see-all?filter=diagrams&page=${n}`);
    for (const path of paths) await page(shortLived, path);
    await new Promise((r) => setTimeout(r, 1_100));
    const states = await Promise.all(
      paths.map((path) =>
        fetch(`${shortLived.url}${path}`).then(async (r) => (await r.text(), r.headers.get('x-page-cache'))),
      ),
    );
    expect(states.filter((state) => state === null)).toHaveLength(2);
    expect(states.filter((state) => state === 'stale')).toHaveLength(4);
  });

  it('has a crowd arriving before a page is first kept wait for the one render', async () => {
    const crowd = await Promise.all(
      Array.from({ length: 8 }, () =>
        fetch(`${app.url}/careers`).then(async (r) => ({
          status: r.status,
          body: await r.text(),
          state: r.headers.get('x-page-cache'),
        })),
      ),
    );
    expect(crowd.every((r) => r.status === 200 && r.body.includes('</html>'))).toBe(true);
    expect(crowd.filter((r) => r.state === null)).toHaveLength(1);
  });

  it('shares a page that declares itself the same for everyone between signed-in readers, apart from anonymous visitors', async () => {
    const anonymous = await page(app, '/community/see-all?filter=designers');
    const first = await page(
      app,
      '/community/see-all?filter=designers',
      `${SESSION_HINT_COOKIE}=1; lw_access=reader-one`,
    );
    const second = await page(
      app,
      '/community/see-all?filter=designers',
      `${SESSION_HINT_COOKIE}=1; lw_access=reader-two`,
    );
    expect(first.cached).toBe(false);
    expect(second.cached).toBe(true);
    expect(second.body).toBe(withoutNonce(first));
    // The signed-in copy's header waits for the session; the anonymous one offers Log in.
    expect(first.body).toContain('aria-label="Loading your account"');
    expect(first.body).not.toContain('>Log in</a>');
    expect(anonymous.body).toContain('>Log in</a>');
    const again = await page(app, '/community/see-all?filter=designers');
    expect(again.cached).toBe(true);
    expect(again.body).toBe(withoutNonce(anonymous));
  });
});
