import { createClient, LoopwrightError } from '@loopwright/client';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, loginAs } from '../../../test/factories/users.js';
import { ApiClient } from '../../../test/support/api-client.js';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';

type ToolAnswer = { isError?: boolean; content: { type: string; text: string }[] };
const text = (answer: unknown) => (answer as ToolAnswer).content[0].text;
const json = (answer: unknown) => JSON.parse(text(answer));

describe('the MCP endpoint with the official SDK client', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ env: { API_KEY_RATE_LIMIT: '200' } });
  });
  afterAll(() => app?.close());

  async function keyFor() {
    const me = await loginAs(app, await createUser(app));
    return { me, key: (await me.post('/users/me/api-key')).body.content.key as string };
  }

  async function connect(key: string) {
    const client = new Client({ name: 'int-spec', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${app.url}/api/mcp`), {
        requestInit: { headers: { Authorization: `Bearer ${key}` } },
      }),
    );
    return client;
  }

  it('builds a small economy from nothing, runs it and reads the chart data', async () => {
    const { me, key } = await keyFor();
    const client = await connect(key);
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual([
      'compare_versions',
      'create_diagram',
      'edit_diagram',
      'list_diagrams',
      'list_versions',
      'read_diagram',
      'run_balance_tests',
      'run_diagram',
      'search_diagrams',
      'sensitivity',
      'solve',
      'validate_diagram',
    ]);

    const { fuid } = json(await client.callTool({ name: 'create_diagram', arguments: { name: 'Coins' } }));
    const edit = json(
      await client.callTool({
        name: 'edit_diagram',
        arguments: {
          fuid,
          settings: { stepsLimit: 20 },
          add: [
            { id: 'mint', type: 'source', name: 'Mint', activation: 'automatic', x: 0, y: 0 },
            { id: 'coins', type: 'pool', name: 'Coins', x: 200, y: 0, showInChart: true },
            { id: 'spend', type: 'drain', name: 'Spend', activation: 'automatic', x: 400, y: 0 },
            { id: 'in', kind: 'resource', from: 'mint', to: 'coins', formula: 'D6' },
            { id: 'out', kind: 'resource', from: 'coins', to: 'spend', formula: '2' },
          ],
        },
      }),
    );
    expect(edit).toMatchObject({ fuid, version: 1, nodes: 3, connections: 2 });
    expect(text(await client.callTool({ name: 'validate_diagram', arguments: { fuid } }))).toBe(
      'No problems: the diagram runs.',
    );
    // The edit went through the API's save: the diagram is there for the web app, with its version history.
    expect((await me.get(`/diagrams/${fuid}`)).body.content.diagram.document.nodes).toHaveLength(3);

    const run = json(await client.callTool({ name: 'run_diagram', arguments: { fuid, runs: 20, seed: 1 } }));
    expect(run).toMatchObject({ runs: 20, seed: 1 });
    const coins = run.chart.Coins;
    expect(coins.mean).toHaveLength(20);
    // Mint D6 (3.5 on average) minus Spend 2: Coins grows about 1.5 a step.
    expect(coins.mean[19]).toBeGreaterThan(15);
    expect(coins.mean[19]).toBeLessThan(45);

    // Change, then remove: the connection of a removed node goes with it.
    json(await client.callTool({ name: 'edit_diagram', arguments: { fuid, change: [{ id: 'out', formula: '1' }] } }));
    const removed = json(await client.callTool({ name: 'edit_diagram', arguments: { fuid, remove: ['spend'] } }));
    expect(removed).toMatchObject({ nodes: 2, connections: 1 });

    const found = json(await client.callTool({ name: 'search_diagrams', arguments: { query: 'Coin' } }));
    expect(found).toEqual([expect.objectContaining({ fuid, name: 'Coins' })]);
    const versions = json(await client.callTool({ name: 'list_versions', arguments: { fuid } }));
    const diff = json(
      await client.callTool({ name: 'compare_versions', arguments: { fuid, from: versions.at(-1).id, to: 'current' } }),
    );
    // Edits in quick succession by one author are one history entry (as the editor's autosaves): nothing between it and now.
    expect(versions).toHaveLength(1);
    expect(diff).toMatchObject({ added: [], removed: [], changed: [] });
    await client.close();
  }, 60_000);

  it("stores an edit's message on its version, as push -m and the REST save do; the API's rule refuses an empty one", async () => {
    const { me, key } = await keyFor();
    const client = await connect(key);
    const { fuid } = json(await client.callTool({ name: 'create_diagram', arguments: { name: 'Messages' } }));
    const pool = (id: string) => ({ id, type: 'pool', name: id, x: 0, y: 0 });
    const edit = (args: Record<string, unknown>) =>
      client.callTool({ name: 'edit_diagram', arguments: { fuid, ...args } }) as Promise<ToolAnswer>;
    json(await edit({ add: [pool('a')] }));
    // Without the message this edit would join the first entry (one burst of one author).
    expect(json(await edit({ add: [pool('b')], message: '  Second pool ' }))).toMatchObject({ version: 2 });
    const versions = json(await client.callTool({ name: 'list_versions', arguments: { fuid } }));
    expect(versions.map((v: { version: number; message: string | null }) => [v.version, v.message])).toEqual([
      [2, 'Second pool'],
      [1, null],
    ]);
    const items = (await me.get(`/diagrams/${fuid}/versions`)).body.content.items;
    expect(items[0]).toMatchObject({ version: 2, message: 'Second pool' });

    const empty = await edit({ add: [pool('c')], message: ' ' });
    expect(empty.isError).toBe(true);
    expect(empty.content[0].text).toMatch(/^VALIDATION_FAILED \(HTTP 400\).*message/);
    expect((await me.get(`/diagrams/${fuid}`)).body.content.diagram.document.nodes).toHaveLength(2);
    await client.close();
  }, 60_000);

  it('runs studies and balance tests, and answers with the API refusal for a diagram not shared', async () => {
    const { key } = await keyFor();
    const client = await connect(key);
    const { fuid } = json(
      await client.callTool({
        name: 'create_diagram',
        arguments: {
          name: 'Study',
          document: {
            version: 1,
            settings: { stepsLimit: 10 },
            variables: [{ name: 'rate', formula: '3' }],
            nodes: [
              { id: 'src', type: 'source', name: 'Src', activation: 'automatic', x: 0, y: 0 },
              { id: 'gold', type: 'pool', name: 'Gold', x: 200, y: 0, showInChart: true },
            ],
            connections: [{ id: 'c', kind: 'resource', from: 'src', to: 'gold', formula: 'rate' }],
          },
        },
      }),
    );
    const solved = json(
      await client.callTool({
        name: 'solve',
        arguments: {
          fuid,
          levers: ['rate=1:10:int'],
          goals: ['mean(Gold, 10) >= 50'],
          minimize: 'mean(Gold, 10)',
          runs: 2,
        },
      }),
    );
    expect(solved.met).toBe(true);
    expect(solved.levers.rate).toBeGreaterThanOrEqual(5);
    expect(solved.levers.rate).toBeLessThanOrEqual(6);
    const sens = json(
      await client.callTool({
        name: 'sensitivity',
        arguments: { fuid, levers: ['rate=1:10'], metric: 'mean(Gold, 10)', method: 'morris', samples: 4, runs: 2 },
      }),
    );
    expect(sens.method).toBe('morris');
    const tests = json(await client.callTool({ name: 'run_balance_tests', arguments: { fuid } }));
    expect(tests).toEqual({ passed: 0, failed: 0, results: [] });

    const other = await keyFor();
    const stranger = await connect(other.key);
    const refused = (await stranger.callTool({ name: 'read_diagram', arguments: { fuid } })) as ToolAnswer;
    expect(refused.isError).toBe(true);
    expect(refused.content[0].text).toMatch(/^DIAGRAM_NOT_FOUND \(HTTP 404\)/);
    await Promise.all([client.close(), stranger.close()]);
  }, 60_000);

  it('needs the API key (a browser session is not enough), and every key answer carries RateLimit headers', async () => {
    const { me, key } = await keyFor();
    const bySession = await me.post('/mcp', { jsonrpc: '2.0', id: 1, method: 'tools/list' });
    expect(bySession.status).toBe(401);
    const anonymous = await new ApiClient(app.url).post('/mcp', { jsonrpc: '2.0', id: 1, method: 'tools/list' });
    expect(anonymous.status).toBe(401);

    const withKey = new ApiClient(app.url, { bearer: key, clientId: null });
    const first = await withKey.get('/diagrams');
    expect(first.headers.get('ratelimit-policy')).toBe('"api-key";q=200;w=60');
    expect(first.headers.get('ratelimit')).toMatch(/^"api-key";r=199;t=\d+$/);
    const usage = (await me.get('/users/me/api-key')).body.content.usage;
    expect(usage).toMatchObject({ limit: 200, windowSeconds: 60, remaining: 199 });
  });

  it('answers 401 AUTH_API_KEY_INVALID to a revoked or unknown key, and the SDK client cannot connect with it', async () => {
    const { me, key } = await keyFor();
    expect((await me.delete('/users/me/api-key')).status).toBeLessThan(300);
    for (const bad of [key, `lw_${'A'.repeat(12)}_${'b'.repeat(43)}`]) {
      const answer = await new ApiClient(app.url, { bearer: bad, clientId: null }).post('/mcp', {
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/list',
      });
      expect(answer.status).toBe(401);
      expect(answer.body.error.code).toBe('AUTH_API_KEY_INVALID');
    }
    await expect(connect(key)).rejects.toThrow(/401|AUTH_API_KEY_INVALID/);
  });

  it('refuses the key of a disabled owner with 401 AUTH_API_KEY_INVALID, as REST does, even to a client connected before', async () => {
    const owner = await createUser(app);
    const key = (await (await loginAs(app, owner)).post('/users/me/api-key')).body.content.key as string;
    const client = await connect(key);
    expect(json(await client.callTool({ name: 'list_diagrams', arguments: {} }))).toMatchObject({ total: 0 });

    const admin = await loginAs(app, await createUser(app, { role: 'admin' }));
    expect((await admin.post(`/admin/users/${owner.id}/disable`)).status).toBe(200);

    const rest = await new ApiClient(app.url, { bearer: key, clientId: null }).get('/diagrams');
    expect(rest.status).toBe(401);
    expect(rest.body.error.code).toBe('AUTH_API_KEY_INVALID');
    const mcp = await new ApiClient(app.url, { bearer: key, clientId: null }).post('/mcp', {
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/list',
    });
    expect(mcp.status).toBe(401);
    expect(mcp.body.error.code).toBe(rest.body.error.code);
    // Every POST stands alone: the session opened before the owner was disabled gets nothing more.
    await expect(client.callTool({ name: 'list_diagrams', arguments: {} })).rejects.toThrow(/401|AUTH_API_KEY_INVALID/);
    await expect(connect(key)).rejects.toThrow(/401|AUTH_API_KEY_INVALID/);
    await client.close();
  });

  it('answers 429 with Retry-After once the key used its minute, and the typed client reports how long to wait', async () => {
    const small = await startTestApp({ env: { API_KEY_RATE_LIMIT: '3' } });
    try {
      const me = await loginAs(small, await createUser(small));
      const key = (await me.post('/users/me/api-key')).body.content.key as string;
      const withKey = new ApiClient(small.url, { bearer: key, clientId: null });
      for (let i = 0; i < 3; i++) expect((await withKey.get('/diagrams')).status).toBe(200);
      const over = await withKey.get('/diagrams');
      expect(over.status).toBe(429);
      expect(over.body.error.code).toBe('RATE_LIMITED');
      expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(over.headers.get('ratelimit')).toMatch(/^"api-key";r=0;t=\d+$/);
      const usage = (await me.get('/users/me/api-key')).body.content.usage;
      expect(usage).toMatchObject({ limit: 3, remaining: 0 });
      const typed = createClient({ url: small.url, apiKey: key, retries: 0 });
      const error = await typed.diagram.list().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(LoopwrightError);
      expect(error).toMatchObject({ code: 'RATE_LIMITED', status: 429 });
      expect((error as LoopwrightError).retryAfter).toBeGreaterThan(0);
    } finally {
      await small.close();
    }
  });
});
