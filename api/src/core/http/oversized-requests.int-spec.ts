import { RequestTexts } from '@loopwright/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, loginAs } from '../../../test/factories/users.js';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';

describe('oversized requests always get an answer: 431 or 413, never a reset connection', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app?.close());

  const status = (path: string) =>
    fetch(`${app.url}${path}`).then(
      async (r) => ({ status: r.status, body: await r.json().catch(() => null) }),
      (error: Error) => ({ status: 0, body: (error.cause as Error | undefined)?.message ?? error.message }),
    );

  it('answers a 20,000-character query string 431 in JSON, every time, on API routes and pages', async () => {
    const query = `q=${'x'.repeat(20_000)}`;
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => status(i % 2 ? `/api/community/diagrams?${query}` : `/community?${query}`)),
    );
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 431));
    expect(answers[0].body.error).toMatchObject({
      code: 'REQUEST_HEADERS_TOO_LARGE',
      message: RequestTexts.headersTooLarge,
    });
  });

  it("answers 431 past even the HTTP parser's limit (100,000 characters), and a 17 KB header too", async () => {
    for (let i = 0; i < 10; i++) expect((await status(`/api/health/live?q=${'y'.repeat(100_000)}`)).status).toBe(431);
    const header = await fetch(`${app.url}/api/health/live`, { headers: { 'x-padding': 'z'.repeat(17_000) } });
    expect(header.status).toBe(431);
    expect((await fetch(`${app.url}/api/health/live?q=${'x'.repeat(2_000)}`)).status).toBe(200);
  });

  it('answers a body over the limit 413', async () => {
    const client = await loginAs(app, await createUser(app));
    const big = await client.post('/diagrams', { name: 'Big', document: { padding: 'p'.repeat(6 * 1024 * 1024) } });
    expect(big.status).toBe(413);
    expect(big.body.error.code).toBe('PAYLOAD_TOO_LARGE');
  });
});
