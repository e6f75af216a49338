import * as contracts from '@loopwright/contracts';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createClient } from './client.js';
import { routes } from './endpoints.js';
import { LoopwrightError } from './errors.js';

describe('the route table', () => {
  it('holds every endpoint of the contracts, as declared (npm run client:generate rewrites it)', () => {
    const expected: Record<string, Record<string, unknown>> = {};
    for (const [name, group] of Object.entries(contracts)) {
      if (!name.endsWith('Endpoints')) continue;
      expected[name.slice(0, -'Endpoints'.length)] = Object.fromEntries(
        Object.entries(group as Record<string, contracts.EndpointContract>).map(([key, e]) => [
          key,
          {
            method: e.method,
            path: e.path,
            ...(e.consumes ? { consumes: [...e.consumes] } : {}),
            ...(e.produces ? { produces: e.produces } : {}),
          },
        ]),
      );
    }
    expect(JSON.parse(JSON.stringify(routes))).toEqual(expected);
  });
});

interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

/** A real HTTP server that answers from a queue of scripted responses and records what it got. */
let server: Server;
let url: string;
let seen: Seen[];
let answers: { status: number; headers?: Record<string, string>; body?: unknown }[];

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      seen.push({ method: request.method!, url: request.url!, headers: request.headers, body });
      const answer = answers.shift() ?? { status: 200, body: { success: true, content: {} } };
      response.writeHead(answer.status, { 'Content-Type': 'application/json', ...answer.headers });
      response.end(answer.body === undefined ? undefined : JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  seen = [];
  answers = [];
});

describe('a call', () => {
  it('fills in the path, sends the key and answers with the content of the envelope', async () => {
    const client = createClient({ url, apiKey: 'lw_test_key' });
    answers.push({ status: 200, body: { success: true, content: { team: { id: 't1', name: 'Ours' } } } });
    const answer = await client.team.rename({ params: { teamId: 'a/b' }, body: { name: 'Ours' } });
    expect(answer.team.name).toBe('Ours');
    expect(seen[0]).toMatchObject({ method: 'PATCH', url: '/api/teams/a%2Fb', body: '{"name":"Ours"}' });
    expect(seen[0].headers.authorization).toBe('Bearer lw_test_key');
    expect(seen[0].headers['content-type']).toBe('application/json');
  });

  it('leaves empty query values out and builds URLs without calling', async () => {
    const client = createClient({ url });
    await client.search.suggestions({ query: { q: 'pool', context: undefined } as never });
    expect(seen[0].url).toBe('/api/search/suggestions?q=pool');
    expect(client.auth.googleStart.url({ query: { returnTo: '/diagrams' } })).toBe(
      `${url}/api/oauth2/google/start?returnTo=%2Fdiagrams`,
    );
  });

  it('sends a raw body with its own media type to endpoints that take any', async () => {
    const client = createClient({ url });
    await client.user.uploadImage({
      params: { kind: 'avatar' },
      body: new Blob(['png!'], { type: 'image/png' }),
    });
    expect(seen[0]).toMatchObject({ method: 'PUT', url: '/api/users/me/images/avatar', body: 'png!' });
    expect(seen[0].headers['content-type']).toBe('image/png');
  });

  it('throws the closed error code, message and details of the envelope', async () => {
    const client = createClient({ url });
    answers.push({
      status: 402,
      body: {
        success: false,
        error: { code: 'PLAN_LIMIT_REACHED', message: 'Upgrade', details: { limit: 3 }, requestId: 'r1' },
      },
    });
    const error = await client.diagram.create({ body: { name: 'x' } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LoopwrightError);
    expect(error).toMatchObject({ status: 402, code: 'PLAN_LIMIT_REACHED', details: { limit: 3 }, requestId: 'r1' });
  });
});

describe('retries', () => {
  const busy = (status: number, retryAfter: string) => ({
    status,
    headers: { 'Retry-After': retryAfter },
    body: {
      success: false,
      error: { code: status === 429 ? 'RATE_LIMITED' : 'SERVICE_UNAVAILABLE', message: 'busy', requestId: 'r' },
    },
  });

  it('repeats a call after 429 and 503, waiting as Retry-After says', async () => {
    const client = createClient({ url });
    answers.push(busy(429, '1'), busy(503, '0'), { status: 200, body: { success: true, content: { ok: 1 } } });
    const started = Date.now();
    expect(await client.team.mine()).toEqual({ ok: 1 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(seen).toHaveLength(3);
  });

  it('gives up after the retries allowed, or at once when asked to wait too long', async () => {
    const client = createClient({ url, retries: 1 });
    answers.push(busy(503, '0'), busy(503, '0'));
    await expect(client.team.mine()).rejects.toMatchObject({ status: 503, code: 'SERVICE_UNAVAILABLE' });
    expect(seen).toHaveLength(2);

    seen = [];
    answers.push(busy(429, '3600'));
    const error = await createClient({ url })
      .team.mine()
      .catch((e: LoopwrightError) => e);
    expect(error).toMatchObject({ code: 'RATE_LIMITED', retryAfter: 3600 });
    expect(seen).toHaveLength(1);
  });

  it('never repeats other failures', async () => {
    answers.push({ status: 500, body: { success: false, error: { code: 'INTERNAL', message: 'x', requestId: 'r' } } });
    await expect(createClient({ url }).team.mine()).rejects.toMatchObject({ code: 'INTERNAL' });
    expect(seen).toHaveLength(1);
  });
});

describe('types', () => {
  it('require what the contract requires', () => {
    const client = createClient({ url });
    const never = () => {
      // @ts-expect-error the path parameter is required
      void client.team.rename({ body: { name: 'x' } });
      // @ts-expect-error the body is required
      void client.team.rename({ params: { teamId: 'x' } });
      // @ts-expect-error no such endpoint
      void client.team.nothing();
    };
    expect(never).toBeTypeOf('function');
  });
});
