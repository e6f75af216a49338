import { describe, expect, it } from 'vitest';
import { limitAmount, planSelectionUrl, TRIAL_DAYS } from './plans.js';

const offered = [
  { name: 'community', active: true, trial: false },
  { name: 'studio', active: true, trial: true },
  { name: 'vault', active: false, trial: true },
];

describe('plan selection', () => {
  it('offers 14-day trials', () => {
    expect(TRIAL_DAYS).toBe(14);
  });

  it('sends an active plan with a trial to the trial start, anything else to /register', () => {
    expect(planSelectionUrl('studio', 'yearly', offered)).toBe('/start-trial/studio/yearly');
    expect(planSelectionUrl('community', 'monthly', offered)).toBe('/register');
    expect(planSelectionUrl('vault', 'monthly', offered)).toBe('/register');
    expect(planSelectionUrl('unknown', 'monthly', offered)).toBe('/register');
  });
});

describe('what a plan includes, as the upgrade prompt says it', () => {
  it('counts each limit with its noun in the right number: no "1 editors" or "250 time steps limit"', () => {
    expect(limitAmount('editors', 1)).toBe('1 editor');
    expect(limitAmount('components', 1)).toBe('1 component');
    expect(limitAmount('timeSteps', 250)).toBe('250 time steps');
    expect(limitAmount('runSteps', 5000)).toBe('5,000 run steps');
    expect(limitAmount('versionHistoryDays', 1)).toBe('1 day of version history');
  });
});
