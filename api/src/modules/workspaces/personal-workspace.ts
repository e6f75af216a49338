import type { TransactionClient } from '../../core/prisma/prisma.service.js';

type WorkspaceWriter = Pick<TransactionClient, 'workspace'>;

export const PERSONAL_WORKSPACE_NAME = 'Personal';

/**
 * The one way a user's personal workspace comes to exist: the user owns it and is its only active
 * member. Called with the transaction that creates the account (and by seeds and test factories,
 * which write users straight into the database).
 */
export function createPersonalWorkspace(db: WorkspaceWriter, userId: string) {
  return db.workspace.create({
    data: {
      kind: 'personal',
      name: PERSONAL_WORKSPACE_NAME,
      ownerId: userId,
      personalUserId: userId,
      members: { create: { userId, role: 'owner', status: 'active' } },
    },
    select: { id: true },
  });
}
