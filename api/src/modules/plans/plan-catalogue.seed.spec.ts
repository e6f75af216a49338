import { describe, expect, it } from 'vitest';
import { defaultPlanCatalogue } from './plan-catalogue.seed.js';

describe('default plan catalogue', () => {
  it('offers Public, Essential, Professional and Power, with trials on the paid ones', () => {
    const offered = defaultPlanCatalogue.filter((p) => p.active);
    expect(offered.map((p) => p.displayName)).toEqual(['Public', 'Essential', 'Professional', 'Power']);
    for (const plan of offered) expect(plan.trial).toBe(plan.price.monthly > 0);
  });

  it('has one entry per plan type and name', () => {
    expect(new Set(defaultPlanCatalogue.map((p) => p.type)).size).toBe(defaultPlanCatalogue.length);
    expect(new Set(defaultPlanCatalogue.map((p) => p.name)).size).toBe(defaultPlanCatalogue.length);
  });

  it('asks for work e-mail addresses on the Enterprise and Academia plans only', () => {
    const names = defaultPlanCatalogue.filter((p) => p.workEmailRequired).map((p) => p.name);
    expect(names).toEqual(['academia', 'enterprise', 'enterprise2']);
  });
});
