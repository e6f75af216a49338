import { Injectable } from '@nestjs/common';
import { PrismaService } from '../../core/prisma/prisma.service.js';

export interface CommunityDiagramRow {
  fuid: string;
  name: string;
  description: string;
  like_count: number;
  play_count: number;
  fork_count: number;
  node_count: number;
  updated_at: Date;
  username: string;
  first_name: string | null;
  last_name: string | null;
}

/** The single diagram page also reads the diagram it was copied from (its forked-from notice). */
export interface CommunityDiagramPageRow extends CommunityDiagramRow {
  source_fuid: string | null;
  source_name: string | null;
  /** The source is public on community now (not deleted, public profile). */
  source_public: boolean | null;
  source_deleted: boolean | null;
  source_username: string | null;
}

export interface DiagramListQuery {
  term?: string;
  owner?: string;
  sort: 'newest' | 'popular';
  offset: number;
  limit: number;
}

const containing = (term: string | undefined) => (term ? `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : '%');

/**
 * Read-only queries over the diagrams module's tables for the public community pages: only
 * diagrams public on community, not deleted, whose owner has a public profile.
 */
@Injectable()
export class CommunityRepository {
  constructor(private readonly prisma: PrismaService) {}

  async diagrams(query: DiagramListQuery): Promise<{ rows: CommunityDiagramRow[]; total: number }> {
    const like = containing(query.term);
    const owner = query.owner ?? null;
    const [rows, count] = await Promise.all([
      this.prisma.$queryRaw<CommunityDiagramRow[]>`
        SELECT d.fuid, d.name, d.description, d.like_count, d.play_count, d.fork_count, d.node_count, d.updated_at, u.username, u.first_name, u.last_name
        FROM diagrams d JOIN users u ON u.id = d.owner_id
        WHERE d.community AND d.deleted_at IS NULL AND u.username IS NOT NULL AND NOT u.is_private_account
          AND (d.name ILIKE ${like} OR d.description ILIKE ${like})
          AND (${owner}::text IS NULL OR u.username = ${owner})
        ORDER BY CASE WHEN ${query.sort} = 'popular' THEN d.like_count ELSE 0 END DESC, d.updated_at DESC, d.fuid
        OFFSET ${query.offset} LIMIT ${query.limit}`,
      this.prisma.$queryRaw<{ n: bigint }[]>`
        SELECT count(*) AS n FROM diagrams d JOIN users u ON u.id = d.owner_id
        WHERE d.community AND d.deleted_at IS NULL AND u.username IS NOT NULL AND NOT u.is_private_account
          AND (d.name ILIKE ${like} OR d.description ILIKE ${like})
          AND (${owner}::text IS NULL OR u.username = ${owner})`,
    ]);
    return { rows, total: Number(count[0]?.n ?? 0) };
  }

  async diagram(fuid: string): Promise<CommunityDiagramPageRow | null> {
    return (await this.diagramsByFuid([fuid]))[0] ?? null;
  }

  /** These public diagrams (one query; unknown, private or deleted ones left out, in no order). */
  async diagramsByFuid(fuids: string[]): Promise<CommunityDiagramPageRow[]> {
    if (!fuids.length) return [];
    return this.prisma.$queryRaw<CommunityDiagramPageRow[]>`
      SELECT d.fuid, d.name, d.description, d.like_count, d.play_count, d.fork_count, d.node_count, d.updated_at, u.username, u.first_name, u.last_name,
        s.fuid AS source_fuid, s.name AS source_name, su.username AS source_username, s.deleted_at IS NOT NULL AS source_deleted,
        (s.community AND s.deleted_at IS NULL AND su.username IS NOT NULL AND NOT su.is_private_account) AS source_public
      FROM diagrams d JOIN users u ON u.id = d.owner_id
        LEFT JOIN diagrams s ON s.id = d.source_id LEFT JOIN users su ON su.id = s.owner_id
      WHERE d.fuid = ANY(${fuids}::text[]) AND d.community AND d.deleted_at IS NULL AND u.username IS NOT NULL AND NOT u.is_private_account`;
  }
}
