import { describe, expect, it } from 'vitest';
import { runBalanceTest } from '../balance.js';
import { assertionTargets, goalAssertion, goalBalanceTest, goalParts, goalSentence } from '../study/goal-builder.js';
import { measure, planStudy } from '../study/measure.js';
import { judgeGoal } from '../study/goals.js';
import { diagram } from './helpers.js';

describe('goal builder', () => {
  it('writes the assertion and the sentence, and reads them back', () => {
    expect(assertionTargets(`p90(Gold, 3) - mean("Gold coins", end) <= max(Gems, 2) && p5(Gold, 1) > 0`)).toEqual([
      'Gold',
      'Gold coins',
      'Gems',
    ]);
    expect(assertionTargets('p90(')).toEqual([]);
    const g = { stat: 'p90', node: 'Gold', step: 30, op: '<=', value: 500 } as const;
    expect(goalAssertion(g)).toBe('p90(Gold, 30) <= 500');
    expect(goalSentence(g)).toBe('the 90th percentile of Gold at step 30 is at most 500');
    expect(goalSentence({ ...g, stat: 'median', op: '>=', value: 1200, step: 'end' }, 'Gold coins')).toBe(
      'the median of Gold coins at the end is at least 1,200',
    );
    expect(goalSentence({ ...g, stat: 'p1' })).toMatch(/^the 1st percentile/);
    expect(goalSentence({ ...g, stat: 'p22' })).toMatch(/^the 22nd percentile/);
    expect(goalSentence({ ...g, stat: 'p13' })).toMatch(/^the 13th percentile/);
    expect(goalAssertion({ ...g, node: 'Gold coins' })).toBe('p90("Gold coins", 30) <= 500');
    expect(goalParts('p90(Gold, 30) <= 500')).toEqual(g);
    expect(goalParts('mean(Gold, end) >= -3')).toEqual({
      stat: 'mean',
      node: 'Gold',
      step: 'end',
      op: '>=',
      value: -3,
    });
    expect(goalParts('mean(Gold, 3) + 1 >= 3')).toBeNull();
    expect(goalParts('p90(Gold, 30) <=')).toBeNull();
  });

  it('turns percentile, min and max goals into balance tests that agree with them run by run', () => {
    expect(goalBalanceTest('p90(Gold, 30) <= 500', 1000, 42)).toEqual({
      name: 'p90(Gold, 30) <= 500',
      nodeId: 'Gold',
      step: 30,
      min: null,
      max: 500,
      share: 90,
      runs: 1000,
      seed: 42,
    });
    expect(goalBalanceTest('p10(Gold, end) >= 20', 100, 0)).toMatchObject({
      step: null,
      min: 20,
      max: null,
      share: 90,
    });
    expect(goalBalanceTest('median(Gold, 5) >= 20', 100, 0)).toMatchObject({ share: 50, min: 20 });
    expect(goalBalanceTest('min(Gold, 5) >= 20', 100, 0)).toMatchObject({ share: 100, min: 20 });
    expect(goalBalanceTest('max(Gold, 5) <= 20', 100, 0)).toMatchObject({ share: 100, max: 20 });
    for (const none of [
      'mean(Gold, 5) <= 3',
      'p90(Gold, 5) == 3',
      'min(Gold, 5) <= 3',
      'p90(Gold, 5) < 3',
      'ends(win) >= 0.5',
    ])
      expect(goalBalanceTest(none, 100, 0)).toBeNull();

    // Gold gains D6 a step: the goal and its balance test give the same verdict on the same runs.
    const doc = diagram(
      [
        { id: 'S', type: 'source', activation: 'automatic' },
        { id: 'Gold', type: 'pool' },
      ],
      [{ id: 'c', from: 'S', to: 'Gold', formula: 'D6' }],
      { stepsLimit: 10 },
    );
    const verdicts: boolean[] = [];
    for (const goal of [
      'p90(Gold, 10) <= 40',
      'p90(Gold, 10) <= 44',
      'p20(Gold, 10) >= 33',
      'median(Gold, 10) >= 36',
    ]) {
      const plan = planStudy(doc, [{ name: 'Gold.start', min: 0, max: 1 }], [goal]);
      const verdict = judgeGoal(goal, plan.trees[0], measure(plan, [0], { seed: 5, runs: 400 })).met;
      expect(runBalanceTest(doc, goalBalanceTest(goal, 400, 5)!).passed, goal).toBe(verdict);
      verdicts.push(verdict);
    }
    expect(new Set(verdicts)).toEqual(new Set([true, false]));
  });
});
