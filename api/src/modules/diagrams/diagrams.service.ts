import { Injectable } from '@nestjs/common';
import {
  DIAGRAM_DEFAULT_NAME,
  DiagramErrorCode,
  DiagramTexts,
  ErrorCode,
  RealtimeEvents,
  type DiagramSummary,
  type DiagramView,
} from '@loopwright/contracts';
import type { z } from 'zod';
import type { diagramDetailsSchema, listDiagramsQuerySchema } from '@loopwright/contracts';
import type { Diagram } from '@loopwright/engine';
import type { Caller } from '../../core/auth/caller.js';
import { AppError } from '../../core/errors/app-error.js';
import type { TransactionClient } from '../../core/prisma/prisma.service.js';
import { DomainEventsService } from '../events/domain-events.service.js';
import { EntitlementsService } from '../plans/entitlements.service.js';
import { RealtimePublisher } from '../realtime/realtime.publisher.js';
import type { Prisma } from '../../generated/prisma/client.js';
import { UserFieldsService } from '../users/user-fields.service.js';
import { UsersService } from '../users/users.service.js';
import { DiagramAccessService } from './diagram-access.service.js';
import { checkDocument, emptyDocument, type CheckedDocument } from './diagram-document.js';
import { DiagramSaveService } from './diagram-save.service.js';
import { userRefView } from './diagram-view.js';
import { DiagramViewsService } from './diagram-views.service.js';
import type { DiagramMeta } from './diagram-meta.js';
import { DiagramsRepository } from './diagrams.repository.js';
import { newFileToken, newFuid } from './fuid.js';
import { LiveDocuments } from './live-documents.js';

type ListQuery = z.infer<typeof listDiagramsQuerySchema>;
type Details = z.infer<typeof diagramDetailsSchema>;

export interface NewDiagram {
  name?: string;
  description?: string;
  document?: unknown;
  /** The first version's message, when there is content. */
  message?: string;
  /** The diagram this one is a copy of; its version is the base of merging the copy back. */
  source?: Pick<DiagramMeta, 'id' | 'fuid' | 'name' | 'ownerId' | 'version'>;
}

/** Creating, listing, reading, renaming, deleting, restoring and copying diagrams. */
@Injectable()
export class DiagramsService {
  constructor(
    private readonly diagrams: DiagramsRepository,
    private readonly access: DiagramAccessService,
    private readonly saves: DiagramSaveService,
    private readonly views: DiagramViewsService,
    private readonly realtime: RealtimePublisher,
    private readonly users: UsersService,
    private readonly events: DomainEventsService,
    private readonly entitlements: EntitlementsService,
    private readonly userFields: UserFieldsService,
    private readonly live: LiveDocuments,
  ) {}

  /** The workspace a diagram lives in, by its FUID (consumers of its events: webhooks). */
  workspaceIdOfFuid(fuid: string, tx?: TransactionClient): Promise<string | null> {
    return this.diagrams.workspaceIdOfFuid(fuid, tx);
  }

  /** The tags a workspace puts on the diagram (the tags module checks they are the workspace's). */
  replaceTags(diagramId: string, workspaceId: string, tagIds: string[]): Promise<void> {
    return this.diagrams.replaceTags(diagramId, workspaceId, tagIds);
  }

  /** Every change of a diagram row goes through here: the owner's public-diagram count follows it. */
  private write(id: string, data: Prisma.DiagramUncheckedUpdateInput, tx?: TransactionClient) {
    return this.diagrams.update(
      id,
      data,
      (ownerId, delta, db) => this.userFields.addToCounters(ownerId, { publicDiagramCount: delta }, db),
      tx,
    );
  }

  /** A diagram of the caller's. With a non-empty document it is saved at once (version 1); else version 0. */
  async create(caller: Caller, input: NewDiagram & { workspaceId?: string }): Promise<DiagramView> {
    const workspaceId = input.workspaceId
      ? (await this.access.requireWorkspace(input.workspaceId, caller, 'member')).id
      : await this.access.personalWorkspaceOf(caller);
    const checked = checkDocument(input.document ?? emptyDocument(), { allowEmpty: true });
    const diagram = await this.insert(caller.userId, workspaceId, input, checked);
    return this.views.full(diagram, 'owner', caller.userId, checked.document);
  }

  /** Inserts the row (and the first history entry when the document has content) in one transaction. */
  async insert(
    ownerId: string,
    workspaceId: string,
    input: NewDiagram,
    checked: CheckedDocument,
  ): Promise<DiagramMeta> {
    const saved = checked.nodeCount > 0;
    const now = new Date();
    // New content of free accounts is public; paid plans are private by default (app.md §4).
    const community = await this.entitlements.newContentIsPublic(workspaceId);
    return this.events.transaction(async (tx, emit) => {
      await this.saves.assertWithinPlan(workspaceId, null, checked, tx);
      const diagram = await this.diagrams.create(
        {
          fuid: newFuid(),
          fileToken: newFileToken(),
          name: input.name?.trim() || DIAGRAM_DEFAULT_NAME,
          description: input.description ?? '',
          workspaceId,
          ownerId,
          sourceId: input.source?.id ?? null,
          community,
          ...DiagramSaveService.columns(checked),
          version: saved ? 1 : 0,
          savedAt: saved ? now : null,
          savedById: saved ? ownerId : null,
        },
        tx,
      );
      if (saved)
        await this.saves.recordRevision(tx, diagram.id, ownerId, 1, checked.document, now, {
          restoredFrom: null,
          message: input.message ?? null,
        });
      if (input.source) {
        await this.diagrams.incrementForks(input.source.id, tx);
        await this.diagrams.setCopyBase(tx, diagram.id, input.source.version, checked.document);
        await emit({
          type: 'DiagramCopied',
          payload: {
            diagramId: input.source.id,
            fuid: input.source.fuid,
            diagramName: input.source.name,
            copyFuid: diagram.fuid,
            copiedById: ownerId,
            sourceOwnerId: input.source.ownerId,
          },
        });
      } else {
        await emit({
          type: 'DiagramCreated',
          payload: { diagramId: diagram.id, fuid: diagram.fuid, diagramName: diagram.name, ownerId },
        });
      }
      return diagram;
    });
  }

  async list(
    caller: Caller,
    query: ListQuery,
  ): Promise<{ items: DiagramSummary[]; total: number; page: number; pageSize: number }> {
    if (query.scope === 'team') return this.listTeam(caller, query);
    const [email, workspaceId] = await Promise.all([
      this.users.emailOf(caller.userId),
      this.access.personalWorkspaceOf(caller),
    ]);
    const { rows, total } = await this.diagrams.list({
      scope: query.scope,
      userId: caller.userId,
      workspaceId,
      email: email ?? '',
      tagId: query.tag,
      q: query.q,
      sort: query.sort,
      order: query.order ?? (query.sort === 'name' ? 'asc' : 'desc'),
      skip: (query.page - 1) * query.pageSize,
      take: query.pageSize,
    });
    const shared = query.scope === 'shared' ? await this.access.accessToShared(rows, caller.userId, email ?? '') : null;
    const withAccess = rows.map((diagram) => ({ diagram, access: shared?.get(diagram.id) ?? 'owner' }));
    return {
      items: await this.views.summaries(withAccess, caller.userId),
      total,
      page: query.page,
      pageSize: query.pageSize,
    };
  }

  /** The Team folder: the diagrams of the caller's team (none when they are in no team, or it was downgraded). */
  private async listTeam(caller: Caller, query: ListQuery) {
    const team = await this.access.teamOf(caller);
    if (!team) return { items: [], total: 0, page: query.page, pageSize: query.pageSize };
    const { rows, total } = await this.diagrams.list({
      scope: 'team',
      userId: caller.userId,
      workspaceId: team.id,
      email: '',
      tagId: query.tag,
      q: query.q,
      sort: query.sort,
      order: query.order ?? (query.sort === 'name' ? 'asc' : 'desc'),
      skip: (query.page - 1) * query.pageSize,
      take: query.pageSize,
    });
    const withAccess = await Promise.all(
      rows.map(async (diagram) => ({
        diagram,
        access: (await this.access.accessOf(diagram, caller.userId)) ?? 'viewer',
      })),
    );
    return {
      items: await this.views.summaries(withAccess, caller.userId),
      total,
      page: query.page,
      pageSize: query.pageSize,
    };
  }

  /**
   * "Shared with team": moves the diagram into the caller's team workspace (anyone in the team can
   * edit it), or back to its creator's personal workspace. Only its owner (the creator, or the team's
   * owner) may; a team member with view rights may not.
   */
  async setTeamShared(
    fuid: string,
    caller: Caller,
    shared: boolean,
  ): Promise<{ team: { id: string; name: string } | null; shared: boolean; canChange: boolean }> {
    const { diagram, access } = await this.access.require(fuid, caller, 'viewer');
    const team = await this.access.teamOf(caller);
    if (!team) throw new AppError(ErrorCode.TEAM_NOT_FOUND);
    if (access !== 'owner')
      throw new AppError(DiagramErrorCode.DIAGRAM_FORBIDDEN, { message: 'Only the owner of this diagram can do that' });
    const inTeam = diagram.workspaceId === team.id;
    if (shared && !inTeam) {
      await this.access.requireWorkspace(team.id, caller, 'member');
      await this.diagrams.moveToWorkspace(diagram.id, team.id);
    } else if (!shared && inTeam) {
      await this.diagrams.moveToWorkspace(diagram.id, await this.access.personalWorkspaceOfUser(diagram.ownerId));
    }
    this.realtime.toDiagram(fuid, RealtimeEvents.accessChanged, { fuid });
    this.realtime.diagramAccessChanged(fuid, 'access');
    return { team: { id: team.id, name: team.name }, shared, canChange: true };
  }

  /** Is the diagram in the caller's team folder, and may they change that? */
  async teamSharing(
    fuid: string,
    caller: Caller,
  ): Promise<{ team: { id: string; name: string } | null; shared: boolean; canChange: boolean }> {
    const { diagram, access } = await this.access.require(fuid, caller, 'viewer');
    const team = await this.access.teamOf(caller);
    return {
      team: team ? { id: team.id, name: team.name } : null,
      shared: !!team && diagram.workspaceId === team.id,
      canChange: !!team && access === 'owner',
    };
  }

  /** Account deletion: the user's diagrams in teams stay with each team's owner (in the deletion's transaction). */
  handOverTeamDiagrams(userId: string, tx: TransactionClient): Promise<number> {
    return this.diagrams.handOverToWorkspaceOwners(userId, tx);
  }

  async get(fuid: string, caller: Caller | undefined): Promise<DiagramView> {
    const { diagram, access } = await this.access.require(fuid, caller, 'viewer');
    return this.views.full(diagram, access, caller?.userId);
  }

  async update(
    fuid: string,
    caller: Caller,
    changes: { name?: string; description?: string },
  ): Promise<DiagramSummary> {
    const { diagram, access } = await this.access.require(fuid, caller, 'editor');
    const updated = await this.write(diagram.id, changes);
    if (changes.name !== undefined)
      await this.live.reflect(fuid, async () => ({ name: (await this.diagrams.findMeta(fuid))?.name }));
    return this.views.summary(updated, access, caller.userId);
  }

  async delete(fuid: string, caller: Caller): Promise<void> {
    const { diagram } = await this.access.require(fuid, caller, 'owner');
    await this.write(diagram.id, { deletedAt: new Date() });
    this.realtime.toDiagram(fuid, RealtimeEvents.deleted, { fuid });
    this.realtime.leaveDiagram(fuid);
    this.realtime.diagramAccessChanged(fuid, 'deleted');
  }

  async restore(fuid: string, caller: Caller): Promise<DiagramSummary> {
    const diagram = await this.access.requireOwned(fuid, caller);
    const restored = diagram.deletedAt ? await this.write(diagram.id, { deletedAt: null }) : diagram;
    return this.views.summary(restored, 'owner', caller.userId);
  }

  /** Duplicate, Make a copy and fork: any diagram the caller can view becomes a new private diagram of theirs. */
  async copy(fuid: string, caller: Caller, name?: string): Promise<DiagramView> {
    const { diagram: source } = await this.access.require(fuid, caller, 'viewer', DiagramTexts.copyUnavailable);
    const document = (await this.diagrams.findDocument(source.id)) as Diagram;
    const checked = checkDocument(document, { allowEmpty: true });
    const copy = await this.insert(
      caller.userId,
      await this.access.personalWorkspaceOf(caller),
      { name: name ?? `${source.name} (copy)`, description: source.description, source },
      checked,
    );
    return this.views.full(copy, 'owner', caller.userId, checked.document);
  }

  /** Where a copy started from: the source's version and document (null: not a copy made here). */
  copyBaseOf(diagramId: string) {
    return this.diagrams.copyBase(diagramId);
  }

  /** After a merge back the copy starts again from the source's merged version. */
  setCopyBase(tx: TransactionClient, diagramId: string, sourceVersion: number, document: Diagram) {
    return this.diagrams.setCopyBase(tx, diagramId, sourceVersion, document);
  }

  /** The stored document (callers have checked access). */
  async documentOf(diagramId: string): Promise<Diagram> {
    return (await this.diagrams.findDocument(diagramId)) as Diagram;
  }

  /** Sets link access and community visibility (the sharing module checks who may), inside its transaction. */
  setPrivacy(
    diagramId: string,
    changes: { linkAccess?: 'none' | 'view' | 'edit'; community?: boolean },
    tx?: TransactionClient,
  ): Promise<DiagramMeta> {
    return this.write(diagramId, changes, tx);
  }

  /** A new diagram (file) token; the old one stops working. Editors only. The caller maps failures to 'diagram token cannot be changed'. */
  async regenerateFileToken(fuid: string, caller: Caller): Promise<string> {
    const { diagram } = await this.access.require(fuid, caller, 'editor');
    return (await this.write(diagram.id, { fileToken: newFileToken() })).fileToken;
  }

  async details(fuid: string, caller: Caller | undefined): Promise<Details> {
    const { diagram, access } = await this.access.require(fuid, caller, 'viewer');
    return {
      author: userRefView(diagram.owner),
      createdAt: diagram.createdAt.toISOString(),
      lastChange: (diagram.savedAt ?? diagram.updatedAt).toISOString(),
      lastChangeBy: diagram.savedBy ? userRefView(diagram.savedBy) : null,
      sizeBytes: diagram.sizeBytes,
      componentCount: diagram.componentCount,
      fileToken: DiagramAccessService.allows(access, 'editor') ? diagram.fileToken : null,
      version: diagram.version,
    };
  }
}
