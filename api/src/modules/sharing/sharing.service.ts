import { Injectable } from '@nestjs/common';
import {
  DIAGRAM_DEFAULT_NAME,
  DiagramErrorCode,
  DiagramTexts,
  RealtimeEvents,
  type DiagramPrivacy,
  type Share,
} from '@loopwright/contracts';
import type { Caller } from '../../core/auth/caller.js';
import { AppError } from '../../core/errors/app-error.js';
import { DiagramAccessService } from '../diagrams/diagram-access.service.js';
import { privacyView, userRefView } from '../diagrams/diagram-view.js';
import type { DiagramMeta } from '../diagrams/diagram-meta.js';
import { DiagramsService } from '../diagrams/diagrams.service.js';
import { DomainEventsService } from '../events/domain-events.service.js';
import { EntitlementsService } from '../plans/entitlements.service.js';
import { RealtimePublisher } from '../realtime/realtime.publisher.js';
import { SharesService, type ShareRow } from '../shares/shares.service.js';
import { UsersService } from '../users/users.service.js';

type Role = Share['role'];

/** Privacy (link, community) and sharing with people; only the owner changes them. */
@Injectable()
export class SharingService {
  constructor(
    private readonly shares: SharesService,
    private readonly users: UsersService,
    private readonly access: DiagramAccessService,
    private readonly diagrams: DiagramsService,
    private readonly realtime: RealtimePublisher,
    private readonly events: DomainEventsService,
    private readonly entitlements: EntitlementsService,
  ) {}

  async setPrivacy(
    fuid: string,
    caller: Caller,
    changes: { linkAccess?: 'none' | 'view' | 'edit'; community?: boolean },
  ): Promise<DiagramPrivacy> {
    const { diagram } = await this.access.require(fuid, caller, 'owner');
    requireSaved(diagram);
    // Taking a public diagram off the community makes it private: that needs a paid plan.
    if (changes.community === false && diagram.community)
      await this.entitlements.assertPrivateAllowed(diagram.workspaceId);
    const updated = await this.events.transaction(async (tx, emit) => {
      const row = await this.diagrams.setPrivacy(diagram.id, changes, tx);
      if (row.community && !diagram.community)
        await emit({
          type: 'DiagramPublished',
          payload: { diagramId: row.id, fuid: row.fuid, diagramName: row.name, ownerId: row.ownerId },
        });
      return row;
    });
    this.accessChanged(fuid);
    return privacyView(updated, await this.shares.hasActive(diagram.id));
  }

  async list(fuid: string, caller: Caller): Promise<Share[]> {
    const { diagram } = await this.access.require(fuid, caller, 'owner');
    return this.views(await this.shares.list(diagram.id));
  }

  async create(fuid: string, caller: Caller, email: string, role: Role): Promise<Share> {
    const { diagram } = await this.access.require(fuid, caller, 'owner');
    requireSaved(diagram);
    if (!diagram.name.trim() || diagram.name === DIAGRAM_DEFAULT_NAME)
      throw new AppError(DiagramErrorCode.SHARE_NAME_REQUIRED);
    if (email === diagram.owner.email.toLowerCase()) throw new AppError(DiagramErrorCode.SHARE_SELF);
    const created = await this.events.transaction(async (tx, emit) => {
      const share = await this.shares.create(diagram.id, email, role, caller.userId, tx);
      if (share && role !== 'none')
        await emit({
          type: 'DiagramShared',
          payload: { diagramId: diagram.id, fuid, diagramName: diagram.name, sharedById: caller.userId, email, role },
        });
      return share;
    });
    if (!created) throw new AppError(DiagramErrorCode.SHARE_ALREADY_EXISTS);
    this.accessChanged(fuid);
    return (await this.views([created]))[0];
  }

  async update(fuid: string, caller: Caller, shareId: string, role: Role): Promise<Share> {
    const { diagram } = await this.access.require(fuid, caller, 'owner');
    await this.requireShare(diagram.id, shareId);
    const updated = await this.shares.update(shareId, role);
    this.accessChanged(fuid);
    return (await this.views([updated]))[0];
  }

  async delete(fuid: string, caller: Caller, shareId: string): Promise<void> {
    const { diagram } = await this.access.require(fuid, caller, 'owner');
    await this.requireShare(diagram.id, shareId);
    await this.shares.delete(shareId);
    this.accessChanged(fuid);
  }

  private async requireShare(diagramId: string, shareId: string): Promise<ShareRow> {
    const share = await this.shares.find(diagramId, shareId);
    if (!share) throw new AppError(DiagramErrorCode.SHARE_NOT_FOUND);
    return share;
  }

  /** Sockets leave the room and are told to join again: joining checks access anew. */
  private accessChanged(fuid: string): void {
    this.realtime.toDiagram(fuid, RealtimeEvents.accessChanged, { fuid });
    this.realtime.leaveDiagram(fuid);
    this.realtime.diagramAccessChanged(fuid, 'access');
  }

  private async views(rows: ShareRow[]): Promise<Share[]> {
    const users = await this.users.refsByEmail(rows.map((r) => r.email));
    return rows.map((r) => {
      const user = users.find((u) => u.email === r.email);
      return {
        id: r.id,
        email: r.email,
        role: r.role,
        user: user ? userRefView(user) : null,
        createdAt: r.createdAt.toISOString(),
        updatedAt: r.updatedAt.toISOString(),
      };
    });
  }
}

function requireSaved(diagram: DiagramMeta): void {
  if (diagram.version < 1)
    throw new AppError(DiagramErrorCode.DIAGRAM_NOT_SAVED, { message: DiagramTexts.notSavedPrivacy });
}
