import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

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

function sh(command: string, cwd: string) {
  const r = spawnSync('bash', ['-c', command], { cwd, env, encoding: 'utf8', maxBuffer: 1 << 26, timeout: 300_000 });
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
});

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
    expect(convert.err).toMatch(/import report: \d+ element\(s\)/);
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
