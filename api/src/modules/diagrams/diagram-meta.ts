import type { Prisma } from '../../generated/prisma/client.js';

export const userRef = { select: { id: true, username: true, firstName: true, lastName: true, email: true } } as const;

/** What access decisions and views need of a diagram (never the document). */
export const diagramMeta = {
  id: true,
  fuid: true,
  name: true,
  description: true,
  workspaceId: true,
  ownerId: true,
  version: true,
  linkAccess: true,
  community: true,
  timeStepsLimit: true,
  typeTags: true,
  nodeCount: true,
  connectionCount: true,
  componentCount: true,
  sizeBytes: true,
  playCount: true,
  forkCount: true,
  likeCount: true,
  sourceId: true,
  fileToken: true,
  savedAt: true,
  savedById: true,
  createdAt: true,
  updatedAt: true,
  deletedAt: true,
  workspace: { select: { id: true, kind: true, ownerId: true } },
  owner: userRef,
  savedBy: userRef,
  source: { select: { fuid: true, name: true, deletedAt: true, owner: { select: { username: true } } } },
} as const satisfies Prisma.DiagramSelect;

export type DiagramMeta = Prisma.DiagramGetPayload<{ select: typeof diagramMeta }>;
export type UserRefRow = NonNullable<DiagramMeta['savedBy']>;

/** A diagram's access and limit facts: what a save reads (DiagramsRepository.findFacts). */
export interface DiagramFacts {
  id: string;
  fuid: string;
  workspaceId: string;
  ownerId: string;
  version: number;
  linkAccess: 'none' | 'view' | 'edit';
  community: boolean;
  deletedAt: Date | null;
  componentCount: number;
  timeStepsLimit: number;
  workspace: { id: string; kind: 'personal' | 'team'; ownerId: string };
}
