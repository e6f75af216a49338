import { Injectable } from '@nestjs/common';
import { DiagramErrorCode, DiagramTexts, type DiagramAccess } from '@loopwright/contracts';
import type { Caller } from '../../core/auth/caller.js';
import { AppError } from '../../core/errors/app-error.js';
import { DiagramsRepository, type DiagramMeta } from './diagrams.repository.js';

export type AccessLevel = DiagramAccess;
type ShareRole = 'viewer' | 'editor' | 'none';
const RANK: Record<AccessLevel, number> = { viewer: 1, editor: 2, owner: 3 };

export interface DiagramPrivacyFacts {
  ownerId: string;
  linkAccess: 'none' | 'view' | 'edit';
  community: boolean;
  deletedAt: Date | null;
}

/**
 * The one place that decides who may do what with a diagram. Every read, write, export, thumbnail,
 * play and socket goes through `require` (or `accessOf`), so the rules live here only:
 *
 * - deleted: nobody (the owner may still list and restore it from the trash);
 * - the owner: everything;
 * - a person it is shared with (by e-mail): Viewer or Editor; "No access" also withholds the link;
 * - anyone with the link: view or edit (editing needs a login; anonymous link editors view);
 * - public on community: anyone views, also anonymously;
 * - several grants: the strongest wins.
 *
 * No access answers 404 (existence is private); too little access answers 403.
 */
@Injectable()
export class DiagramAccessService {
  constructor(private readonly diagrams: DiagramsRepository) {}

  static decide(diagram: DiagramPrivacyFacts, userId: string | undefined, shareRole: ShareRole | null): AccessLevel | null {
    if (diagram.deletedAt) return null;
    if (userId && diagram.ownerId === userId) return 'owner';
    const grants: AccessLevel[] = [];
    if (shareRole === 'editor' || shareRole === 'viewer') grants.push(shareRole);
    if (shareRole !== 'none') {
      if (diagram.linkAccess === 'edit') grants.push(userId ? 'editor' : 'viewer');
      if (diagram.linkAccess === 'view') grants.push('viewer');
    }
    if (diagram.community) grants.push('viewer');
    return grants.reduce<AccessLevel | null>((best, g) => (!best || RANK[g] > RANK[best] ? g : best), null);
  }

  static allows(access: AccessLevel | null, needed: AccessLevel): boolean {
    return !!access && RANK[access] >= RANK[needed];
  }

  /** The caller's access to a diagram they reached by its id or link. */
  async accessOf(diagram: DiagramPrivacyFacts & { id: string }, userId: string | undefined): Promise<AccessLevel | null> {
    if (diagram.deletedAt) return null;
    if (!userId || diagram.ownerId === userId) return DiagramAccessService.decide(diagram, userId, null);
    const email = await this.diagrams.userEmail(userId);
    const share = email ? await this.diagrams.findShareRole(diagram.id, email) : null;
    return DiagramAccessService.decide(diagram, userId, share?.role ?? null);
  }

  /** The diagram and the caller's access, or the error the caller should see. */
  async require(fuid: string, caller: Caller | undefined, needed: AccessLevel, notFoundMessage: string = DiagramTexts.notFound): Promise<{ diagram: DiagramMeta; access: AccessLevel }> {
    const diagram = await this.diagrams.findMeta(fuid);
    const access = diagram ? await this.accessOf(diagram, caller?.userId) : null;
    if (!diagram || !access) {
      const code = notFoundMessage === DiagramTexts.copyUnavailable ? DiagramErrorCode.DIAGRAM_COPY_UNAVAILABLE : DiagramErrorCode.DIAGRAM_NOT_FOUND;
      throw new AppError(code, notFoundMessage, 404);
    }
    if (!DiagramAccessService.allows(access, needed)) {
      throw new AppError(DiagramErrorCode.DIAGRAM_FORBIDDEN, needed === 'owner' ? 'Only the owner of this diagram can do that' : 'You can only view this diagram', 403);
    }
    return { diagram, access };
  }

  /** The owner's own diagram, deleted or not (trash and restore). */
  async requireOwned(fuid: string, caller: Caller): Promise<DiagramMeta> {
    const diagram = await this.diagrams.findMeta(fuid);
    if (!diagram || diagram.ownerId !== caller.userId) {
      if (diagram && !diagram.deletedAt && (await this.accessOf(diagram, caller.userId))) {
        throw new AppError(DiagramErrorCode.DIAGRAM_FORBIDDEN, 'Only the owner of this diagram can do that', 403);
      }
      throw new AppError(DiagramErrorCode.DIAGRAM_NOT_FOUND, DiagramTexts.notFound, 404);
    }
    return diagram;
  }

  /** For sockets: may this user (or an anonymous visitor) watch the diagram? */
  async canView(fuid: string, userId: string | undefined): Promise<{ access: AccessLevel; diagram: DiagramMeta } | null> {
    const diagram = await this.diagrams.findMeta(fuid);
    const access = diagram ? await this.accessOf(diagram, userId) : null;
    return diagram && access ? { diagram, access } : null;
  }
}
