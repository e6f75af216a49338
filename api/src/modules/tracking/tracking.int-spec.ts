import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';

describe('POST /api/message (website tracking)', () => {
  let app: TestApp;
  let db: pg.Client;
  const message = (over: Record<string, unknown> = {}) => ({
    id: `www-${crypto.randomUUID()}`,
    name: 'Sign up intent',
    category: 'Micro conversion',
    msgAttribs: { environment: 'web', type: 'event', url: 'http://x/pricing' },
    utm_source: 'newsletter',
    ...over,
  });
  const send = (body: unknown, cookie = 'lw_consent=analytics:1,chat:0', type = 'application/json') =>
    fetch(`${app.url}/api/message`, {
      method: 'POST',
      headers: { 'content-type': type, cookie },
      body: type === 'application/json' ? JSON.stringify(body) : String(body),
    });
  beforeAll(async () => {
    app = await startTestApp();
    db = new pg.Client({ connectionString: app.databaseUrl });
    await db.connect();
  });
  afterAll(async () => {
    await db?.end();
    await app?.close();
  });

  it('stores consented messages and gives the visitor an anonymous id for a year', async () => {
    const response = await send({
      messages: [message(), message({ name: 'Global Search - Search', category: 'Search', label: 'pool' })],
    });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.content.stored).toBe(2);
    const cookie = response.headers.get('set-cookie') ?? '';
    expect(cookie).toContain(`lw_anonymous_id=${body.content.anonymousId}`);
    expect(cookie).toMatch(/Max-Age=31536000/);
    const rows = (
      await db.query('SELECT name, category, utm_source, anonymous_id FROM tracking_messages ORDER BY name')
    ).rows;
    expect(rows).toEqual([
      {
        name: 'Global Search - Search',
        category: 'Search',
        utm_source: 'newsletter',
        anonymous_id: body.content.anonymousId,
      },
      {
        name: 'Sign up intent',
        category: 'Micro conversion',
        utm_source: 'newsletter',
        anonymous_id: body.content.anonymousId,
      },
    ]);
  });

  it('keeps a known anonymous id and accepts the form body with a URL-encoded JSON list', async () => {
    const form = `message=${encodeURIComponent(encodeURIComponent(JSON.stringify([message()])))}`;
    const response = await send(
      form,
      'lw_consent=analytics:1; lw_anonymous_id=visitor-12345678',
      'application/x-www-form-urlencoded',
    );
    expect(response.status).toBe(200);
    expect((await response.json()).content).toEqual({ stored: 1, anonymousId: 'visitor-12345678' });
    expect(response.headers.get('set-cookie')).toBeNull();
  });

  it('stores nothing without analytics consent', async () => {
    const before = Number((await db.query('SELECT count(*) FROM tracking_messages')).rows[0].count);
    const response = await send({ messages: [message()] }, 'lw_consent=analytics:0,chat:1');
    expect((await response.json()).content.stored).toBe(0);
    expect(Number((await db.query('SELECT count(*) FROM tracking_messages')).rows[0].count)).toBe(before);
  });

  it('rejects ids without the www- prefix', async () => {
    const response = await send({ messages: [message({ id: 'abc' })] });
    expect(response.status).toBe(400);
  });
});
