import { describe, expect, it } from 'vitest';
import { DiagramAccessService } from './diagram-access.service.js';

const decide = (...args: Parameters<typeof DiagramAccessService.decide>) => DiagramAccessService.decide(...args);
const g = (shareRole: 'viewer' | 'editor' | 'none' | null, workspaceRole: 'owner' | 'member' | null = null) => ({
  shareRole,
  workspaceRole,
});
const base = {
  ownerId: 'owner',
  linkAccess: 'none' as 'none' | 'view' | 'edit',
  community: false,
  deletedAt: null as Date | null,
};

describe('DiagramAccessService.decide', () => {
  it('gives the owner everything and nobody anything on a deleted diagram', () => {
    expect(decide(base, 'owner', g(null, 'owner'))).toBe('owner');
    expect(decide({ ...base, deletedAt: new Date() }, 'owner', g(null, 'owner'))).toBeNull();
    expect(decide({ ...base, community: true, deletedAt: new Date() }, undefined, g(null))).toBeNull();
  });

  it('keeps a private diagram to its owner and the people it is shared with', () => {
    expect(decide(base, 'someone', g(null))).toBeNull();
    expect(decide(base, undefined, g(null))).toBeNull();
    expect(decide(base, 'friend', g('viewer'))).toBe('viewer');
    expect(decide(base, 'friend', g('editor'))).toBe('editor');
    expect(decide(base, 'friend', g('none'))).toBeNull();
  });

  it('opens the link to view or edit; anonymous link editors only view; No access withholds the link', () => {
    expect(decide({ ...base, linkAccess: 'view' }, 'someone', g(null))).toBe('viewer');
    expect(decide({ ...base, linkAccess: 'edit' }, 'someone', g(null))).toBe('editor');
    expect(decide({ ...base, linkAccess: 'edit' }, undefined, g(null))).toBe('viewer');
    expect(decide({ ...base, linkAccess: 'edit' }, 'friend', g('none'))).toBeNull();
  });

  it('lets anyone view a community diagram and takes the strongest of several grants', () => {
    expect(decide({ ...base, community: true }, undefined, g(null))).toBe('viewer');
    expect(decide({ ...base, community: true }, 'friend', g('none'))).toBe('viewer');
    expect(decide({ ...base, community: true, linkAccess: 'view' }, 'friend', g('editor'))).toBe('editor');
    expect(decide({ ...base, linkAccess: 'edit' }, 'friend', g('viewer'))).toBe('editor');
  });

  it('gives team members edit access and the creator in the team everything', () => {
    expect(decide(base, 'member', g(null, 'member'))).toBe('editor');
    expect(decide({ ...base, ownerId: 'creator' }, 'creator', g(null, 'member'))).toBe('owner');
    expect(decide(base, 'team-owner', g(null, 'owner'))).toBe('owner');
    expect(decide({ ...base, deletedAt: new Date() }, 'member', g(null, 'member'))).toBeNull();
    expect(decide(base, 'member', g('viewer', 'member'))).toBe('editor');
  });

  it('ranks access levels', () => {
    expect(DiagramAccessService.allows('owner', 'editor')).toBe(true);
    expect(DiagramAccessService.allows('editor', 'owner')).toBe(false);
    expect(DiagramAccessService.allows('viewer', 'viewer')).toBe(true);
    expect(DiagramAccessService.allows(null, 'viewer')).toBe(false);
  });
});
