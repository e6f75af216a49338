import { Injectable } from '@nestjs/common';
import type { DiagramSummary, DiagramView } from '@loopwright/contracts';
import type { Diagram } from '@loopwright/engine';
import type { AccessLevel } from './diagram-access.service.js';
import { summaryView, userRefView } from './diagram-view.js';
import { EntitlementsService } from '../plans/entitlements.service.js';
import { SharesService } from '../shares/shares.service.js';
import { WorkspacesService } from '../workspaces/workspaces.service.js';
import type { DiagramMeta } from './diagram-meta.js';
import { DiagramsRepository } from './diagrams.repository.js';

/** Builds the contract's diagram shapes for a caller (their tags, the owner's e-mail when they may see it). */
@Injectable()
export class DiagramViewsService {
  constructor(
    private readonly diagrams: DiagramsRepository,
    private readonly shares: SharesService,
    private readonly workspaces: WorkspacesService,
    private readonly entitlements: EntitlementsService,
  ) {}

  /** Tags are the caller's workspace's. */
  private async tagsOf(ids: string[], callerId: string | undefined) {
    return callerId ? this.diagrams.tagsOf(ids, await this.workspaces.personalId(callerId)) : [];
  }

  async summaries(
    rows: { diagram: DiagramMeta; access: AccessLevel }[],
    callerId: string | undefined,
  ): Promise<DiagramSummary[]> {
    if (!rows.length) return [];
    const ids = rows.map((r) => r.diagram.id);
    const ownerIds = [...new Set(rows.map((r) => r.diagram.ownerId))];
    const [tags, people, liked, followed] = await Promise.all([
      this.tagsOf(ids, callerId),
      this.shares.withActive(ids),
      callerId ? this.diagrams.likedBy(callerId, ids) : new Set<string>(),
      callerId ? this.diagrams.followedBy(callerId, ownerIds) : new Set<string>(),
    ]);
    return rows.map(({ diagram, access }) =>
      summaryView(diagram, {
        access,
        callerId,
        tags: tags.filter((t) => t.diagramId === diagram.id).map((t) => t.tag),
        specificPeople: people.has(diagram.id),
        showOwnerEmail: !!callerId && access !== 'viewer',
        liked: liked.has(diagram.id),
        ownerFollowed: followed.has(diagram.ownerId),
      }),
    );
  }

  async summary(diagram: DiagramMeta, access: AccessLevel, callerId: string | undefined): Promise<DiagramSummary> {
    return (await this.summaries([{ diagram, access }], callerId))[0];
  }

  async full(
    diagram: DiagramMeta,
    access: AccessLevel,
    callerId: string | undefined,
    document?: Diagram,
  ): Promise<DiagramView> {
    const [summary, stored, contributors, runStepsLimit] = await Promise.all([
      this.summary(diagram, access, callerId),
      document ? Promise.resolve(document) : this.diagrams.findDocument(diagram.id),
      this.diagrams.contributors(diagram.id),
      this.entitlements.allowed(diagram.workspaceId, 'runSteps'),
    ]);
    return {
      ...summary,
      document: stored as Diagram,
      contributors: contributors.map(userRefView),
      runStepsLimit,
    };
  }
}
