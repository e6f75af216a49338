import { describe, expect, it } from 'vitest';
import { planCatalog, planSelectionUrl, TRIAL_DAYS } from './plans.js';

describe('plan catalogue', () => {
  it('offers Public, Essential, Professional and Power with 14-day trials on paid plans', () => {
    expect(planCatalog.map((p) => p.displayName)).toEqual(['Public', 'Essential', 'Professional', 'Power']);
    expect(TRIAL_DAYS).toBe(14);
    for (const plan of planCatalog) expect(plan.trial).toBe(plan.price.monthly > 0);
  });

  it('sends a known plan with a trial to the trial start, anything else to /register', () => {
    expect(planSelectionUrl('studio', 'yearly')).toBe('/start-trial/studio/yearly');
    expect(planSelectionUrl('community', 'monthly')).toBe('/register');
    expect(planSelectionUrl('unknown', 'monthly')).toBe('/register');
  });
});
