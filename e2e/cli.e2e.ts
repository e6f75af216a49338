import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// The app runs as its own process: this file waits on its clients synchronously (spawnSync).
import { freePort, startBuiltAppProcess, type BuiltAppProcess } from './support/built-app.js';
import { loggedInUser, until } from './support/own-services.js';

/**
 * loopwright-sim from a fresh clone: `git clone` + `npm install` (from npm's cache, as CI has just
 * filled it) and nothing else, then every CLI command the README and the docs show, as written.
 */
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const DOCS = [
  'README.md',
  'packages/engine/README.md',
  ...readdirSync(join(ROOT, 'content/docs/09-command-line'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `content/docs/09-command-line/${f}`),
  'content/docs/08-import-and-export/02-importing-machinations-diagrams.md',
];

/** Runnable commands: lines of ```sh blocks that call loopwright-sim, with `\` continuations joined. */
function documentedCommands(): { file: string; command: string }[] {
  const out: { file: string; command: string }[] = [];
  for (const file of DOCS) {
    const text = readFileSync(join(ROOT, file), 'utf8');
    for (const block of text.matchAll(/```sh\n([\s\S]*?)```/g)) {
      const lines = block[1]
        .replace(/\\\n\s*/g, ' ')
        .split('\n')
        .map((l) => l.trim());
      for (const line of lines)
        if (/^(npx )?loopwright-sim /.test(line))
          out.push({ file, command: line.startsWith('npx ') ? line : `npx ${line}` });
    }
  }
  return out;
}

// Nested npm must not inherit the settings of the `npm test` that started this file.
const env = Object.fromEntries(
  Object.entries(process.env).filter(([k]) => !k.startsWith('npm_') && !k.startsWith('VITEST')),
);
let clone = '';

function sh(command: string, cwd: string, extraEnv: Record<string, string> = {}) {
  const r = spawnSync('bash', ['-c', command], {
    cwd,
    env: { ...env, ...extraEnv },
    encoding: 'utf8',
    maxBuffer: 1 << 26,
    timeout: 300_000,
  });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

beforeAll(() => {
  clone = mkdtempSync(join(tmpdir(), 'lw-clone-'));
  execFileSync('git', ['clone', '--quiet', ROOT, clone], { env });
  const install = sh('npm install --prefer-offline --no-audit --no-fund', clone);
  if (install.code !== 0) throw new Error(`npm install in the clone failed:\n${install.err}`);
}, 900_000);

afterAll(() => {
  if (clone) rmSync(clone, { recursive: true, force: true });
}, 300_000); // a clone's node_modules, on a busy machine

describe('loopwright-sim in a fresh clone', () => {
  it('npx loopwright-sim --help works right after npm install, building the engine on first use', () => {
    const help = sh('npx loopwright-sim --help', clone);
    expect(help.code).toBe(0);
    expect(help.out).toMatch(/loopwright-sim run FILE/);
    expect(help.out).toMatch(/loopwright-sim convert FILE \[-o OUT\.json\]/);
    expect(help.err).toMatch(/building the engine/);
    const again = sh('npx loopwright-sim --help', clone);
    expect(again.err).not.toMatch(/building the engine/);
  }, 300_000);

  it('run --steps 100 and convert with the import report on stderr', () => {
    const examples = join(clone, 'examples');
    const run = sh('npx loopwright-sim run economy.json --steps 100 --json', examples);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.out).runs[0].steps).toBe(100);
    const convert = sh('npx loopwright-sim convert old-diagram.xml -o converted.json', examples);
    expect(convert.code).toBe(0);
    expect(convert.err).toMatch(/^import report: \d+ elements? left out or changed$/m);
    expect(convert.err).toMatch(/^ {2}0 \[layer\]: /m);
    const converted = JSON.parse(readFileSync(join(examples, 'converted.json'), 'utf8'));
    expect(converted.nodes.length).toBeGreaterThan(3);
    expect(sh('npx loopwright-sim run converted.json --steps 100', examples).code).toBe(0);
  }, 300_000);

  it('every loopwright-sim command in the README and the docs runs as written (from examples/)', () => {
    const commands = documentedCommands();
    expect(commands.length).toBeGreaterThanOrEqual(8);
    for (const { file, command } of commands) {
      // The README's commands start at the repository root; the docs' in examples/, as they say.
      const r = sh(command, file === 'README.md' ? clone : join(clone, 'examples'));
      expect({ file, command, code: r.code, err: r.code === 0 ? '' : r.err }).toEqual({
        file,
        command,
        code: 0,
        err: '',
      });
    }
  }, 600_000);
});

/**
 * docs/developers.md's fenced blocks, in order: language and text. The webhook receiver's port 4000
 * becomes `port`, so a run in another checkout on the same machine never finds it taken.
 */
function developerDocBlocks(port: number): { lang: string; text: string }[] {
  const text = readFileSync(join(clone, 'docs/developers.md'), 'utf8').replace(/\b4000\b/g, String(port));
  return [...text.matchAll(/```(\w+)\n([\s\S]*?)```/g)].map((m) => ({ lang: m[1], text: m[2] }));
}

/**
 * The remote commands, the typed client, webhooks and MCP from the fresh clone against the built app
 * (a running instance): docs/developers.md's examples as written, then what a CI job and an assistant do.
 */
describe('the clone against a running server (docs/developers.md)', () => {
  let app: BuiltAppProcess;
  let serverEnv: Record<string, string>;
  let key = '';
  let api: (method: string, path: string, body?: unknown) => Promise<{ status: number; body: any }>;

  beforeAll(async () => {
    app = await startBuiltAppProcess({ WEBHOOKS_ALLOW_PRIVATE: 'true' });
    const { client } = await loggedInUser(app.databaseUrl, app.url);
    key = (await client.post('/users/me/api-key')).body.content.key;
    serverEnv = {
      LOOPWRIGHT_URL: app.url,
      LOOPWRIGHT_API_KEY: key,
      XDG_CONFIG_HOME: mkdtempSync(join(tmpdir(), 'lw-config-')),
    };
    api = async (method, path, body) => {
      const send = () =>
        fetch(`${app.url}/api${path}`, {
          method,
          headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
      // A kept-alive connection the server closed while a long CLI step ran: one more try.
      const response = await send().catch(send);
      return { status: response.status, body: await response.json() };
    };
  }, 180_000);
  afterAll(async () => {
    await app?.close();
  });

  it('runs every example of docs/developers.md as written', async () => {
    let fuid = '';
    let receiver: ReturnType<typeof spawn> | null = null;
    let received = '';
    try {
      const port = await freePort();
      const receiverUrl = `http://localhost:${port}/`;
      for (const block of developerDocBlocks(port)) {
        const name = /^\/\/ (\S+\.mjs)\n/.exec(block.text)?.[1];
        if (block.lang === 'js' && name) writeFileSync(join(clone, name), block.text);
        if (block.lang !== 'sh' || block.text.includes('lw_xxxxxxxxxxxx')) continue; // the placeholder exports
        if (block.text.includes('node receiver.mjs')) {
          // The receiver, with the secret of a webhook to it (Settings → Webhooks would show it once).
          const created = await api('POST', '/webhooks', { url: receiverUrl, events: ['batch.finished'] });
          expect(created.status).toBe(201);
          receiver = spawn('node', ['receiver.mjs'], {
            cwd: clone,
            env: { ...env, WEBHOOK_SECRET: created.body.content.secret },
          });
          receiver.stdout!.on('data', (chunk) => (received += chunk));
          await until(
            'the receiver listening',
            async () => (await fetch(receiverUrl).catch(() => null))?.status === 400,
            20_000,
          );
          expect((await api('POST', `/webhooks/${created.body.content.webhook.id}/test`)).status).toBe(202);
          await until('a verified ping', () => Promise.resolve(received.includes('ping verified')), 30_000);
          continue;
        }
        const r = sh(`set -eo pipefail\n${block.text}\necho "__FUID=\${FUID:-}"`, clone, { ...serverEnv, FUID: fuid });
        expect({ block: block.text, code: r.code, err: r.code === 0 ? '' : r.err }).toEqual({
          block: block.text,
          code: 0,
          err: '',
        });
        fuid = /__FUID=(.*)/.exec(r.out)?.[1] || fuid;
        if (block.text.includes('push economy.json --fuid')) {
          // push -m: the new version carries the message, in the version history the editor shows.
          const versions = await api('GET', `/diagrams/${fuid}/versions`);
          expect(versions.body.content.items[0]).toMatchObject({
            version: 2,
            message: 'Gold tuned for the boss fight',
          });
        }
        if (block.text.includes('lw_revoked')) expect(r.out.split('\n')[0]).toBe('"code":"AUTH_API_KEY_INVALID"');
        if (block.text.includes('"active":false')) expect(r.out.split('\n')[0]).toBe('"status":"paused"');
        if (block.text.includes('ratelimit')) expect(r.out).toMatch(/^ratelimit: "api-key";r=\d+;t=\d+$/im);
        if (block.text.includes('list-diagrams')) expect(r.out).toMatch(/404 DIAGRAM_NOT_FOUND/);
        if (block.text.includes('run --remote')) expect(r.out).toMatch(/Run .*: 500 runs .*\n {2}Gold: mean \d+/);
        if (block.text.includes('test --remote'))
          expect(r.out).toMatch(/^PASS Gold on track: .*\n1 passed, 0 failed$/m);
        if (block.text.includes('Loopwright-Signature: t=1700000000')) {
          expect(r.out.trim().split('\n')[0]).toBe('400');
          await until(
            'the receiver refusing it',
            () => Promise.resolve(/refused: The delivery is too old/.test(received)),
            10_000,
          );
        }
        if (block.text.includes('mcp-session')) expect(r.out).toMatch(/Coins after 20 steps: \d+\.\d on average/);
      }
    } finally {
      receiver?.kill();
    }
    expect(fuid).toMatch(/\S/);
    const config = join(serverEnv.XDG_CONFIG_HOME, 'loopwright', 'config.json');
    expect(statSync(config).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(config, 'utf8'))).toEqual({ url: app.url, apiKey: key });
  }, 600_000);

  it('test --remote exits 1 on a failing balance test; login with a wrong key is told, exit 2', async () => {
    const fuid = sh('npx loopwright-sim push examples/economy.json', clone, serverEnv).out.trim();
    await api('POST', `/diagrams/${fuid}/balance-tests`, { name: 'Too rich', nodeId: 'Gold', min: 100000, runs: 20 });
    const failing = sh(`npx loopwright-sim test --remote ${fuid}`, clone, serverEnv);
    expect(failing.code).toBe(1);
    expect(failing.out).toMatch(/^FAIL Too rich: /m);
    const noMessage = sh(`npx loopwright-sim push examples/economy.json --fuid ${fuid} -m`, clone, serverEnv);
    expect(noMessage.code).toBe(2);
    expect(noMessage.err).toMatch(/-m needs a value/);
    const wrong = sh(`npx loopwright-sim login --url ${app.url} --key lw_nope`, clone, serverEnv);
    expect(wrong.code).toBe(2);
    expect(wrong.err).toMatch(/AUTH_API_KEY_INVALID/);
  }, 300_000);

  it('npx loopwright-sim mcp serves the tools over stdio to the SDK client', async () => {
    const client = new Client({ name: 'e2e', version: '1.0.0' });
    await client.connect(
      new StdioClientTransport({
        command: 'npx',
        args: ['loopwright-sim', 'mcp'],
        cwd: clone,
        env: { ...(env as Record<string, string>), ...serverEnv },
      }),
    );
    try {
      const { tools } = await client.listTools();
      expect(tools.map((t) => t.name)).toEqual(
        expect.arrayContaining(['create_diagram', 'edit_diagram', 'run_diagram']),
      );
      const text = async (name: string, args: Record<string, unknown>) =>
        ((await client.callTool({ name, arguments: args })) as { content: { text: string }[] }).content[0].text;
      const { fuid } = JSON.parse(await text('create_diagram', { name: 'Over stdio' }));
      await text('edit_diagram', {
        fuid,
        add: [
          { id: 'well', type: 'source', name: 'Well', activation: 'automatic', x: 0, y: 0 },
          { id: 'water', type: 'pool', name: 'Water', x: 200, y: 0, showInChart: true },
          { id: 'flow', kind: 'resource', from: 'well', to: 'water', formula: '2' },
        ],
        settings: { stepsLimit: 10 },
      });
      const run = JSON.parse(await text('run_diagram', { fuid, runs: 5 }));
      expect(run.chart.Water.mean.at(-1)).toBe(20);
    } finally {
      await client.close();
    }
  }, 300_000);
});
