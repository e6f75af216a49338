import { Injectable } from '@nestjs/common';
import {
  DiagramErrorCode,
  DiagramLimits,
  DiagramTexts,
  RealtimeEvents,
  type TagWithCount,
} from '@loopwright/contracts';
import type { Caller } from '../../core/auth/caller.js';
import type { TransactionClient } from '../../core/prisma/prisma.service.js';
import { AppError } from '../../core/errors/app-error.js';
import { DiagramAccessService } from '../diagrams/diagram-access.service.js';
import { DiagramsService } from '../diagrams/diagrams.service.js';
import { EntitlementsService } from '../plans/entitlements.service.js';
import { RealtimePublisher } from '../realtime/realtime.publisher.js';
import { TagsRepository } from './tags.repository.js';

type Row = NonNullable<Awaited<ReturnType<TagsRepository['find']>>>;
const view = (t: Row): TagWithCount => ({
  id: t.id,
  name: t.name,
  textColor: t.textColor,
  backgroundColor: t.backgroundColor,
  diagramCount: t._count.diagrams,
  createdAt: t.createdAt.toISOString(),
});
const exists = () => new AppError(DiagramErrorCode.TAG_ALREADY_EXISTS);
const notFound = () => new AppError(DiagramErrorCode.TAG_NOT_FOUND);

/** A workspace's tags (text and background colour), put on diagrams its members can see. For now the caller's personal workspace. */
@Injectable()
export class TagsService {
  constructor(
    private readonly tags: TagsRepository,
    private readonly access: DiagramAccessService,
    private readonly entitlements: EntitlementsService,
    private readonly diagrams: DiagramsService,
    private readonly realtime: RealtimePublisher,
  ) {}

  async list(caller: Caller): Promise<TagWithCount[]> {
    return (await this.tags.list(await this.access.personalWorkspaceOf(caller))).map(view);
  }

  async create(
    caller: Caller,
    data: { name: string; textColor: string; backgroundColor: string },
  ): Promise<TagWithCount> {
    const workspaceId = await this.access.personalWorkspaceOf(caller);
    const created = await this.tags.create(workspaceId, caller.userId, data, async (tx) => {
      await this.entitlements.assertTagAvailable(workspaceId, tx);
      if ((await this.tags.count(workspaceId, tx)) >= DiagramLimits.maxTags)
        throw new AppError(DiagramErrorCode.TAG_LIMIT_REACHED, { details: { limit: DiagramLimits.maxTags } });
    });
    if (!created) throw exists();
    return view(created);
  }

  async update(
    caller: Caller,
    id: string,
    data: { name?: string; textColor?: string; backgroundColor?: string },
  ): Promise<TagWithCount> {
    if (!(await this.tags.find(await this.access.personalWorkspaceOf(caller), id))) throw notFound();
    const updated = await this.tags.update(id, data);
    if (!updated) throw exists();
    return view(updated);
  }

  async delete(caller: Caller, id: string): Promise<void> {
    if (!(await this.tags.find(await this.access.personalWorkspaceOf(caller), id))) throw notFound();
    await this.tags.delete(id);
  }

  /** Account deletion: the tags the user made in a team stay there, owned by the team's owner. */
  handOverTeamTags(userId: string, tx: TransactionClient): Promise<void> {
    return this.tags.handOverToWorkspaceOwners(userId, tx);
  }

  async setOnDiagram(fuid: string, caller: Caller, tagIds: string[]) {
    const { diagram } = await this.access.require(fuid, caller, 'viewer');
    if (diagram.version < 1)
      throw new AppError(DiagramErrorCode.DIAGRAM_NOT_SAVED, { message: DiagramTexts.notSavedTags });
    const unique = [...new Set(tagIds)];
    const workspaceId = await this.access.personalWorkspaceOf(caller);
    const owned = await this.tags.ownedIds(workspaceId, unique);
    if (owned.length !== unique.length) throw notFound();
    await this.diagrams.replaceTags(diagram.id, workspaceId, unique);
    const tags = await this.tags.onDiagram(diagram.id, workspaceId);
    // The caller's other tabs with this diagram open show them live (tags are the caller's own).
    this.realtime.toUser(caller.userId, RealtimeEvents.tags, { fuid, tags });
    return tags;
  }
}
