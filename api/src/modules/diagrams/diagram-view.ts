import type { DiagramPrivacy, DiagramSummary } from '@loopwright/contracts';
import type { AccessLevel } from './diagram-access.service.js';
import type { DiagramMeta, UserRefRow } from './diagram-meta.js';

export interface UserRef {
  id: string;
  username: string | null;
  name: string;
  isFollowed: boolean;
}

export function userRefView(user: Omit<UserRefRow, 'email'> & { email?: string }): UserRef {
  const fullName = [user.firstName, user.lastName].filter(Boolean).join(' ');
  return { id: user.id, username: user.username, name: fullName || user.username || '', isFollowed: false };
}

export function privacyView(
  diagram: Pick<DiagramMeta, 'linkAccess' | 'community'>,
  specificPeople: boolean,
): DiagramPrivacy {
  const grants = [specificPeople, diagram.linkAccess !== 'none', diagram.community].filter(Boolean).length;
  const option: DiagramPrivacy['option'] =
    grants === 0
      ? 'only-me'
      : grants > 1
        ? 'combined'
        : specificPeople
          ? 'specific-people'
          : diagram.community
            ? 'public'
            : 'link';
  return { linkAccess: diagram.linkAccess, community: diagram.community, specificPeople, option };
}

export interface SummaryContext {
  access: AccessLevel;
  callerId: string | undefined;
  tags: { id: string; name: string; textColor: string; backgroundColor: string }[];
  specificPeople: boolean;
  /** The owner's e-mail is shown to the owner and to editors (collaborators), never to viewers. */
  showOwnerEmail: boolean;
  /** The caller likes this diagram / follows its owner (likedByAuthenticatedUser, owner.isFollowed). */
  liked?: boolean;
  ownerFollowed?: boolean;
}

export function summaryView(d: DiagramMeta, context: SummaryContext): DiagramSummary {
  return {
    fuid: d.fuid,
    name: d.name,
    description: d.description,
    owner: {
      ...userRefView(d.owner),
      isFollowed: !!context.ownerFollowed,
      email: context.showOwnerEmail ? d.owner.email : null,
    },
    access: context.access,
    privacy: privacyView(d, context.specificPeople),
    version: d.version,
    timeStepsLimit: d.timeStepsLimit,
    typeTags: d.typeTags as DiagramSummary['typeTags'],
    tags: context.tags,
    counts: {
      nodes: d.nodeCount,
      connections: d.connectionCount,
      components: d.componentCount,
      plays: d.playCount,
      forks: d.forkCount,
    },
    likeCount: d.likeCount,
    likedByAuthenticatedUser: !!context.liked,
    source: d.source
      ? {
          fuid: d.source.fuid,
          name: d.source.deletedAt ? '' : d.source.name,
          owner: d.source.owner.username,
          available: !d.source.deletedAt,
        }
      : null,
    publicUrl: d.community ? `/open-public/${d.fuid}` : null,
    thumbnailUrl: `/share-thumbnail/${d.fuid}/small/png?v=${d.version}`,
    sizeBytes: d.sizeBytes,
    createdAt: d.createdAt.toISOString(),
    updatedAt: d.updatedAt.toISOString(),
    savedAt: d.savedAt?.toISOString() ?? null,
    deletedAt: d.deletedAt?.toISOString() ?? null,
  };
}
