import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { importDiagram } from '../import/index.js';
import { run } from '../run.js';
import { validate } from '../validate.js';
import { FIXTURES } from './helpers.js';

/** The shared corpus sits beside the repository (../shared), as in CI; a few files are copied into the fixtures. */
const SHARED = fileURLToPath(new URL('../../../../../shared/corpus/machinations-io/', import.meta.url));
const LOCAL = `${FIXTURES}machinations-io/`;

function files(dir: string): string[] {
  return existsSync(dir)
    ? readdirSync(dir)
        .filter((f) => f.endsWith('.xml'))
        .sort()
        .map((f) => `${dir}${f}`)
    : [];
}

/** Ids of the cells of a file, read without our importer: every mx…Cell / object element that has one. */
function cellIds(xml: string): string[] {
  return [...xml.matchAll(/<(?:mx\w+|object|UserObject)\s[^>]*?\bid="([^"]*)"/g)].map((m) => m[1]);
}

function check(path: string): void {
  const xml = readFileSync(path, 'utf8');
  const r = importDiagram(xml);
  expect(r.format).toBe('mxgraph');
  const errors = validate(r.diagram).filter((p) => p.severity === 'error');
  expect(errors, `${path}: validation errors`).toEqual([]);
  const accounted = new Set([
    ...r.diagram.nodes!.map((n) => n.id),
    ...r.diagram.connections!.map((c) => c.id),
    ...r.warnings.map((w) => w.id),
  ]);
  expect(
    cellIds(xml).filter((id) => !accounted.has(id)),
    `${path}: cells neither imported nor reported`,
  ).toEqual([]);
  for (const w of r.warnings) expect(w.kind && w.message, `${path}: report entry without kind or reason`).toBeTruthy();
  const registers = (xml.match(/<mxMachinationRegisterCell\s/g) ?? []).length;
  expect(r.diagram.nodes!.filter((n) => n.type === 'register')).toHaveLength(registers);
  const diceGates = (xml.match(/<mxGateShapeCell\s[^>]*distributionMode="dice"/g) ?? []).length;
  expect(r.diagram.nodes!.filter((n) => n.type === 'gate' && n.distribution === 'random')).toHaveLength(diceGates);
  const result = run(r.diagram, { steps: 100, seed: 1 });
  expect(result.steps).toBeGreaterThan(0);
}

describe('machinations.io exports', () => {
  const shared = files(SHARED);
  it.runIf(shared.length > 0 || process.env.CI === 'true')(
    'every file of ../shared/corpus/machinations-io imports, validates, runs 100 steps and accounts for every cell',
    () => {
      expect(shared.length).toBeGreaterThanOrEqual(97);
      for (const path of shared) check(path);
    },
    300_000,
  );

  it.each(files(LOCAL).map((p) => [p.slice(LOCAL.length), p]))('%s (copied into the fixtures)', (_name, path) =>
    check(path),
  );
});
