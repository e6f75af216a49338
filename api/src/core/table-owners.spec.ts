import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
// @ts-expect-error a plain ES module of the repository's scripts (no types)
import { checkTableOwners } from '../../../scripts/check-table-owners.mjs';
import { repoPaths } from './paths.js';

const schema = readFileSync(path.join(repoPaths.root, 'prisma/schema.prisma'), 'utf8');
const check = checkTableOwners as (schema: string, modulesDir?: string) => string[];

describe('table ownership check (npm run check:boundaries)', () => {
  let dir: string | undefined;
  afterEach(() => dir && rmSync(dir, { recursive: true, force: true }));

  /** A modules folder with one file per entry: { 'plans/x.repository.ts': source }. */
  function modules(files: Record<string, string>): string {
    dir = mkdtempSync(path.join(tmpdir(), 'table-owners-'));
    for (const [file, source] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      writeFileSync(path.join(dir, file), source);
    }
    return dir;
  }

  it('passes on the repository as it is', () => {
    expect(check(schema)).toEqual([]);
  });

  it("finds a module writing another module's table, through Prisma or in SQL", () => {
    const problems = check(
      schema,
      modules({
        'plans/plans.repository.ts': [
          'await tx.user.updateMany({ where: { id }, data: { trialUsed: true } });',
          'await this.prisma.subscription.update({ where: { id }, data: {} });',
          'await tx.$executeRaw`UPDATE diagrams SET view_count = view_count + 1`;',
          'await tx.user.findUnique({ where: { id } });',
        ].join('\n'),
        'plans/plans.int-spec.ts': 'await prisma.user.update({ where: { id }, data: {} });',
      }),
    );
    expect(problems).toEqual([
      expect.stringMatching(/plans\.repository\.ts:1: writes users, which the users module owns/),
      expect.stringMatching(/plans\.repository\.ts:3: writes diagrams, which the diagrams module owns/),
    ]);
  });

  it('asks for an owner of every model', () => {
    expect(check(`${schema}\nmodel Gadget {\n  id String @id\n}\n`, modules({}))).toEqual([
      'prisma model Gadget has no owning module in scripts/check-table-owners.mjs',
    ]);
  });
});
