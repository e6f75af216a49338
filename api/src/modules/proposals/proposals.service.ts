import { Injectable } from '@nestjs/common';
import {
  ProposalErrorCode,
  RealtimeEvents,
  type Proposal,
  type ProposalDetail,
  type SaveResult,
} from '@loopwright/contracts';
import {
  diagramSchema,
  diffDiagrams,
  isEmptyDiff,
  mergeDiagrams,
  type Diagram,
  type MergeChoice,
} from '@loopwright/engine';
import type { Caller } from '../../core/auth/caller.js';
import { AppError } from '../../core/errors/app-error.js';
import type { Prisma } from '../../generated/prisma/client.js';
import { DiagramAccessService } from '../diagrams/diagram-access.service.js';
import { checkDocument } from '../diagrams/diagram-document.js';
import { DiagramSaveService } from '../diagrams/diagram-save.service.js';
import { DiagramsService } from '../diagrams/diagrams.service.js';
import { DomainEventsService } from '../events/domain-events.service.js';
import { RealtimePublisher } from '../realtime/realtime.publisher.js';
import { proposalView } from './proposal-view.js';
import { ProposalsRepository, type ProposalRow } from './proposals.repository.js';

const parse = (doc: unknown): Diagram => diagramSchema.parse(doc ?? {});

/**
 * Merging a copy back: the copy's owner proposes its changes since the version it was copied from;
 * the source's owner or editors see them, merge them three-way into the source's current version
 * (a choice per conflicting property) or decline. Every step checks access here.
 */
@Injectable()
export class ProposalsService {
  constructor(
    private readonly proposals: ProposalsRepository,
    private readonly access: DiagramAccessService,
    private readonly diagrams: DiagramsService,
    private readonly saves: DiagramSaveService,
    private readonly events: DomainEventsService,
    private readonly realtime: RealtimePublisher,
  ) {}

  async propose(copyFuid: string, caller: Caller, message: string): Promise<Proposal> {
    const { diagram: copy } = await this.access.require(copyFuid, caller, 'owner');
    const base = copy.sourceId && copy.source ? await this.diagrams.copyBaseOf(copy.id) : null;
    if (!copy.source || !base) throw new AppError(ProposalErrorCode.PROPOSAL_NOT_A_COPY);
    // The proposer must still be able to open the source (it may have been deleted or unshared).
    await this.access.require(copy.source.fuid, caller, 'viewer').catch(() => {
      throw new AppError(ProposalErrorCode.PROPOSAL_NOT_A_COPY);
    });
    const proposed = parse(await this.diagrams.documentOf(copy.id));
    if (isEmptyDiff(diffDiagrams(parse(base.document), proposed)))
      throw new AppError(ProposalErrorCode.PROPOSAL_NO_CHANGES);
    const content = {
      message,
      baseVersion: base.sourceVersion,
      baseDocument: base.document as Prisma.InputJsonValue,
      proposedDocument: proposed as unknown as Prisma.InputJsonValue,
    };
    const row = await this.events.transaction(async (tx, emit) => {
      const open = await this.proposals.openFromCopy(copy.id, tx);
      if (open) return this.proposals.refresh(tx, open.id, content);
      const created = await this.proposals.create(tx, {
        ...content,
        sourceId: copy.sourceId!,
        copyId: copy.id,
        proposerId: caller.userId,
      });
      await emit({
        type: 'ProposalOpened',
        payload: {
          diagramId: created.source.id,
          fuid: created.source.fuid,
          diagramName: created.source.name,
          proposalId: created.id,
          proposerId: caller.userId,
          sourceOwnerId: created.source.ownerId,
        },
      });
      return created;
    });
    return proposalView(row);
  }

  /** Received: for the diagram's owner and editors; sent (from this copy): for its owner. */
  async list(fuid: string, caller: Caller): Promise<{ received: Proposal[]; sent: Proposal[] }> {
    const { diagram, access } = await this.access.require(fuid, caller, 'editor');
    const [received, sent] = await Promise.all([
      this.proposals.list({ sourceId: diagram.id }),
      access === 'owner' ? this.proposals.list({ copyId: diagram.id }) : Promise.resolve([]),
    ]);
    return { received: received.map(proposalView), sent: sent.map(proposalView) };
  }

  /** The source's owner or editors (who may decide) and the proposer (who may look). */
  async get(id: string, caller: Caller): Promise<ProposalDetail> {
    const row = await this.proposals.find(id);
    const seen = row ? await this.access.canView(row.source.fuid, caller.userId) : null;
    const decides = !!seen && DiagramAccessService.allows(seen.access, 'editor');
    if (!row || !seen || (!decides && row.proposerId !== caller.userId))
      throw new AppError(ProposalErrorCode.PROPOSAL_NOT_FOUND);
    const base = parse(row.baseDocument);
    const proposed = parse(row.proposedDocument);
    const current = parse(await this.diagrams.documentOf(row.sourceId));
    const merge = mergeDiagrams(base, current, proposed);
    return {
      ...proposalView(row),
      sourceVersion: seen.diagram.version,
      base,
      proposed,
      current,
      diff: diffDiagrams(base, proposed),
      conflicts: merge.conflicts,
      dropped: merge.dropped,
      canDecide: decides && row.status === 'open',
    };
  }

  /**
   * Merges into the source's version the reviewer saw (else 409: review again), as one new version;
   * the proposal is accepted in the same transaction, and the copy's base moves to what it proposed.
   */
  async accept(
    id: string,
    caller: Caller,
    body: { sourceVersion: number; choices: Record<string, MergeChoice> },
  ): Promise<{ proposal: Proposal; save: SaveResult }> {
    const row = await this.decidable(id, caller);
    const { diagram: source } = await this.access.require(row.source.fuid, caller, 'editor');
    if (source.version !== body.sourceVersion) throw new AppError(ProposalErrorCode.PROPOSAL_SOURCE_MOVED);
    const current = parse(await this.diagrams.documentOf(source.id));
    const merged = mergeDiagrams(parse(row.baseDocument), current, parse(row.proposedDocument), body.choices);
    const checked = checkDocument(merged.document, { allowEmpty: true });
    // The plan's limits are checked inside commit's transaction, under the workspace lock.
    const save = await this.saves.commit(source, caller.userId, source.version, checked, {
      restoredFrom: null,
      alsoInTransaction: async (tx, emit, version) => {
        const won = await this.proposals.decide(tx, id, {
          status: 'accepted',
          decidedById: caller.userId,
          resultVersion: version,
        });
        if (!won) throw new AppError(ProposalErrorCode.PROPOSAL_DECIDED);
        // The copy as proposed is now an ancestor of both sides: later proposals start from it.
        await this.diagrams.setCopyBase(tx, row.copyId, version, parse(row.proposedDocument));
        await emit({ type: 'ProposalDecided', payload: this.decided(row, caller, true) });
      },
    });
    if (!save) throw new AppError(ProposalErrorCode.PROPOSAL_SOURCE_MOVED);
    await this.saves.reachLive(source.fuid, checked.document, caller.userId);
    this.realtime.toDiagram(source.fuid, RealtimeEvents.saved, {
      fuid: source.fuid,
      version: save.version,
      savedAt: save.savedAt,
      savedBy: { id: caller.userId },
    });
    return { proposal: proposalView((await this.proposals.findView(id))!), save };
  }

  async decline(id: string, caller: Caller): Promise<Proposal> {
    const row = await this.decidable(id, caller);
    await this.access.require(row.source.fuid, caller, 'editor');
    return proposalView(
      await this.events.transaction(async (tx, emit) => {
        const won = await this.proposals.decide(tx, id, {
          status: 'declined',
          decidedById: caller.userId,
          resultVersion: null,
        });
        if (!won) throw new AppError(ProposalErrorCode.PROPOSAL_DECIDED);
        await emit({ type: 'ProposalDecided', payload: this.decided(row, caller, false) });
        return (await this.proposals.findView(id, tx))!;
      }),
    );
  }

  /** An open proposal the caller may see (else 404), or 409 once decided. */
  private async decidable(id: string, caller: Caller) {
    const row = await this.proposals.find(id);
    if (!row || !(await this.access.canView(row.source.fuid, caller.userId)))
      throw new AppError(ProposalErrorCode.PROPOSAL_NOT_FOUND);
    if (row.status !== 'open') throw new AppError(ProposalErrorCode.PROPOSAL_DECIDED);
    return row;
  }

  private decided(row: ProposalRow, caller: Caller, accepted: boolean) {
    return {
      diagramId: row.source.id,
      fuid: row.source.fuid,
      diagramName: row.source.name,
      proposalId: row.id,
      proposerId: row.proposerId,
      decidedById: caller.userId,
      accepted,
      copyFuid: row.copy.fuid,
    };
  }
}
