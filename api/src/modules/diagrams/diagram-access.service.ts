import { Injectable } from '@nestjs/common';
import { DiagramErrorCode, DiagramTexts, ErrorCode, type DiagramAccess } from '@loopwright/contracts';
import type { Caller } from '../../core/auth/caller.js';
import { AppError } from '../../core/errors/app-error.js';
import { SharesService, type ShareRole } from '../shares/shares.service.js';
import { UsersService } from '../users/users.service.js';
import { WorkspacesService, type WorkspaceFacts, type WorkspaceRole } from '../workspaces/workspaces.service.js';
import type { DiagramFacts, DiagramMeta } from './diagram-meta.js';
import { DiagramsRepository } from './diagrams.repository.js';

export type AccessLevel = DiagramAccess;
const RANK: Record<AccessLevel, number> = { viewer: 1, editor: 2, owner: 3 };

export interface DiagramPrivacyFacts {
  /** The creator. */
  ownerId: string;
  linkAccess: 'none' | 'view' | 'edit';
  community: boolean;
  deletedAt: Date | null;
}

export interface Grants {
  /** The caller's role in the diagram's workspace (null: not an active member). */
  workspaceRole: WorkspaceRole | null;
  /** The caller's share entry on the diagram, by e-mail. */
  shareRole: ShareRole | null;
}

/**
 * The one place that decides who may do what with a diagram or in a workspace. Every read, write,
 * export, thumbnail, tag, play, batch and socket goes through `require` (or `accessOf`), so the
 * rules live here only:
 *
 * - deleted: nobody (the owner may still list and restore it from the trash);
 * - the owner of the diagram's workspace (for a personal workspace: its user), and the creator
 *   while an active member of it: everything;
 * - any other active member of the (team) workspace: Editor (Viewer when the owner set their rights
 *   to view); members of a team whose subscription ended have no access;
 * - a person it is shared with (by e-mail): Viewer or Editor; "No access" also withholds the link;
 * - anyone with the link: view or edit (editing needs a login; anonymous link editors view);
 * - public on community: anyone views, also anonymously;
 * - several grants: the strongest wins.
 *
 * No access answers 404 (existence is private); too little access answers 403.
 */
@Injectable()
export class DiagramAccessService {
  constructor(
    private readonly diagrams: DiagramsRepository,
    private readonly workspaces: WorkspacesService,
    private readonly shares: SharesService,
    private readonly users: UsersService,
  ) {}

  static decide(
    diagram: DiagramPrivacyFacts,
    userId: string | undefined,
    { workspaceRole, shareRole }: Grants,
  ): AccessLevel | null {
    if (diagram.deletedAt) return null;
    if (workspaceRole === 'owner' || (workspaceRole === 'member' && userId && diagram.ownerId === userId))
      return 'owner';
    const grants: AccessLevel[] = [];
    if (workspaceRole) grants.push(workspaceRole === 'viewer' ? 'viewer' : 'editor');
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
  async accessOf(
    diagram: DiagramPrivacyFacts & { id: string; workspace: WorkspaceFacts },
    userId: string | undefined,
  ): Promise<AccessLevel | null> {
    if (diagram.deletedAt) return null;
    const workspaceRole = await this.workspaces.roleOf(diagram.workspace, userId);
    if (!userId || workspaceRole === 'owner')
      return DiagramAccessService.decide(diagram, userId, { workspaceRole, shareRole: null });
    const email = await this.users.emailOf(userId);
    const shareRole = email ? await this.shares.roleOf(diagram.id, email) : null;
    return DiagramAccessService.decide(diagram, userId, { workspaceRole, shareRole });
  }

  /** Access to each of these diagrams, shared with the caller (the diagram list's Shared with me). */
  async accessToShared(
    diagrams: (DiagramPrivacyFacts & { id: string })[],
    userId: string,
    email: string,
  ): Promise<Map<string, AccessLevel>> {
    const roles = await this.shares.rolesOf(
      diagrams.map((d) => d.id),
      email,
    );
    return new Map(
      diagrams.map((d) => [
        d.id,
        DiagramAccessService.decide(d, userId, { workspaceRole: null, shareRole: roles.get(d.id) ?? null }) ?? 'viewer',
      ]),
    );
  }

  /** May the caller work in this workspace ('member': create and edit there; 'owner': manage it)? */
  async requireWorkspace(workspaceId: string, caller: Caller, needed: WorkspaceRole): Promise<WorkspaceFacts> {
    const workspace = await this.workspaces.find(workspaceId);
    const role = workspace ? await this.workspaces.roleOf(workspace, caller.userId) : null;
    if (!workspace || !role) throw new AppError(ErrorCode.WORKSPACE_NOT_FOUND);
    if ((needed === 'owner' && role !== 'owner') || (needed === 'member' && role === 'viewer'))
      throw new AppError(ErrorCode.WORKSPACE_FORBIDDEN);
    return workspace;
  }

  /** The caller's team (owned, or active member of a team that is not downgraded), or null. */
  teamOf(caller: Caller) {
    return this.workspaces.teamOf(caller.userId);
  }

  personalWorkspaceOfUser(userId: string): Promise<string> {
    return this.workspaces.personalId(userId);
  }

  /** The workspace the caller works in by default: their personal one. */
  personalWorkspaceOf(caller: Caller): Promise<string> {
    return this.workspaces.personalId(caller.userId);
  }

  /** The diagram and the caller's access, or the error the caller should see. */
  async require(
    fuid: string,
    caller: Caller | undefined,
    needed: AccessLevel,
    notFoundMessage: string = DiagramTexts.notFound,
  ): Promise<{ diagram: DiagramMeta; access: AccessLevel }> {
    return this.allowedOrThrow(await this.diagrams.findMeta(fuid), caller, needed, notFoundMessage);
  }

  /** As `require`, reading only the access and limit facts (the save path: one query). */
  async requireFacts(
    fuid: string,
    caller: Caller | undefined,
    needed: AccessLevel,
  ): Promise<{ diagram: DiagramFacts; access: AccessLevel }> {
    return this.allowedOrThrow(await this.diagrams.findFacts(fuid), caller, needed, DiagramTexts.notFound);
  }

  private async allowedOrThrow<D extends DiagramPrivacyFacts & { id: string; workspace: WorkspaceFacts }>(
    diagram: D | null,
    caller: Caller | undefined,
    needed: AccessLevel,
    notFoundMessage: string,
  ): Promise<{ diagram: D; access: AccessLevel }> {
    const access = diagram ? await this.accessOf(diagram, caller?.userId) : null;
    if (!diagram || !access) {
      const code =
        notFoundMessage === DiagramTexts.copyUnavailable
          ? DiagramErrorCode.DIAGRAM_COPY_UNAVAILABLE
          : DiagramErrorCode.DIAGRAM_NOT_FOUND;
      throw new AppError(code, { message: notFoundMessage });
    }
    if (!DiagramAccessService.allows(access, needed)) {
      throw new AppError(DiagramErrorCode.DIAGRAM_FORBIDDEN, {
        message: needed === 'owner' ? 'Only the owner of this diagram can do that' : 'You can only view this diagram',
      });
    }
    return { diagram, access };
  }

  /** The owner's own diagram, deleted or not (trash and restore). */
  async requireOwned(fuid: string, caller: Caller): Promise<DiagramMeta> {
    const diagram = await this.diagrams.findMeta(fuid);
    const role = diagram ? await this.workspaces.roleOf(diagram.workspace, caller.userId) : null;
    if (!diagram || !(role === 'owner' || (role === 'member' && diagram.ownerId === caller.userId))) {
      if (diagram && !diagram.deletedAt && (await this.accessOf(diagram, caller.userId))) {
        throw new AppError(DiagramErrorCode.DIAGRAM_FORBIDDEN, {
          message: 'Only the owner of this diagram can do that',
        });
      }
      throw new AppError(DiagramErrorCode.DIAGRAM_NOT_FOUND);
    }
    return diagram;
  }

  /** For sockets: may this user (or an anonymous visitor) watch the diagram? */
  async canView(
    fuid: string,
    userId: string | undefined,
  ): Promise<{ access: AccessLevel; diagram: DiagramMeta } | null> {
    const diagram = await this.diagrams.findMeta(fuid);
    const access = diagram ? await this.accessOf(diagram, userId) : null;
    return diagram && access ? { diagram, access } : null;
  }
}
