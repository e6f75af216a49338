import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { splitIntoBlocks } from '../blocks.js';
import type { DiagramInput } from '../schema.js';
import { parseLever } from '../study/levers.js';
import { runStudy, studyWork, type StudyBlockInput, type StudySettings } from '../study/work.js';

const inflation = JSON.parse(
  readFileSync(new URL('../../../../examples/inflation.json', import.meta.url), 'utf8'),
) as DiagramInput;

const base: StudySettings = {
  kind: 'sweep',
  levers: ['upgradePrice=10:80:int', 'repairCost=0:20:int'].map(parseLever),
  goals: ['p90(Coins, 30) <= 150', 'median(Upgrades, 30) >= 20'],
  budget: 40,
  metric: 'p90(Coins, 30)',
  method: 'grid',
  samples: 25,
  runs: 20,
  seed: 1,
};

/** The study's blocks of `size` units, run in `order`, folded in block order as the merge job does. */
function inBlocks(settings: StudySettings, size: number, order: 'forwards' | 'backwards' | 'shuffled') {
  // Each block gets its own copy of the input, as a worker on another machine would.
  const input = (): StudyBlockInput => structuredClone({ document: inflation, settings, blockSize: size });
  const blocks = splitIntoBlocks(studyWork.units(input()), studyWork.blockSize(input()));
  const ran = order === 'backwards' ? [...blocks].reverse() : order === 'shuffled' ? shuffle(blocks) : blocks;
  const bytes = new Map(ran.map((b) => [b.index, studyWork.runBlock(input(), b.first, b.count)]));
  let acc = studyWork.start(input());
  for (const b of blocks) acc = studyWork.add(acc, bytes.get(b.index)!);
  return { blocks: blocks.length, outcome: studyWork.finish(input(), acc, false) };
}

function shuffle<T>(xs: T[]): T[] {
  const out = [...xs];
  for (let i = out.length - 1, s = 7; i > 0; i--) {
    s = (s * 1103515245 + 12345) % 2 ** 31;
    const j = s % (i + 1);
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

describe('balance studies as blocks', () => {
  it.each([
    ['grid sweep', { kind: 'sweep', method: 'grid', samples: 25 }],
    ['Latin hypercube sweep', { kind: 'sweep', method: 'lhs', samples: 17 }],
    ['Sobol indices with the tornado', { kind: 'sensitivity', method: 'sobol', samples: 8 }],
    ['Morris screening', { kind: 'sensitivity', method: 'morris', samples: 5 }],
  ] as const)('%s: any cut and any completion order gives the bytes of one pass', (_name, over) => {
    const settings = { ...base, ...over };
    const single = JSON.stringify(runStudy(structuredClone(inflation), settings));
    for (const [size, order] of [
      [1, 'shuffled'],
      [3, 'backwards'],
      [7, 'forwards'],
      [1000, 'forwards'],
    ] as const) {
      const { blocks, outcome } = inBlocks(settings, size, order);
      expect(JSON.stringify(outcome), `blocks of ${size}, ${order}`).toBe(single);
      if (size === 1) expect(blocks).toBeGreaterThan(10);
    }
  });

  it('a solve is one block that carries the whole answer, fans included', () => {
    const settings: StudySettings = { ...base, kind: 'solve' };
    const single = runStudy(structuredClone(inflation), settings);
    const { blocks, outcome } = inBlocks(settings, 5, 'forwards');
    expect(blocks).toBe(1);
    expect(JSON.stringify(outcome)).toBe(JSON.stringify(single));
    expect(outcome.kind).toBe('solve');
    if (outcome.kind === 'solve') expect(Object.keys(outcome.fans).sort()).toEqual(['Coins', 'Upgrades']);
  });

  it('sizes blocks at about 4·10⁷ node-steps of work', () => {
    const input = { document: inflation, settings: { ...base, runs: 1000 } };
    // 5 nodes × 30 steps × 1,000 runs = 1.5·10⁵ node-steps per evaluation → 267 evaluations per block.
    expect(studyWork.blockSize(input)).toBe(267);
    expect(studyWork.units({ document: inflation, settings: { ...base, kind: 'solve' } })).toBe(1);
  });
});
