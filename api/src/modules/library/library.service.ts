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
 * in the order the owner gives them. Items per workspace follow the plan (EntitlementsService,
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
    const [rows, used, allowed] = await Promise.all([
      this.library.visibleTo(caller.userId, workspaceId),
      this.library.count(workspaceId),
      this.entitlements.allowed(workspaceId, 'libraryItems'),
    ]);
    // My items first (in my order), then the team's and the public ones.
    const mine = rows.filter((r) => r.workspaceId === workspaceId);
    const others = rows.filter((r) => r.workspaceId !== workspaceId);
    return {
      items: [...mine, ...others].map((r) => view(r, workspaceId)),
      limits: { items: allowed ?? -1, used, componentsPerItem: LIBRARY_MAX_COMPONENTS_PER_ITEM },
    };
  }

  async create(
    caller: Caller,
    input: { name: string; visibility: Visibility; content: Content },
  ): Promise<LibraryItemView> {
    const workspaceId = await this.access.personalWorkspaceOf(caller);
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
    const row = await this.library.create(
      {
        workspaceId,
        ownerId: caller.userId,
        name: input.name,
        visibility: input.visibility,
        content: content as unknown as Prisma.InputJsonValue,
        componentCount: components,
      },
      (tx) =>
        this.entitlements.assertRoomForOne(workspaceId, 'libraryItems', (t) => this.library.count(workspaceId, t), tx),
    );
    return view(row, workspaceId);
  }

  async update(
    caller: Caller,
    id: string,
    changes: { name?: string; visibility?: Visibility; position?: number },
  ): Promise<LibraryItemView> {
    const workspaceId = await this.access.personalWorkspaceOf(caller);
    await this.own(id, workspaceId);
    return view(await this.library.update(id, changes), workspaceId);
  }

  async reorder(caller: Caller, ids: string[]) {
    const workspaceId = await this.access.personalWorkspaceOf(caller);
    await this.library.reorder(workspaceId, ids);
    return (await this.list(caller)).items;
  }

  async delete(caller: Caller, id: string): Promise<void> {
    const workspaceId = await this.access.personalWorkspaceOf(caller);
    await this.own(id, workspaceId);
    await this.library.delete(id);
  }

  private async own(id: string, workspaceId: string): Promise<LibraryRow> {
    const row = await this.library.findOwn(id, workspaceId);
    if (!row) throw new AppError(ErrorCode.LIBRARY_ITEM_NOT_FOUND);
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

function view(row: LibraryRow, workspaceId: string): LibraryItemView {
  return {
    id: row.id,
    name: row.name,
    visibility: row.visibility,
    position: row.position,
    componentCount: row.componentCount,
    mine: row.workspaceId === workspaceId,
    content: row.content as unknown as Content,
    createdAt: row.createdAt.toISOString(),
  };
}
