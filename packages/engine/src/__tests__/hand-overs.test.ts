import { describe, expect, it } from 'vitest';
import { run } from '../run.js';
import type { DiagramInput } from '../schema.js';

// Found by the property tests: gates and a converter in a loop that fans out. Each hand-over is
// within the depth bound, but the paths double at every level, so the first step never ended.
const fanOutLoop: DiagramInput = {
  version: 1,
  settings: { stepsLimit: 12, triggerTiming: 'nextStep', allocation: 'creationOrder' },
  nodes: [
    { id: 'n0', type: 'pool', activation: 'onstart', mode: 'push-any', start: 3, capacity: -1 },
    { id: 'n1', type: 'pool', activation: 'onstart', mode: 'push-any', start: 17, capacity: -1 },
    { id: 'n2', type: 'gate', activation: 'automatic', mode: 'push-any', distribution: 'random' },
    { id: 'n3', type: 'drain', activation: 'passive', mode: 'pull-all' },
    { id: 'n4', type: 'converter', activation: 'onstart', mode: 'push-any' },
    { id: 'n5', type: 'gate', activation: 'onstart', mode: 'pull-all', distribution: 'random' },
    { id: 'n6', type: 'pool', activation: 'passive', mode: 'pull-any', start: 9, capacity: 10 },
  ],
  connections: [
    { id: 'r1', kind: 'resource', from: 'n1', to: 'n2', formula: '0.5' },
    { id: 'r2', kind: 'resource', from: 'n4', to: 'n0', formula: '2D4-2' },
    { id: 'r4', kind: 'resource', from: 'n0', to: 'n5', formula: 'randomInt(0, 3)' },
    { id: 'r5', kind: 'resource', from: 'n5', to: 'n2', formula: '3' },
    { id: 'r6', kind: 'resource', from: 'n4', to: 'n5', formula: 'randomInt(0, 3)' },
    { id: 'r7', kind: 'resource', from: 'n2', to: 'n4', formula: '2' },
    { id: 'r9', kind: 'resource', from: 'n0', to: 'n6', formula: 'D6' },
    { id: 's3', kind: 'state', from: 'n6', to: 'n5', formula: '<5' },
  ],
  variables: [],
};

describe('immediate hand-overs', () => {
  it('end their step when a loop of gates and converters fans out', () => {
    const result = run(fanOutLoop, { seed: -28 });
    expect(result.steps).toBe(12);
    for (const series of Object.values(result.series)) expect(series.every(Number.isFinite)).toBe(true);
  });
});
