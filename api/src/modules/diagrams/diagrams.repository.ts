import { Injectable } from '@nestjs/common';
import { PrismaService, type TransactionClient } from '../../core/prisma/prisma.service.js';
import { Prisma } from '../../generated/prisma/client.js';
import { diagramMeta, userRef, type DiagramFacts, type DiagramMeta } from './diagram-meta.js';

export type { DiagramMeta, UserRefRow } from './diagram-meta.js';
/** Counters other modules keep on the diagram row. */
export type DiagramCounter = 'playCount' | 'likeCount' | 'viewCount';

export interface DiagramListFilter {
  scope: 'mine' | 'shared' | 'trash' | 'team';
  userId: string;
  /** The caller's workspace: 'mine' and 'trash' list its diagrams, tags filter by its tags. */
  workspaceId: string;
  email: string;
  tagId?: string;
  q?: string;
  sort: 'updated' | 'created' | 'name';
  order: 'asc' | 'desc';
  skip: number;
  take: number;
}

/** The only file of the diagrams module that touches Prisma. */
@Injectable()
export class DiagramsRepository {
  constructor(private readonly prisma: PrismaService) {}

  transaction<T>(work: (tx: TransactionClient) => Promise<T>): Promise<T> {
    // Many saves may race for one row: wait for a connection rather than fail.
    return this.prisma.$transaction(work, { maxWait: 15_000, timeout: 15_000 });
  }

  findMeta(fuid: string) {
    return this.prisma.diagram.findUnique({ where: { fuid }, select: diagramMeta });
  }

  /** What a save needs to decide access and limits, in one query (findMeta also loads people and the source). */
  async findFacts(fuid: string): Promise<DiagramFacts | null> {
    const [row] = await this.prisma.queryDirect<
      Omit<DiagramFacts, 'workspace'> & { wsKind: string; wsOwnerId: string }
    >(
      Prisma.sql`
      SELECT d.id, d.fuid, d.workspace_id AS "workspaceId", d.owner_id AS "ownerId", d.version,
             d.link_access::text AS "linkAccess", d.community, d.deleted_at AS "deletedAt",
             d.component_count AS "componentCount", d.time_steps_limit AS "timeStepsLimit",
             w.kind::text AS "wsKind", w.owner_id AS "wsOwnerId"
        FROM diagrams d JOIN workspaces w ON w.id = d.workspace_id
       WHERE d.fuid = ${fuid}`,
    );
    if (!row) return null;
    const { wsKind, wsOwnerId, ...facts } = row;
    return { ...facts, workspace: { id: facts.workspaceId, kind: wsKind as 'personal' | 'team', ownerId: wsOwnerId } };
  }

  /**
   * An autosave that continues the author's current burst, in one statement: the row moves from
   * baseVersion to baseVersion + 1 and the burst's history entry takes the document, only if the
   * latest entry is the author's, for baseVersion, and recent (`gapSince`, `burstSince`). `continues`
   * false: no such burst, nothing was written (the caller starts a new entry in a transaction).
   * `revisionId` null with `continues`: someone else moved the row first.
   */
  async saveContinuingBurst(input: {
    diagramId: string;
    userId: string;
    baseVersion: number;
    columns: {
      /** The document as JSON text. */
      document: string;
      nodeCount: number;
      connectionCount: number;
      componentCount: number;
      sizeBytes: number;
      timeStepsLimit: number;
      typeTags: string[];
    };
    now: Date;
    gapSince: Date;
    burstSince: Date;
  }): Promise<{ continues: boolean; revisionId: string | null }> {
    const { diagramId, userId, baseVersion, columns: c } = input;
    const utc = (d: Date) => d.toISOString();
    const [row] = await this.prisma.queryDirect<{ continues: boolean; revisionId: string | null }>(Prisma.sql`
      WITH input AS (SELECT ${c.document}::jsonb AS document, ${utc(input.now)}::timestamp AS now),
      latest AS (
        SELECT id, author_id, restored_from_id, message, version, created_at, updated_at FROM diagram_revisions
         WHERE diagram_id = ${diagramId}::uuid ORDER BY updated_at DESC, id DESC LIMIT 1),
      burst AS (
        SELECT id FROM latest
         WHERE author_id = ${userId}::uuid AND restored_from_id IS NULL AND message IS NULL AND version = ${baseVersion}
           AND updated_at > ${utc(input.gapSince)}::timestamp AND created_at > ${utc(input.burstSince)}::timestamp),
      saved AS (
        UPDATE diagrams SET document = input.document, node_count = ${c.nodeCount}, connection_count = ${c.connectionCount},
               component_count = ${c.componentCount}, size_bytes = ${c.sizeBytes}, time_steps_limit = ${c.timeStepsLimit},
               type_tags = ${c.typeTags}::text[], saved_at = input.now, saved_by_id = ${userId}::uuid,
               version = ${baseVersion + 1}, updated_at = input.now
          FROM input
         WHERE id = ${diagramId}::uuid AND version = ${baseVersion} AND deleted_at IS NULL AND EXISTS (SELECT 1 FROM burst)
        RETURNING diagrams.id),
      extended AS (
        UPDATE diagram_revisions r SET version = ${baseVersion + 1}, document = input.document, saves = r.saves + 1, updated_at = input.now
          FROM input, burst, saved
         WHERE r.id = burst.id
        RETURNING r.id)
      SELECT EXISTS (SELECT 1 FROM burst) AS continues, (SELECT id FROM extended)::text AS "revisionId"`);
    return { continues: !!row?.continues, revisionId: row?.revisionId ?? null };
  }

  findMetaById(id: string) {
    return this.prisma.diagram.findUnique({ where: { id }, select: diagramMeta });
  }

  async findDocument(id: string): Promise<unknown> {
    const row = await this.prisma.diagram.findUnique({ where: { id }, select: { document: true } });
    return row?.document;
  }

  /** The document now, its version and the limits a save is checked against. */
  async findCurrentDocument(id: string) {
    const row = await this.prisma.diagram.findUnique({
      where: { id },
      select: { version: true, document: true, componentCount: true, timeStepsLimit: true },
    });
    if (!row) return null;
    const { version, document, componentCount, timeStepsLimit } = row;
    return { version, document: document as unknown, limits: { componentCount, timeStepsLimit } };
  }

  /** The document at a version: the row's when it is at that version, else a history entry that ended there. */
  async findDocumentAtVersion(id: string, version: number): Promise<unknown> {
    const row = await this.prisma.diagram.findUnique({ where: { id }, select: { version: true, document: true } });
    if (row?.version === version) return row.document;
    const revision = await this.prisma.diagramRevision.findFirst({
      where: { diagramId: id, version },
      select: { document: true },
      orderBy: { updatedAt: 'desc' },
    });
    return revision?.document ?? null;
  }

  /** The workspace's tags on these diagrams. */
  tagsOf(diagramIds: string[], workspaceId: string) {
    return this.prisma.diagramTag.findMany({
      where: { diagramId: { in: diagramIds }, tag: { workspaceId } },
      select: { diagramId: true, tag: { select: { id: true, name: true, textColor: true, backgroundColor: true } } },
      orderBy: { tag: { name: 'asc' } },
    });
  }

  /** People who saved a version of the diagram. */
  async contributors(diagramId: string) {
    const rows = await this.prisma.diagramRevision.findMany({
      where: { diagramId, authorId: { not: null } },
      select: { author: userRef },
      distinct: ['authorId'],
      take: 50,
    });
    return rows.flatMap((r) => (r.author ? [r.author] : []));
  }

  /** Replaces one workspace's tags on the diagram (other workspaces' tags on it stay). */
  async replaceTags(diagramId: string, workspaceId: string, tagIds: string[]): Promise<void> {
    await this.prisma.$transaction([
      this.prisma.diagramTag.deleteMany({ where: { diagramId, tag: { workspaceId } } }),
      this.prisma.diagramTag.createMany({ data: tagIds.map((tagId) => ({ diagramId, tagId })), skipDuplicates: true }),
    ]);
  }

  /** Moves the diagram into another workspace (the Team folder and back); tags of the old workspace come off. */
  moveToWorkspace(id: string, workspaceId: string) {
    return this.prisma.$transaction(async (tx) => {
      await tx.diagramTag.deleteMany({ where: { diagramId: id, tag: { workspaceId: { not: workspaceId } } } });
      return tx.diagram.update({ where: { id }, data: { workspaceId }, select: diagramMeta });
    });
  }

  /** The creator's diagrams in other people's workspaces (a team's): handed to the workspace's owner. */
  async handOverToWorkspaceOwners(creatorId: string, tx: TransactionClient): Promise<number> {
    const rows = await tx.diagram.findMany({
      where: { ownerId: creatorId, workspace: { ownerId: { not: creatorId } } },
      select: { id: true, workspace: { select: { ownerId: true } } },
    });
    for (const row of rows)
      await tx.diagram.update({ where: { id: row.id }, data: { ownerId: row.workspace.ownerId } });
    return rows.length;
  }

  create(data: Prisma.DiagramUncheckedCreateInput, tx?: TransactionClient) {
    return (tx ?? this.prisma).diagram.create({
      data: { ...data, nameKey: (data.name ?? 'Untitled').toLowerCase() },
      select: diagramMeta,
    });
  }

  async list(filter: DiagramListFilter): Promise<{ rows: DiagramMeta[]; total: number }> {
    const where: Prisma.DiagramWhereInput = {
      ...(filter.scope === 'mine' || filter.scope === 'team'
        ? { workspaceId: filter.workspaceId, deletedAt: null }
        : {}),
      ...(filter.scope === 'trash' ? { workspaceId: filter.workspaceId, deletedAt: { not: null } } : {}),
      ...(filter.scope === 'shared'
        ? {
            workspaceId: { not: filter.workspaceId },
            deletedAt: null,
            shares: { some: { email: filter.email, role: { in: ['viewer', 'editor'] } } },
          }
        : {}),
      ...(filter.tagId ? { tags: { some: { tagId: filter.tagId, tag: { workspaceId: filter.workspaceId } } } } : {}),
      ...(filter.q ? { name: { contains: filter.q, mode: 'insensitive' } } : {}),
    };
    const field = filter.sort === 'name' ? 'nameKey' : filter.sort === 'created' ? 'createdAt' : 'updatedAt';
    const [rows, total] = await Promise.all([
      this.prisma.diagram.findMany({
        where,
        select: diagramMeta,
        orderBy: [{ [field]: filter.order }, { id: 'asc' }],
        skip: filter.skip,
        take: filter.take,
      }),
      this.prisma.diagram.count({ where }),
    ]);
    return { rows, total };
  }

  /** Saves the document only if the row is still at `baseVersion`; 0 means someone else saved first. */
  async saveIfVersion(
    tx: TransactionClient,
    id: string,
    baseVersion: number,
    data: Prisma.DiagramUncheckedUpdateManyInput,
  ): Promise<number> {
    const { count } = await tx.diagram.updateMany({
      where: { id, version: baseVersion, deletedAt: null },
      data: { ...data, version: baseVersion + 1 },
    });
    return count;
  }

  /** Name and file key, for the events a save emits. */
  refOf(tx: TransactionClient, id: string) {
    return tx.diagram.findUniqueOrThrow({ where: { id }, select: { fuid: true, name: true } });
  }

  currentVersion(id: string) {
    return this.prisma.diagram.findUnique({
      where: { id },
      select: { version: true, savedAt: true, savedBy: userRef },
    });
  }

  /**
   * Publishing, unpublishing, deleting and restoring change whether the diagram counts as public:
   * `countPublic` then moves the owner's count in the same transaction. The row is locked first,
   * so the count follows the real change once.
   */
  update(
    id: string,
    data: Prisma.DiagramUncheckedUpdateInput,
    countPublic: (ownerId: string, delta: number, tx: TransactionClient) => Promise<unknown>,
    tx?: TransactionClient,
  ) {
    const nameKey = typeof data.name === 'string' ? { nameKey: data.name.toLowerCase() } : {};
    if (!('community' in data) && !('deletedAt' in data))
      return (tx ?? this.prisma).diagram.update({ where: { id }, data: { ...data, ...nameKey }, select: diagramMeta });
    const work = async (db: TransactionClient) => {
      const [before] = await db.$queryRaw<
        { public: boolean }[]
      >`SELECT (community AND deleted_at IS NULL) AS public FROM diagrams WHERE id = ${id}::uuid FOR UPDATE`;
      const after = await db.diagram.update({ where: { id }, data: { ...data, ...nameKey }, select: diagramMeta });
      const delta = Number(after.community && !after.deletedAt) - Number(!!before?.public);
      if (delta) await countPublic(after.ownerId, delta, db);
      return after;
    };
    return tx ? work(tx) : this.prisma.$transaction(work);
  }

  /** Of these diagrams, the ones `userId` likes (likedByAuthenticatedUser). */
  async likedBy(userId: string, diagramIds: string[]): Promise<Set<string>> {
    if (!diagramIds.length) return new Set();
    const rows = await this.prisma.diagramLike.findMany({
      where: { userId, diagramId: { in: diagramIds } },
      select: { diagramId: true },
    });
    return new Set(rows.map((r) => r.diagramId));
  }

  /** Of these users, the ones `userId` follows (owner.isFollowed). */
  async followedBy(userId: string, userIds: string[]): Promise<Set<string>> {
    if (!userIds.length) return new Set();
    const rows = await this.prisma.userFollow.findMany({
      where: { followerId: userId, followedId: { in: userIds } },
      select: { followedId: true },
    });
    return new Set(rows.map((r) => r.followedId));
  }

  // ── trash ──

  async trashedIds(workspaceId: string): Promise<string[]> {
    const rows = await this.prisma.diagram.findMany({
      where: { workspaceId, deletedAt: { not: null } },
      select: { id: true },
    });
    return rows.map((r) => r.id);
  }

  /** Deletes these diagrams if they are (still) in the trash; related rows cascade. */
  async deleteTrashed(ids: string[]): Promise<number> {
    if (!ids.length) return 0;
    const { count } = await this.prisma.diagram.deleteMany({ where: { id: { in: ids }, deletedAt: { not: null } } });
    return count;
  }

  async deleteTrashedBefore(before: Date): Promise<number> {
    const { count } = await this.prisma.diagram.deleteMany({ where: { deletedAt: { lt: before } } });
    return count;
  }

  /** Moves counters kept on the diagram row; answers the like count after the change. */
  async addToCounters(id: string, by: Partial<Record<DiagramCounter, number>>, tx: TransactionClient): Promise<number> {
    const data = Object.fromEntries(Object.entries(by).map(([column, delta]) => [column, { increment: delta }]));
    return (await tx.diagram.update({ where: { id }, data, select: { likeCount: true } })).likeCount;
  }

  async incrementForks(id: string, tx: TransactionClient): Promise<void> {
    await tx.diagram.update({ where: { id }, data: { forkCount: { increment: 1 } } });
  }

  // ── copies: where each started from ──

  copyBase(diagramId: string) {
    return this.prisma.diagramCopyBase.findUnique({ where: { diagramId } });
  }

  async setCopyBase(tx: TransactionClient, diagramId: string, sourceVersion: number, document: unknown): Promise<void> {
    const json = document as Prisma.InputJsonValue;
    await tx.diagramCopyBase.upsert({
      where: { diagramId },
      create: { diagramId, sourceVersion, document: json },
      update: { sourceVersion, document: json },
    });
  }

  // ── version history ──

  latestRevision(tx: TransactionClient, diagramId: string) {
    return tx.diagramRevision.findFirst({ where: { diagramId }, orderBy: [{ updatedAt: 'desc' }, { id: 'desc' }] });
  }

  createRevision(tx: TransactionClient, data: Prisma.DiagramRevisionUncheckedCreateInput) {
    return tx.diagramRevision.create({ data, select: { id: true } });
  }

  extendRevision(tx: TransactionClient, id: string, version: number, document: Prisma.InputJsonValue) {
    return tx.diagramRevision.update({
      where: { id },
      data: { version, document, saves: { increment: 1 } },
      select: { id: true },
    });
  }

  /** Drops versions last touched before `before`, always keeping the newest one. */
  async workspaceIdOf(diagramId: string, tx: TransactionClient = this.prisma): Promise<string | null> {
    return (
      (await tx.diagram.findUnique({ where: { id: diagramId }, select: { workspaceId: true } }))?.workspaceId ?? null
    );
  }

  async workspaceIdOfFuid(fuid: string, tx: TransactionClient = this.prisma): Promise<string | null> {
    return (await tx.diagram.findUnique({ where: { fuid }, select: { workspaceId: true } }))?.workspaceId ?? null;
  }

  async pruneRevisions(diagramId: string, before: Date, tx?: TransactionClient): Promise<number> {
    const client = tx ?? this.prisma;
    const newest = await client.diagramRevision.findFirst({
      where: { diagramId },
      orderBy: [{ updatedAt: 'desc' }, { id: 'desc' }],
      select: { id: true },
    });
    if (!newest) return 0;
    const { count } = await client.diagramRevision.deleteMany({
      where: { diagramId, updatedAt: { lt: before }, id: { not: newest.id } },
    });
    return count;
  }

  listRevisions(diagramId: string, since: Date) {
    return this.prisma.diagramRevision.findMany({
      where: { diagramId, updatedAt: { gte: since } },
      select: {
        id: true,
        version: true,
        firstVersion: true,
        saves: true,
        createdAt: true,
        updatedAt: true,
        restoredFromId: true,
        restoredFromVersion: true,
        message: true,
        author: userRef,
      },
      orderBy: [{ updatedAt: 'desc' }, { id: 'desc' }],
      take: 500,
    });
  }

  findRevision(diagramId: string, id: string) {
    return this.prisma.diagramRevision.findFirst({
      where: { id, diagramId },
      select: {
        id: true,
        version: true,
        firstVersion: true,
        saves: true,
        createdAt: true,
        updatedAt: true,
        restoredFromId: true,
        restoredFromVersion: true,
        message: true,
        document: true,
        author: userRef,
      },
    });
  }
}
