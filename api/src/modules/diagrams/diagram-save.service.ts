import { Injectable } from '@nestjs/common';
import { DiagramErrorCode, DiagramLimits, RealtimeEvents, type Revision, type SaveResult } from '@loopwright/contracts';
import type { Diagram } from '@loopwright/engine';
import type { Caller } from '../../core/auth/caller.js';
import { AppError } from '../../core/errors/app-error.js';
import type { TransactionClient } from '../../core/prisma/prisma.service.js';
import type { Prisma } from '../../generated/prisma/client.js';
import { DomainEventsService, type Emit } from '../events/domain-events.service.js';
import { EntitlementsService } from '../plans/entitlements.service.js';
import { RealtimePublisher } from '../realtime/realtime.publisher.js';
import { DiagramAccessService } from './diagram-access.service.js';
import { checkDocument, type CheckedDocument } from './diagram-document.js';
import { userRefView } from './diagram-view.js';
import { DiagramsRepository, type UserRefRow } from './diagrams.repository.js';
import type { DiagramFacts } from './diagram-meta.js';
import { LiveDocuments } from './live-documents.js';

const DAY_MS = 86_400_000;

/** Saving with optimistic concurrency, version history in bursts, and restoring a version. */
@Injectable()
export class DiagramSaveService {
  constructor(
    private readonly diagrams: DiagramsRepository,
    private readonly access: DiagramAccessService,
    private readonly realtime: RealtimePublisher,
    private readonly entitlements: EntitlementsService,
    private readonly events: DomainEventsService,
    private readonly live: LiveDocuments,
  ) {}

  /**
   * The plan's limits on what a save changes: components over the whole workspace and the time
   * steps limit, checked in the transaction that writes the diagram (a save that adds components
   * locks the workspace first, so concurrent saves cannot pass the limit together). A save that
   * raises neither passes (a downgraded workspace keeps working).
   */
  async assertWithinPlan(
    workspaceId: string,
    before: { id: string; componentCount: number; timeStepsLimit: number } | null,
    checked: CheckedDocument,
    tx: TransactionClient,
  ): Promise<void> {
    await this.entitlements.assertComponentsWithin(
      workspaceId,
      before?.id ?? null,
      checked.componentCount,
      before?.componentCount ?? 0,
      tx,
    );
    await this.entitlements.assertWithin(workspaceId, 'timeSteps', checked.timeStepsLimit, {
      currentValue: before?.timeStepsLimit,
      tx,
    });
  }

  /** Days of history the workspace's plan keeps (null: all). */
  private retentionCutoff(days: number | null, now = Date.now()): Date {
    return new Date(days === null ? 0 : now - days * DAY_MS);
  }

  /** The row's columns that mirror a checked document. */
  static columns(checked: CheckedDocument) {
    return {
      document: checked.document as unknown as Prisma.InputJsonValue,
      nodeCount: checked.nodeCount,
      connectionCount: checked.connectionCount,
      componentCount: checked.componentCount,
      sizeBytes: checked.sizeBytes,
      timeStepsLimit: checked.timeStepsLimit,
      typeTags: checked.typeTags,
    };
  }

  async save(fuid: string, caller: Caller, baseVersion: number, input: unknown, message?: string): Promise<SaveResult> {
    const { diagram } = await this.access.requireFacts(fuid, caller, 'editor');
    const checked = checkDocument(input, { allowEmpty: false });
    if (this.live.port) {
      // Co-editing: what the caller changed since their version is applied to the live document as
      // one change; only a version too old to be known any more is a conflict.
      const live = await this.live.port.save({ diagram, caller, baseVersion, checked, message: message ?? null });
      if (!live) throw await this.conflict(diagram.id);
      this.announceSave(fuid, caller, live);
      return live;
    }
    // Cheap early answer for a stale client; the conditional update below is what decides.
    if (diagram.version !== baseVersion) throw await this.conflict(diagram.id);
    const result = await this.commit(diagram, caller.userId, baseVersion, checked, {
      restoredFrom: null,
      message: message ?? null,
    });
    if (!result) throw await this.conflict(diagram.id);
    this.announceSave(fuid, caller, result);
    return result;
  }

  private announceSave(fuid: string, caller: Caller, result: SaveResult): void {
    this.realtime.toDiagram(fuid, RealtimeEvents.saved, {
      fuid,
      version: result.version,
      savedAt: result.savedAt,
      savedBy: { id: caller.userId },
    });
  }

  /** A document saved by another path (an accepted proposal) becomes the live document everyone has open. */
  async reachLive(fuid: string, document: Diagram, userId: string): Promise<void> {
    await this.live.port?.replace(fuid, document, userId);
  }

  /** A diagram's access and limit facts by fuid, for the live documents (they decide access per connection). */
  factsOf(fuid: string): Promise<DiagramFacts | null> {
    return this.diagrams.findFacts(fuid);
  }

  /** The diagram's JSON document now. */
  documentOf(diagramId: string): Promise<unknown> {
    return this.diagrams.findDocument(diagramId);
  }

  /** The diagram's JSON document now, with its version and the limits a save of it is checked against. */
  currentDocument(diagramId: string): Promise<{
    version: number;
    document: unknown;
    limits: { componentCount: number; timeStepsLimit: number };
  } | null> {
    return this.diagrams.findCurrentDocument(diagramId);
  }

  /** The document as it was at this version, when still known (the row's, or a version history entry ending there). */
  async documentAtVersion(diagramId: string, version: number): Promise<unknown> {
    return this.diagrams.findDocumentAtVersion(diagramId, version);
  }

  /** Restores an old version as a new version (always a new history entry) and tells the other editors. */
  async restore(fuid: string, caller: Caller, revisionId: string): Promise<SaveResult> {
    const { diagram } = await this.access.require(fuid, caller, 'editor');
    const revision = await this.diagrams.findRevision(diagram.id, revisionId);
    if (!revision) throw new AppError(DiagramErrorCode.DIAGRAM_VERSION_NOT_FOUND);
    const checked = checkDocument(revision.document, { allowEmpty: true });
    await this.live.port?.replace(fuid, checked.document, caller.userId);
    const result = await this.commit(diagram, caller.userId, diagram.version, checked, {
      restoredFrom: { id: revision.id, version: revision.version },
    });
    if (!result) throw await this.conflict(diagram.id);
    this.realtime.toDiagram(fuid, RealtimeEvents.reverted, {
      fuid,
      version: result.version,
      restoredFrom: { id: revision.id, version: revision.version },
      by: { id: caller.userId },
    });
    return result;
  }

  /**
   * One short transaction: the plan's limits, then the row moves from baseVersion to baseVersion + 1
   * only if nobody moved it first (PostgreSQL re-checks the WHERE after waiting on the row lock, so
   * exactly one racer wins), then the history entry of this burst is extended or a new one started.
   * Null: someone else won.
   */
  async commit(
    diagram: { id: string; workspaceId: string; componentCount: number; timeStepsLimit: number },
    userId: string,
    baseVersion: number,
    checked: CheckedDocument,
    options: {
      restoredFrom: { id: string; version: number } | null;
      /** The version's message: it starts its own history entry (no burst continues into or out of it). */
      message?: string | null;
      /** More work in the same transaction once the save has won (a merge marks its proposal). */
      alsoInTransaction?: (tx: TransactionClient, emit: Emit, version: number) => Promise<void>;
    },
  ): Promise<SaveResult | null> {
    const savedAt = new Date();
    const diagramId = diagram.id;
    // A save that raises neither limit needs no lock: most autosaves continue a burst in one
    // statement, without transaction round trips. One that grows is checked in the transaction below.
    const grows = checked.componentCount > diagram.componentCount || checked.timeStepsLimit > diagram.timeStepsLimit;
    if (!options.restoredFrom && !options.message && !options.alsoInTransaction && !grows) {
      const fast = await this.diagrams.saveContinuingBurst({
        diagramId,
        userId,
        baseVersion,
        columns: { ...DiagramSaveService.columns(checked), document: checked.json },
        now: savedAt,
        gapSince: new Date(savedAt.getTime() - DiagramLimits.versionBurstGapMs),
        burstSince: new Date(savedAt.getTime() - DiagramLimits.versionBurstMaxMs),
      });
      if (fast.revisionId) return saveResult(baseVersion + 1, savedAt, fast.revisionId, checked);
      if (fast.continues) return null;
    }
    return this.events.transaction(async (tx, emit) => {
      await this.assertWithinPlan(diagram.workspaceId, diagram, checked, tx);
      const won = await this.diagrams.saveIfVersion(tx, diagramId, baseVersion, {
        ...DiagramSaveService.columns(checked),
        savedAt,
        savedById: userId,
      });
      if (!won) return null;
      const version = baseVersion + 1;
      const revision = await this.recordRevisionBurst(tx, diagramId, userId, version, checked.document, savedAt, {
        restoredFrom: options.restoredFrom,
        message: options.message ?? null,
      });
      // One DiagramUpdated per version-history entry (a burst of autosaves), not per autosave (community: Recent Activity).
      if (revision.started) {
        const ref = await this.diagrams.refOf(tx, diagramId);
        await emit({
          type: 'DiagramUpdated',
          payload: { diagramId, fuid: ref.fuid, diagramName: ref.name, updatedById: userId },
        });
      }
      await options.alsoInTransaction?.(tx, emit, version);
      return saveResult(version, savedAt, revision.id, checked);
    });
  }

  /** A save extends the author's current burst (same author, close in time, the version right before); otherwise a new entry. */
  async recordRevision(
    tx: TransactionClient,
    diagramId: string,
    authorId: string,
    version: number,
    document: Diagram,
    now: Date,
    entry: { restoredFrom: { id: string; version: number } | null; message: string | null },
  ): Promise<string> {
    return (await this.recordRevisionBurst(tx, diagramId, authorId, version, document, now, entry)).id;
  }

  private async recordRevisionBurst(
    tx: TransactionClient,
    diagramId: string,
    authorId: string,
    version: number,
    document: Diagram,
    now: Date,
    { restoredFrom, message }: { restoredFrom: { id: string; version: number } | null; message: string | null },
  ): Promise<{ id: string; started: boolean }> {
    const json = document as unknown as Prisma.InputJsonValue;
    const latest = restoredFrom || message ? null : await this.diagrams.latestRevision(tx, diagramId);
    const continues =
      latest &&
      latest.authorId === authorId &&
      !latest.restoredFromId &&
      latest.message === null &&
      latest.version === version - 1 &&
      now.getTime() - latest.updatedAt.getTime() < DiagramLimits.versionBurstGapMs &&
      now.getTime() - latest.createdAt.getTime() < DiagramLimits.versionBurstMaxMs;
    if (continues) return { id: (await this.diagrams.extendRevision(tx, latest.id, version, json)).id, started: false };
    const workspaceId = await this.diagrams.workspaceIdOf(diagramId, tx);
    const days = workspaceId
      ? await this.entitlements.versionHistoryDays(workspaceId, tx)
      : DiagramLimits.versionHistoryDays;
    if (days !== null) await this.diagrams.pruneRevisions(diagramId, this.retentionCutoff(days, now.getTime()), tx);
    const created = await this.diagrams.createRevision(tx, {
      diagramId,
      authorId,
      version,
      firstVersion: version,
      document: json,
      restoredFromId: restoredFrom?.id ?? null,
      restoredFromVersion: restoredFrom?.version ?? null,
      message,
    });
    return { id: created.id, started: true };
  }

  async listRevisions(fuid: string, caller: Caller): Promise<{ items: Revision[]; retentionDays: number | null }> {
    const { diagram } = await this.access.require(fuid, caller, 'editor');
    const days = await this.entitlements.versionHistoryDays(diagram.workspaceId);
    const rows = await this.diagrams.listRevisions(diagram.id, this.retentionCutoff(days));
    return { items: rows.map(revisionView), retentionDays: days };
  }

  async getRevision(fuid: string, caller: Caller, revisionId: string): Promise<Revision & { document: Diagram }> {
    const { diagram } = await this.access.require(fuid, caller, 'editor');
    const row = await this.diagrams.findRevision(diagram.id, revisionId);
    if (!row) throw new AppError(DiagramErrorCode.DIAGRAM_VERSION_NOT_FOUND);
    return { ...revisionView(row), document: row.document as unknown as Diagram };
  }

  private async conflict(diagramId: string): Promise<AppError> {
    const current = await this.diagrams.currentVersion(diagramId);
    return new AppError(DiagramErrorCode.DIAGRAM_VERSION_CONFLICT, {
      details: {
        currentVersion: current?.version ?? 0,
        savedAt: current?.savedAt?.toISOString() ?? null,
        savedBy: current?.savedBy ? userRefView(current.savedBy) : null,
      },
    });
  }
}

function saveResult(version: number, savedAt: Date, revisionId: string, checked: CheckedDocument): SaveResult {
  return {
    version,
    savedAt: savedAt.toISOString(),
    revisionId,
    warnings: checked.warnings,
    typeTags: checked.typeTags,
  };
}

function revisionView(row: {
  id: string;
  version: number;
  firstVersion: number;
  saves: number;
  createdAt: Date;
  updatedAt: Date;
  restoredFromId: string | null;
  restoredFromVersion: number | null;
  message: string | null;
  author: UserRefRow | null;
}): Revision {
  return {
    id: row.id,
    version: row.version,
    firstVersion: row.firstVersion,
    saves: row.saves,
    author: row.author ? userRefView(row.author) : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    restoredFrom: row.restoredFromId ? { id: row.restoredFromId, version: row.restoredFromVersion ?? 0 } : null,
    message: row.message,
  };
}
