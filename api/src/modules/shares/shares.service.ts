import { Injectable } from '@nestjs/common';
import type { TransactionClient } from '../../core/prisma/prisma.service.js';
import { SharesRepository } from './shares.repository.js';

export type ShareRole = 'viewer' | 'editor' | 'none';
export type ShareRow = NonNullable<Awaited<ReturnType<SharesRepository['find']>>>;

/**
 * Diagrams shared with people by e-mail: the records only. Access decisions read them through
 * DiagramAccessService; the sharing module's rules (who may share, what) write them.
 */
@Injectable()
export class SharesService {
  constructor(private readonly shares: SharesRepository) {}

  list(diagramId: string): Promise<ShareRow[]> {
    return this.shares.list(diagramId);
  }

  find(diagramId: string, id: string): Promise<ShareRow | null> {
    return this.shares.find(diagramId, id);
  }

  async roleOf(diagramId: string, email: string): Promise<ShareRole | null> {
    return (await this.shares.findByEmail(diagramId, email))?.role ?? null;
  }

  rolesOf(diagramIds: string[], email: string): Promise<Map<string, ShareRole>> {
    return this.shares.rolesOf(diagramIds, email);
  }

  withActive(diagramIds: string[]): Promise<Set<string>> {
    return this.shares.withActive(diagramIds);
  }

  hasActive(diagramId: string): Promise<boolean> {
    return this.shares.hasActive(diagramId);
  }

  /** Null when the e-mail is already on the list. */
  create(
    diagramId: string,
    email: string,
    role: ShareRole,
    invitedById: string,
    tx?: TransactionClient,
  ): Promise<ShareRow | null> {
    return this.shares.create(diagramId, email, role, invitedById, tx);
  }

  update(id: string, role: ShareRole): Promise<ShareRow> {
    return this.shares.update(id, role);
  }

  delete(id: string): Promise<void> {
    return this.shares.delete(id);
  }
}
