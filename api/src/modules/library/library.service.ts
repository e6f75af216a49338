import { Injectable } from '@nestjs/common';
import { ErrorCode, LIBRARY_MAX_COMPONENTS_PER_ITEM, type LibraryItemView } from '@loopwright/contracts';
import type { Caller } from '../../core/auth/caller.js';
import { AppError } from '../../core/errors/app-error.js';
import type { Prisma } from '../../generated/prisma/client.js';
import { DiagramAccessService } from '../diagrams/diagram-access.service.js';
import { EntitlementsService } from '../plans/entitlements.service.js';
import { LibraryRepository, type LibraryRow } from './library.repository.js';

type Content = { nodes: Record<string, unknown>[]; connections: Record<string, unknown>[] };
type Visibility = 'private' | 'team' | 'public';

/**
 * The library: selections of nodes and connections saved by a workspace, private, team or public,
 * in the order the owner gives them. Team items belong to the team's workspace and are listed for
 * its active members. Items per workspace follow the plan (EntitlementsService,
 * 'libraryItems'); components per item are capped by LIBRARY_MAX_COMPONENTS_PER_ITEM.
 */
@Injectable()
export class LibraryService {
  constructor(
    private readonly library: LibraryRepository,
    private readonly access: DiagramAccessService,
    private readonly entitlements: EntitlementsService,
  ) {}

  async list(caller: Caller) {
    const workspaceId = await this.access.personalWorkspaceOf(caller);
    const team = await this.access.teamOf(caller);
    const [rows, used, allowed] = await Promise.all([
      this.library.visibleTo(workspaceId, team?.id ?? null),
      this.library.count(workspaceId),
      this.entitlements.allowed(workspaceId, 'libraryItems'),
    ]);
    // My items first (in my order), then the team's and the public ones.
    const mine = rows.filter((r) => r.workspaceId === workspaceId);
    const others = rows.filter((r) => r.workspaceId !== workspaceId);
    return {
      items: [...mine, ...others].map((r) => view(r, workspaceId, caller.userId)),
      limits: { items: allowed ?? -1, used, componentsPerItem: LIBRARY_MAX_COMPONENTS_PER_ITEM },
    };
  }

  async create(
    caller: Caller,
    input: { name: string; visibility: Visibility; content: Content },
  ): Promise<LibraryItemView> {
    const workspaceId = await this.workspaceFor(caller, input.visibility);
    const content = cleanContent(input.content);
    const components = content.nodes.length + content.connections.length;
    if (content.nodes.length === 0)
      throw AppError.validation(
        { fields: [{ field: 'content', message: 'Select at least one element' }] },
        'Select at least one element',
      );
    if (components > LIBRARY_MAX_COMPONENTS_PER_ITEM) {
      throw new AppError(ErrorCode.LIBRARY_COMPONENTS_LIMIT_REACHED, {
        details: { limit: 'libraryComponents', allowed: LIBRARY_MAX_COMPONENTS_PER_ITEM, requested: components },
      });
    }
    await this.entitlements.assertWithin(workspaceId, 'libraryItems', (await this.library.count(workspaceId)) + 1);
    const row = await this.library.create({
      workspaceId,
      ownerId: caller.userId,
      name: input.name,
      visibility: input.visibility,
      position: await this.library.nextPosition(workspaceId),
      content: content as unknown as Prisma.InputJsonValue,
      componentCount: components,
    });
    return view(row, await this.access.personalWorkspaceOf(caller), caller.userId);
  }

  /**
   * Where an item of this visibility belongs: a team item in the caller's team workspace (they must
   * be allowed to add to it), everything else in their personal one. Without a team, a team item
   * stays personal (no one else sees it) until they have one.
   */
  private async workspaceFor(caller: Caller, visibility: Visibility): Promise<string> {
    const team = visibility === 'team' ? await this.access.teamOf(caller) : null;
    if (!team) return this.access.personalWorkspaceOf(caller);
    await this.access.requireWorkspace(team.id, caller, 'member');
    return team.id;
  }

  async update(
    caller: Caller,
    id: string,
    changes: { name?: string; visibility?: Visibility; position?: number },
  ): Promise<LibraryItemView> {
    const workspaceId = await this.access.personalWorkspaceOf(caller);
    const row = await this.own(id, caller, workspaceId);
    // A change of visibility moves the item between the creator's workspace and the team's.
    const moved =
      changes.visibility && changes.visibility !== row.visibility
        ? await this.workspaceFor({ ...caller, userId: row.ownerId }, changes.visibility)
        : row.workspaceId;
    const updated = await this.library.update(id, {
      ...changes,
      ...(moved !== row.workspaceId ? { workspaceId: moved } : {}),
    });
    return view(updated, workspaceId, caller.userId);
  }

  async reorder(caller: Caller, ids: string[]) {
    const workspaceId = await this.access.personalWorkspaceOf(caller);
    await this.library.reorder(workspaceId, ids);
    return (await this.list(caller)).items;
  }

  async delete(caller: Caller, id: string): Promise<void> {
    await this.own(id, caller, await this.access.personalWorkspaceOf(caller));
    await this.library.delete(id);
  }

  /** An item the caller may change: in their personal workspace, or a team item they added or whose team they own. */
  private async own(id: string, caller: Caller, workspaceId: string): Promise<LibraryRow> {
    const team = await this.access.teamOf(caller);
    const row = await this.library.findIn(id, [workspaceId, ...(team ? [team.id] : [])]);
    const allowed =
      row && (row.workspaceId === workspaceId || row.ownerId === caller.userId || team?.ownerId === caller.userId);
    if (!row || !allowed) throw new AppError(ErrorCode.LIBRARY_ITEM_NOT_FOUND);
    return row;
  }
}

/** Keeps connections whose ends are in the selection (a state connection may end on a connection of it). */
function cleanContent(content: Content): Content {
  const nodes = content.nodes.filter((n) => typeof n.id === 'string' && typeof n.type === 'string');
  const ids = new Set(nodes.map((n) => n.id as string));
  const connections = content.connections.filter(
    (c) => typeof c.id === 'string' && typeof c.from === 'string' && typeof c.to === 'string',
  );
  const connectionIds = new Set(connections.map((c) => c.id as string));
  return {
    nodes,
    connections: connections.filter(
      (c) => ids.has(c.from as string) && (ids.has(c.to as string) || connectionIds.has(c.to as string)),
    ),
  };
}

/** `mine`: the caller's own item (in their workspace, or a team item they added). */
function view(row: LibraryRow, workspaceId: string, userId: string): LibraryItemView {
  return {
    id: row.id,
    name: row.name,
    visibility: row.visibility,
    position: row.position,
    componentCount: row.componentCount,
    mine: row.workspaceId === workspaceId || row.ownerId === userId,
    content: row.content as unknown as Content,
    createdAt: row.createdAt.toISOString(),
  };
}
