import { describe, expect, it } from 'vitest';
import { analyticsConsented, resolveAnonymousId } from './tracking.service.js';

describe('tracking rules', () => {
  it('reads analytics consent from the mirrored cookie', () => {
    expect(analyticsConsented('analytics:1,chat:0')).toBe(true);
    expect(analyticsConsented('analytics:0,chat:1')).toBe(false);
    expect(analyticsConsented(undefined)).toBe(false);
  });

  it('regenerates the anonymous id when a different signed-in user appears', () => {
    expect(resolveAnonymousId('visitor-12345678', 'user-a', 'user-a')).toEqual({
      anonymousId: 'visitor-12345678',
      changed: false,
    });
    const other = resolveAnonymousId('visitor-12345678', 'user-a', 'user-b');
    expect(other.changed).toBe(true);
    expect(other.anonymousId).not.toBe('visitor-12345678');
    expect(resolveAnonymousId(undefined, undefined, null).changed).toBe(true);
  });
});
