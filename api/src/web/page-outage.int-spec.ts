import { RequestTexts } from '@loopwright/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/support/test-app.js';

describe('server-rendered pages while the database is unreachable', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({
      web: 'production',
      env: { DATABASE_URL: 'postgresql://nobody@127.0.0.1:1/none', PAGE_CACHE_SECONDS: '0' },
    });
  });
  afterAll(() => app?.close());

  it.each(['/', '/community/see-all', '/pricing'])(
    'answers %s with 503, Retry-After and what is going on',
    async (path) => {
      const response = await fetch(`${app.url}${path}`);
      expect(response.status).toBe(503);
      expect(response.headers.get('retry-after')).toBe('5');
      expect(await response.text()).toContain(`<p>${RequestTexts.databaseUnavailable}</p>`);
    },
  );

  it('answers the featured listing (served before Nest) with the API 503 envelope, not an empty answer', async () => {
    const response = await fetch(`${app.url}/api/wp-json/community/featured`);
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('5');
    expect((await response.json()).error.code).toBe('DATABASE_UNAVAILABLE');
  });
});
