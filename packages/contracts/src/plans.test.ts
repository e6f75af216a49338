import { describe, expect, it } from 'vitest';
import { planSelectionUrl, TRIAL_DAYS } from './plans.js';

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
