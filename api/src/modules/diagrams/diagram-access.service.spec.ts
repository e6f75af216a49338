import { describe, expect, it } from 'vitest';
import { DiagramAccessService } from './diagram-access.service.js';

const decide = (...args: Parameters<typeof DiagramAccessService.decide>) => DiagramAccessService.decide(...args);
const base = { ownerId: 'owner', linkAccess: 'none' as 'none' | 'view' | 'edit', community: false, deletedAt: null as Date | null };

describe('DiagramAccessService.decide', () => {
  it('gives the owner everything and nobody anything on a deleted diagram', () => {
    expect(decide(base, 'owner', null)).toBe('owner');
    expect(decide({ ...base, deletedAt: new Date() }, 'owner', null)).toBeNull();
    expect(decide({ ...base, community: true, deletedAt: new Date() }, undefined, null)).toBeNull();
  });

  it('keeps a private diagram to its owner and the people it is shared with', () => {
    expect(decide(base, 'someone', null)).toBeNull();
    expect(decide(base, undefined, null)).toBeNull();
    expect(decide(base, 'friend', 'viewer')).toBe('viewer');
    expect(decide(base, 'friend', 'editor')).toBe('editor');
    expect(decide(base, 'friend', 'none')).toBeNull();
  });

  it('opens the link to view or edit; anonymous link editors only view; No access withholds the link', () => {
    expect(decide({ ...base, linkAccess: 'view' }, 'someone', null)).toBe('viewer');
    expect(decide({ ...base, linkAccess: 'edit' }, 'someone', null)).toBe('editor');
    expect(decide({ ...base, linkAccess: 'edit' }, undefined, null)).toBe('viewer');
    expect(decide({ ...base, linkAccess: 'edit' }, 'friend', 'none')).toBeNull();
  });

  it('lets anyone view a community diagram and takes the strongest of several grants', () => {
    expect(decide({ ...base, community: true }, undefined, null)).toBe('viewer');
    expect(decide({ ...base, community: true }, 'friend', 'none')).toBe('viewer');
    expect(decide({ ...base, community: true, linkAccess: 'view' }, 'friend', 'editor')).toBe('editor');
    expect(decide({ ...base, linkAccess: 'edit' }, 'friend', 'viewer')).toBe('editor');
  });

  it('ranks access levels', () => {
    expect(DiagramAccessService.allows('owner', 'editor')).toBe(true);
    expect(DiagramAccessService.allows('editor', 'owner')).toBe(false);
    expect(DiagramAccessService.allows('viewer', 'viewer')).toBe(true);
    expect(DiagramAccessService.allows(null, 'viewer')).toBe(false);
  });
});
