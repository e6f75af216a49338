import { RequestTexts, type EndpointContract } from '@loopwright/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { createUser, loginAs } from '../../../test/factories/users.js';
import { tinyDocument } from '../../../test/factories/diagrams.js';
import type { ApiClient } from '../../../test/support/api-client.js';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';
import { PrismaService } from '../prisma/prisma.service.js';
import { declaredEndpoints } from './endpoint.decorator.js';

const NUL = 'bad\u0000text';
const LONE_SURROGATE = 'bad\ud800text';

type Def = {
  type: string;
  innerType?: z.ZodType;
  in?: z.ZodType;
  shape?: Record<string, z.ZodType>;
  options?: z.ZodType[];
  element?: z.ZodType;
  valueType?: z.ZodType;
};
const def = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** A value of the schema's shape with `bad` in every string it holds (keys of records too). */
function poisoned(schema: z.ZodType, bad: string, depth = 0): unknown {
  const d = def(schema);
  if (depth > 8) return undefined;
  switch (d.type) {
    case 'optional':
    case 'default':
    case 'nullable':
    case 'readonly':
    case 'catch':
    case 'prefault':
    case 'nonoptional':
      return poisoned(d.innerType!, bad, depth);
    case 'pipe':
      return poisoned(d.in!, bad, depth);
    case 'string':
    case 'enum':
    case 'literal':
    case 'template_literal':
      return bad;
    case 'object':
      return Object.fromEntries(
        Object.entries(d.shape!)
          .map(([key, value]) => [key, poisoned(value, bad, depth + 1)])
          .filter(([, v]) => v !== undefined),
      );
    case 'union':
      return poisoned(d.options![0], bad, depth);
    case 'array':
      return [poisoned(d.element!, bad, depth + 1) ?? bad];
    case 'record':
      return { [bad]: poisoned(d.valueType!, bad, depth + 1) ?? 1 };
    default:
      return undefined;
  }
}

/** Every number a caller can send, with the range it must stay in. */
function numbers(
  schema: z.ZodType,
  path: string,
  out: { path: string; min: number; max: number; int: boolean }[],
  depth = 0,
): void {
  const d = def(schema);
  if (depth > 12) return;
  if (d.type === 'number') {
    const n = schema as z.ZodNumber;
    out.push({
      path,
      min: n.minValue ?? -Infinity,
      max: n.maxValue ?? Infinity,
      int: !!n.format && n.format !== 'float64' && n.format !== 'float32',
    });
  } else if (d.innerType) numbers(d.innerType, path, out, depth + 1);
  else if (d.type === 'pipe') numbers(d.in!, path, out, depth + 1);
  else if (d.shape)
    for (const [key, value] of Object.entries(d.shape)) numbers(value, `${path}.${key}`, out, depth + 1);
  else if (d.options) d.options.forEach((o) => numbers(o, path, out, depth + 1));
  else if (d.element) numbers(d.element, `${path}[]`, out, depth + 1);
  else if (d.valueType) numbers(d.valueType, `${path}{}`, out, depth + 1);
}

function pathOf(contract: EndpointContract, bad?: string): string {
  return contract.path.replace(/:([A-Za-z0-9_]+)/g, () =>
    encodeURIComponent(bad ?? '00000000-0000-0000-0000-000000000000'),
  );
}

describe('one validation layer for every endpoint', () => {
  let app: TestApp;
  let admin: ApiClient;
  beforeAll(async () => {
    app = await startTestApp();
    admin = await loginAs(app, await createUser(app, { role: 'admin' }));
  });
  afterAll(() => app?.close());

  it.each([
    ['NUL', NUL],
    ['lone surrogate', LONE_SURROGATE],
  ])(
    'refuses a %s in any text field, query or path of every endpoint with 400',
    async (_name, bad) => {
      const refusedWrongly: string[] = [];
      let checked = 0;
      for (const contract of declaredEndpoints) {
        const attempts: { path: string; body?: unknown }[] = [];
        // A lone surrogate cannot be percent-encoded as UTF-8: it only arrives in a JSON body.
        const inUrl = bad === NUL;
        if (contract.params && inUrl) attempts.push({ path: pathOf(contract, bad) });
        if (contract.query && inUrl) {
          const query = poisoned(contract.query, bad) as Record<string, unknown> | undefined;
          const pairs = Object.entries(query ?? {}).map(
            ([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(Array.isArray(v) ? v[0] : v))}`,
          );
          if (pairs.length) attempts.push({ path: `${pathOf(contract)}?${pairs.join('&')}` });
        }
        if (contract.body && contract.method !== 'GET') {
          const body = poisoned(contract.body, bad);
          if (body !== undefined && JSON.stringify(body).includes(JSON.stringify(bad).slice(1, -1)))
            attempts.push({ path: pathOf(contract), body });
        }
        for (const attempt of attempts) {
          const response = await admin.request(contract.method, attempt.path, attempt.body);
          checked++;
          const message = response.body?.error?.message ?? response.body?.content?.message;
          if (response.status !== 400 || message !== RequestTexts.badText) {
            refusedWrongly.push(
              `${contract.method} ${attempt.path.slice(0, 80)} → ${response.status} ${response.body?.error?.message ?? ''}`,
            );
          }
        }
      }
      expect(refusedWrongly).toEqual([]);
      expect(checked).toBeGreaterThan(bad === NUL ? 60 : 25);
    },
    120_000,
  );

  it('names the field that carries the bad text', async () => {
    const response = await admin.post('/diagrams', { name: `Economy ${NUL}` });
    expect(response.status).toBe(400);
    expect(response.body.error).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: RequestTexts.badText,
      details: { fields: [{ field: 'name', message: RequestTexts.badText }] },
    });
  });

  it('gives every integer a caller can send a range PostgreSQL can store, and every number a finite range', () => {
    const unbounded: string[] = [];
    for (const contract of declaredEndpoints) {
      const found: { path: string; min: number; max: number; int: boolean }[] = [];
      for (const part of ['params', 'query', 'body'] as const) if (contract[part]) numbers(contract[part], part, found);
      for (const n of found) {
        const inRange = n.int
          ? n.min >= -(2 ** 31) && n.max < 2 ** 31
          : Number.isFinite(n.min) && Number.isFinite(n.max);
        if (!inRange) unbounded.push(`${contract.method} ${contract.path} ${n.path} [${n.min}, ${n.max}]`);
      }
    }
    expect(unbounded).toEqual([]);
  });

  it('answers 400 for a run seed outside 32 bits, and stores nothing', async () => {
    const created = await admin.post('/diagrams', { name: 'Seeded', document: tinyDocument() });
    expect(created.status).toBe(201);
    const fuid = created.body.content.diagram.fuid;
    for (const seed of [2 ** 32, -(2 ** 31) - 1, 2 ** 53]) {
      const play = await admin.post(`/diagrams/${fuid}/plays`, { kind: 'quick', diagramVersion: 1, seed, steps: 10 });
      expect(play.status, JSON.stringify(play.body)).toBe(400);
      expect(play.body.error.details.fields).toEqual([expect.objectContaining({ field: 'seed' })]);
      const batch = await admin.post(`/diagrams/${fuid}/batches`, { runs: 2, seed });
      expect(batch.status).toBe(400);
    }
    const page = await admin.get(`/diagrams?page=${2 ** 40}`);
    expect(page.status).toBe(400);
    expect(await app.http.app.get(PrismaService).play.count()).toBe(0);
  });
});

describe('JSON endpoints take JSON only', () => {
  let app: TestApp;
  let client: ApiClient;
  beforeAll(async () => {
    app = await startTestApp();
    client = await loginAs(app, await createUser(app, { role: 'admin' }));
  });
  afterAll(() => app?.close());

  it('refuses a text/plain body with 415 on every endpoint that reads a body, and creates nothing', async () => {
    const before = await app.http.app.get(PrismaService).diagram.count();
    const accepted: string[] = [];
    let checked = 0;
    for (const contract of declaredEndpoints.filter((c) => c.body && !c.consumes)) {
      for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x']) {
        const response = await client.request(
          contract.method,
          pathOf(contract),
          new TextEncoder().encode('{"name":"x"}'),
          { 'content-type': type },
        );
        checked++;
        // The website forms answer in the spec's { success: false, content: { message } } shape.
        const message = response.body?.error?.message ?? response.body?.content?.message;
        if (response.status !== 415 || message !== RequestTexts.unsupportedMediaType)
          accepted.push(`${contract.method} ${contract.path} ${type} → ${response.status}`);
      }
    }
    expect(accepted).toEqual([]);
    expect(checked).toBeGreaterThan(60);
    expect(await app.http.app.get(PrismaService).diagram.count()).toBe(before);
  });

  it('still takes JSON with a charset, bodiless posts, raw image uploads and the tracking form', async () => {
    const json = await client.request(
      'POST',
      '/diagrams',
      new TextEncoder().encode(JSON.stringify({ name: 'Charset' })),
      { 'content-type': 'application/json; charset=utf-8' },
    );
    expect(json.status).toBe(201);
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
      'base64',
    );
    const upload = await client.request('PUT', '/users/me/images/avatar', new Uint8Array(png), {
      'content-type': 'image/png',
    });
    expect(upload.status).toBe(200);
    const logout = await client.request('POST', '/oauth2/logout');
    expect(logout.status).not.toBe(415);
    const form = await fetch(`${app.url}/api/message`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'message=%5B%5D',
    });
    expect(form.status).not.toBe(415);
  });
});
