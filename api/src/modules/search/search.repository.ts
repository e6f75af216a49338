import { Injectable } from '@nestjs/common';
import { PrismaService } from '../../core/prisma/prisma.service.js';
import { Prisma } from '../../generated/prisma/client.js';

export interface ContentHit {
  id: string;
  kind: string;
  slug: string;
  title: string;
  description: string;
}

export interface DesignerRow {
  id: string;
  username: string;
  first_name: string | null;
  last_name: string | null;
  avatar_url: string | null;
  job_title: string | null;
  follower_count: number;
  public_diagram_count: number;
  about: string | null;
}

/**
 * A designer's public diagrams, counted from the diagrams themselves (the same rule as the
 * community lists), so the profile's number always matches what it lists.
 */
const PUBLIC_DIAGRAM_COUNT = Prisma.raw(
  '(SELECT count(*)::int FROM diagrams d WHERE d.owner_id = users.id AND d.community AND d.deleted_at IS NULL) AS public_diagram_count',
);

/** A designer worth listing: a public diagram, or available for hire (empty profiles are left out). */
const NOT_EMPTY_PROFILE = Prisma.raw(
  '(users.available_for_hire OR EXISTS (SELECT 1 FROM diagrams d WHERE d.owner_id = users.id AND d.community AND d.deleted_at IS NULL))',
);

/** `%term%` for ILIKE, with the term's own wildcards escaped. */
const containing = (term: string | undefined) => (term ? `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : '%');

/** PostgreSQL full-text (tsvector + GIN) and trigram queries; the only Prisma user of the module. */
@Injectable()
export class SearchRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** Published entries of the kinds, by full-text rank, then title similarity (typos, prefixes). */
  searchContent(term: string, kinds: string[], limit: number): Promise<ContentHit[]> {
    const like = containing(term);
    return this.prisma.$queryRaw<ContentHit[]>`
      SELECT id::text, kind, slug, title, description
      FROM content_entries, websearch_to_tsquery('english', ${term}) AS query
      WHERE status = 'publish' AND kind = ANY(${kinds}::text[])
        AND (search_vector @@ query OR title ILIKE ${like} OR similarity(title, ${term}) > 0.3)
      ORDER BY (title ILIKE ${like})::int DESC,
               ts_rank(search_vector, query) + similarity(title, ${term}) DESC,
               title
      LIMIT ${limit}`;
  }

  countContent(term: string, kinds: string[]): Promise<number> {
    const like = containing(term);
    return this.prisma.$queryRaw<{ n: bigint }[]>`
      SELECT count(*) AS n FROM content_entries, websearch_to_tsquery('english', ${term}) AS query
      WHERE status = 'publish' AND kind = ANY(${kinds}::text[])
        AND (search_vector @@ query OR title ILIKE ${like} OR similarity(title, ${term}) > 0.3)`.then((r) =>
      Number(r[0]?.n ?? 0),
    );
  }

  /**
   * Designers: users with a username, a public profile and at least one public diagram (search
   * excludes empty profiles, website.md §5), or who offer themselves for hire. Read-only over the users module's
   * table: search keeps its read model in SQL rather than asking UsersService row by row.
   */
  designers(term: string | undefined, offset: number, limit: number): Promise<DesignerRow[]> {
    const like = containing(term);
    return this.prisma.$queryRaw<DesignerRow[]>`
      SELECT id::text, username, first_name, last_name, avatar_url, job_title, follower_count, ${PUBLIC_DIAGRAM_COUNT}, about
      FROM users
      WHERE username IS NOT NULL AND is_private_account = false AND ${NOT_EMPTY_PROFILE}
        AND (username ILIKE ${like} OR coalesce(first_name, '') || ' ' || coalesce(last_name, '') ILIKE ${like})
      ORDER BY follower_count DESC, updated_at DESC, username
      OFFSET ${offset} LIMIT ${limit}`;
  }

  countDesigners(term: string | undefined): Promise<number> {
    const like = containing(term);
    return this.prisma.$queryRaw<{ n: bigint }[]>`
      SELECT count(*) AS n FROM users
      WHERE username IS NOT NULL AND is_private_account = false AND ${NOT_EMPTY_PROFILE}
        AND (username ILIKE ${like} OR coalesce(first_name, '') || ' ' || coalesce(last_name, '') ILIKE ${like})`.then(
      (r) => Number(r[0]?.n ?? 0),
    );
  }

  async designer(username: string): Promise<DesignerRow | null> {
    return (await this.designersByUsername([username]))[0] ?? null;
  }

  /** These public designers (one query; unknown or private ones left out, in no order). */
  designersByUsername(usernames: string[]): Promise<DesignerRow[]> {
    if (!usernames.length) return Promise.resolve([]);
    return this.prisma.$queryRaw<DesignerRow[]>`
      SELECT id::text, username, first_name, last_name, avatar_url, job_title, follower_count, ${PUBLIC_DIAGRAM_COUNT}, about
      FROM users WHERE username = ANY(${usernames}::text[]) AND is_private_account = false`;
  }
}
