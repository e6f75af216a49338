import { Injectable } from '@nestjs/common';
import { PrismaService, type TransactionClient } from '../../core/prisma/prisma.service.js';
import { Prisma } from '../../generated/prisma/client.js';

/** A public community diagram with what cards, rankings and the API show. */
export interface RankedDiagramRow {
  id: string;
  fuid: string;
  name: string;
  description: string;
  like_count: number;
  view_count: number;
  play_count: number;
  fork_count: number;
  node_count: number;
  updated_at: Date;
  owner_id: string;
  username: string;
  first_name: string | null;
  last_name: string | null;
  avatar_url: string | null;
  liked: boolean;
  owner_followed: boolean;
  spotlighted: boolean;
  is_template: boolean;
  tags: string[];
}

export interface RankedDesignerRow {
  id: string;
  username: string;
  email: string;
  first_name: string | null;
  last_name: string | null;
  avatar_url: string | null;
  job_title: string | null;
  about: string | null;
  available_for_hire: boolean;
  follower_count: number;
  view_count: number;
  public_diagram_count: number;
  diagram_like_count: number;
  last_active: Date | null;
  created_at: Date;
  is_followed: boolean;
  spotlighted: boolean;
}

export type DiagramOrder = 'recent' | 'appreciated' | 'viewed' | 'highlighted' | 'ofTheMonth' | 'template';
export interface DiagramQuery {
  viewerId?: string | null;
  term?: string;
  owner?: string;
  likedBy?: string;
  fuids?: string[];
  tag?: string;
  templatesOnly?: boolean;
  excludeFuid?: string;
  spotlightOnly?: boolean;
  order: DiagramOrder;
  direction: 'asc' | 'desc';
  offset: number;
  limit: number;
}

export type DesignerOrder = 'active' | 'followed' | 'viewed' | 'likes' | 'created' | 'ofTheMonth' | 'highlighted';
export interface DesignerQuery {
  viewerId?: string | null;
  term?: string;
  forHire?: boolean;
  ofTheMonth?: boolean;
  spotlightOnly?: boolean;
  usernames?: string[];
  excludeEmpty?: boolean;
  order: DesignerOrder;
  direction: 'asc' | 'desc';
  offset: number;
  limit: number;
}

const containing = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const NO_VIEWER = '00000000-0000-0000-0000-000000000000';

/** A diagram visitors may see: public on community, not deleted, its owner's profile public and enabled. */
const PUBLIC_DIAGRAM = Prisma.sql`d.community AND d.deleted_at IS NULL AND u.username IS NOT NULL AND NOT u.is_private_account AND u.disabled_at IS NULL`;
const PUBLIC_DESIGNER = Prisma.sql`u.username IS NOT NULL AND NOT u.is_private_account AND u.disabled_at IS NULL`;
const LATEST_MONTH = (kind: string) =>
  Prisma.sql`(SELECT max(month) FROM community_monthly_picks WHERE kind = ${kind})`;

/**
 * Read-only queries over diagrams, users, likes and follows for rankings (the diagrams, users
 * and social modules write those tables), plus this module's own tables: views, spotlights,
 * monthly picks and templates.
 */
/** A short page is the last one: its total is exact; otherwise the (possibly seconds-old) count, never less than what was listed. */
function totalOf(listed: number, q: { offset: number; limit: number }, counted: number): number {
  if (listed < q.limit && (listed > 0 || q.offset === 0)) return q.offset + listed;
  return Math.max(counted, q.offset + listed);
}

/** List totals change slowly and cost a join over every public row: kept for a few seconds. */
const TOTALS_TTL_MS = 10_000;
const TOTALS_MAX = 500;

@Injectable()
export class CommunityRepository {
  private readonly totals = new Map<string, { at: number; value: Promise<number> }>();

  constructor(private readonly prisma: PrismaService) {}

  /** `count(*)` of a list query, shared by identical queries for TOTALS_TTL_MS. */
  private total(query: Prisma.Sql): Promise<number> {
    const key = `${query.sql}\n${JSON.stringify(query.values)}`;
    const hit = this.totals.get(key);
    if (hit && Date.now() - hit.at < TOTALS_TTL_MS) return hit.value;
    if (this.totals.size >= TOTALS_MAX) this.totals.clear();
    const value = this.prisma.$queryRaw<{ n: bigint }[]>(query).then((r) => Number(r[0]?.n ?? 0));
    value.catch(() => this.totals.delete(key));
    this.totals.set(key, { at: Date.now(), value });
    return value;
  }

  transaction<T>(work: (tx: TransactionClient) => Promise<T>): Promise<T> {
    return this.prisma.$transaction(work, { maxWait: 15_000, timeout: 15_000 });
  }

  private diagramWhere(q: DiagramQuery): Prisma.Sql {
    const parts: Prisma.Sql[] = [PUBLIC_DIAGRAM];
    if (q.term)
      parts.push(Prisma.sql`(d.name ILIKE ${containing(q.term)} OR d.description ILIKE ${containing(q.term)})`);
    if (q.owner) parts.push(Prisma.sql`u.username = ${q.owner}`);
    if (q.fuids) parts.push(Prisma.sql`d.fuid = ANY(${q.fuids}::text[])`);
    if (q.excludeFuid) parts.push(Prisma.sql`d.fuid <> ${q.excludeFuid}`);
    if (q.likedBy)
      parts.push(
        Prisma.sql`EXISTS (SELECT 1 FROM diagram_likes l JOIN users lu ON lu.id = l.user_id WHERE l.diagram_id = d.id AND lu.username = ${q.likedBy})`,
      );
    if (q.tag)
      parts.push(
        Prisma.sql`EXISTS (SELECT 1 FROM diagram_tags dt JOIN tags t ON t.id = dt.tag_id WHERE dt.diagram_id = d.id AND t.name_key = ${q.tag.trim().toLowerCase()})`,
      );
    if (q.templatesOnly || q.order === 'template')
      parts.push(Prisma.sql`EXISTS (SELECT 1 FROM community_templates ct WHERE ct.diagram_id = d.id)`);
    if (q.spotlightOnly)
      parts.push(Prisma.sql`EXISTS (SELECT 1 FROM community_spotlights s WHERE s.diagram_id = d.id)`);
    if (q.order === 'ofTheMonth') parts.push(Prisma.sql`p.rank IS NOT NULL`);
    return Prisma.join(parts, ' AND ');
  }

  private diagramOrder(q: DiagramQuery): Prisma.Sql {
    const dir = Prisma.raw(q.direction === 'asc' ? 'ASC' : 'DESC');
    switch (q.order) {
      case 'appreciated':
        return Prisma.sql`d.like_count ${dir}, d.updated_at ${dir}, d.fuid`;
      case 'viewed':
        return Prisma.sql`d.view_count ${dir}, d.updated_at ${dir}, d.fuid`;
      case 'highlighted':
        return Prisma.sql`(s.diagram_id IS NOT NULL) DESC, s.created_at DESC NULLS LAST, d.like_count DESC, d.updated_at DESC, d.fuid`;
      case 'ofTheMonth':
        return Prisma.sql`p.rank ASC, d.fuid`;
      case 'template':
        return Prisma.sql`(SELECT ct.published_at FROM community_templates ct WHERE ct.diagram_id = d.id) ${dir}, d.fuid`;
      default:
        return Prisma.sql`d.updated_at ${dir}, d.fuid`;
    }
  }

  async diagrams(q: DiagramQuery): Promise<{ rows: RankedDiagramRow[]; total: number }> {
    const viewer = q.viewerId ?? NO_VIEWER;
    const where = this.diagramWhere(q);
    const pickJoin =
      q.order === 'ofTheMonth'
        ? Prisma.sql`LEFT JOIN community_monthly_picks p ON p.kind = 'diagram' AND p.subject_id = d.id AND p.month = ${LATEST_MONTH('diagram')}`
        : Prisma.empty;
    const [rows, count] = await Promise.all([
      this.prisma.$queryRaw<RankedDiagramRow[]>`
        SELECT d.id::text, d.fuid, d.name, d.description, d.like_count, d.view_count, d.play_count, d.fork_count, d.node_count, d.updated_at,
               d.owner_id::text, u.username, u.first_name, u.last_name, u.avatar_url,
               EXISTS (SELECT 1 FROM diagram_likes l WHERE l.diagram_id = d.id AND l.user_id = ${viewer}::uuid) AS liked,
               EXISTS (SELECT 1 FROM user_follows f WHERE f.followed_id = d.owner_id AND f.follower_id = ${viewer}::uuid) AS owner_followed,
               (s.diagram_id IS NOT NULL) AS spotlighted,
               EXISTS (SELECT 1 FROM community_templates ct WHERE ct.diagram_id = d.id) AS is_template,
               ARRAY(SELECT t.name FROM diagram_tags dt JOIN tags t ON t.id = dt.tag_id WHERE dt.diagram_id = d.id ORDER BY t.name) AS tags
        FROM diagrams d JOIN users u ON u.id = d.owner_id
        LEFT JOIN community_spotlights s ON s.diagram_id = d.id
        ${pickJoin}
        WHERE ${where}
        ORDER BY ${this.diagramOrder(q)}
        OFFSET ${q.offset} LIMIT ${q.limit}`,
      this.total(
        Prisma.sql`SELECT count(*) AS n FROM diagrams d JOIN users u ON u.id = d.owner_id ${pickJoin} WHERE ${where}`,
      ),
    ]);
    return { rows, total: totalOf(rows.length, q, count) };
  }

  private designerWhere(q: DesignerQuery): Prisma.Sql {
    const parts: Prisma.Sql[] = [PUBLIC_DESIGNER];
    if (q.term)
      parts.push(
        Prisma.sql`(u.username ILIKE ${containing(q.term)} OR coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '') ILIKE ${containing(q.term)})`,
      );
    if (q.forHire) parts.push(Prisma.sql`u.available_for_hire`);
    if (q.usernames) parts.push(Prisma.sql`u.username = ANY(${q.usernames}::text[])`);
    if (q.spotlightOnly) parts.push(Prisma.sql`s.user_id IS NOT NULL`);
    if (q.ofTheMonth || q.order === 'ofTheMonth') parts.push(Prisma.sql`p.rank IS NOT NULL`);
    if (q.excludeEmpty)
      parts.push(
        Prisma.sql`(u.available_for_hire OR EXISTS (SELECT 1 FROM diagrams d WHERE d.owner_id = u.id AND d.community AND d.deleted_at IS NULL))`,
      );
    return Prisma.join(parts, ' AND ');
  }

  private designerOrder(q: DesignerQuery): Prisma.Sql {
    const dir = Prisma.raw(q.direction === 'asc' ? 'ASC' : 'DESC');
    switch (q.order) {
      case 'followed':
        return Prisma.sql`u.follower_count ${dir}, u.username`;
      case 'viewed':
        return Prisma.sql`u.view_count ${dir}, u.username`;
      case 'likes':
        return Prisma.sql`diagram_like_count ${dir}, u.follower_count DESC, u.username`;
      case 'created':
        return Prisma.sql`u.created_at ${dir}, u.username`;
      case 'ofTheMonth':
        return Prisma.sql`p.rank ASC, u.username`;
      case 'highlighted':
        return Prisma.sql`s.created_at DESC NULLS LAST, u.username`;
      default:
        return Prisma.sql`last_active ${dir} NULLS LAST, u.username`;
    }
  }

  async designers(q: DesignerQuery): Promise<{ rows: RankedDesignerRow[]; total: number }> {
    const viewer = q.viewerId ?? NO_VIEWER;
    const where = this.designerWhere(q);
    const pickJoin =
      q.ofTheMonth || q.order === 'ofTheMonth'
        ? Prisma.sql`LEFT JOIN community_monthly_picks p ON p.kind = 'designer' AND p.subject_id = u.id AND p.month = ${LATEST_MONTH('designer')}`
        : Prisma.empty;
    // Orders on the users row page first, then add each designer's diagram figures; Recently Active and likes need them for every designer.
    const needsFigures = q.order === 'active' || q.order === 'likes';
    const page = needsFigures
      ? Prisma.sql`SELECT u.*, (s.user_id IS NOT NULL) AS spotlighted FROM users u LEFT JOIN community_spotlights s ON s.user_id = u.id ${pickJoin} WHERE ${where}`
      : Prisma.sql`SELECT u.*, (s.user_id IS NOT NULL) AS spotlighted FROM users u LEFT JOIN community_spotlights s ON s.user_id = u.id ${pickJoin} WHERE ${where} ORDER BY ${this.designerOrder(q)} OFFSET ${q.offset} LIMIT ${q.limit}`;
    const order = Prisma.raw(needsFigures ? '' : 'ORDER BY n');
    const [rows, count] = await Promise.all([
      this.prisma.$queryRaw<RankedDesignerRow[]>`
        SELECT u.id::text, u.username, u.email, u.first_name, u.last_name, u.avatar_url, u.job_title, u.about, u.available_for_hire,
               u.follower_count, u.view_count, u.created_at, pub.public_diagram_count, pub.diagram_like_count,
               greatest(u.last_login_at, pub.last_update) AS last_active,
               EXISTS (SELECT 1 FROM user_follows f WHERE f.followed_id = u.id AND f.follower_id = ${viewer}::uuid) AS is_followed,
               u.spotlighted
        FROM (SELECT page.*, row_number() OVER () AS n FROM (${page}) page) u
        CROSS JOIN LATERAL (
          SELECT count(*)::int AS public_diagram_count, coalesce(sum(d.like_count), 0)::int AS diagram_like_count, max(d.updated_at) AS last_update
          FROM diagrams d WHERE d.owner_id = u.id AND d.community AND d.deleted_at IS NULL
        ) pub
        ${needsFigures ? Prisma.sql`ORDER BY ${this.designerOrder(q)} OFFSET ${q.offset} LIMIT ${q.limit}` : Prisma.sql`${order}`}`,
      this.total(
        Prisma.sql`SELECT count(*) AS n FROM users u LEFT JOIN community_spotlights s ON s.user_id = u.id ${pickJoin} WHERE ${where}`,
      ),
    ]);
    return { rows, total: totalOf(rows.length, q, count) };
  }

  /** What changes with each like and follow, fresh, for cards read from the shared lists (the spec's diagrams-data-nocache idea). */
  diagramOverlay(
    viewerId: string | null,
    ids: string[],
  ): Promise<{ id: string; like_count: number; view_count: number; liked: boolean; owner_followed: boolean }[]> {
    if (!ids.length) return Promise.resolve([]);
    const viewer = viewerId ?? NO_VIEWER;
    return this.prisma.$queryRaw`
      SELECT d.id::text, d.like_count, d.view_count,
             EXISTS (SELECT 1 FROM diagram_likes l WHERE l.diagram_id = d.id AND l.user_id = ${viewer}::uuid) AS liked,
             EXISTS (SELECT 1 FROM user_follows f WHERE f.followed_id = d.owner_id AND f.follower_id = ${viewer}::uuid) AS owner_followed
      FROM diagrams d WHERE d.id = ANY(${ids}::uuid[])`;
  }

  designerOverlay(
    viewerId: string | null,
    ids: string[],
  ): Promise<{ id: string; follower_count: number; is_followed: boolean }[]> {
    if (!ids.length) return Promise.resolve([]);
    const viewer = viewerId ?? NO_VIEWER;
    return this.prisma.$queryRaw`
      SELECT u.id::text, u.follower_count, EXISTS (SELECT 1 FROM user_follows f WHERE f.followed_id = u.id AND f.follower_id = ${viewer}::uuid) AS is_followed
      FROM users u WHERE u.id = ANY(${ids}::uuid[])`;
  }

  countAllDesigners(): Promise<number> {
    return this.prisma.$queryRaw<{ n: bigint }[]>`SELECT count(*) AS n FROM users u WHERE ${PUBLIC_DESIGNER}`.then(
      (r) => Number(r[0]?.n ?? 0),
    );
  }

  /** Tags on public diagrams (case-insensitive), most used first. */
  async tags(
    term: string | undefined,
    offset: number,
    limit: number,
  ): Promise<{ rows: { name: string; diagram_count: number }[]; total: number }> {
    const like = term ? containing(term) : '%';
    const [rows, count] = await Promise.all([
      this.prisma.$queryRaw<{ name: string; diagram_count: number }[]>`
        SELECT min(t.name) AS name, count(DISTINCT d.id)::int AS diagram_count
        FROM tags t JOIN diagram_tags dt ON dt.tag_id = t.id JOIN diagrams d ON d.id = dt.diagram_id JOIN users u ON u.id = d.owner_id
        WHERE ${PUBLIC_DIAGRAM} AND t.name ILIKE ${like}
        GROUP BY t.name_key ORDER BY diagram_count DESC, t.name_key OFFSET ${offset} LIMIT ${limit}`,
      this.prisma.$queryRaw<{ n: bigint }[]>`
        SELECT count(DISTINCT t.name_key) AS n
        FROM tags t JOIN diagram_tags dt ON dt.tag_id = t.id JOIN diagrams d ON d.id = dt.diagram_id JOIN users u ON u.id = d.owner_id
        WHERE ${PUBLIC_DIAGRAM} AND t.name ILIKE ${like}`,
    ]);
    return { rows, total: Number(count[0]?.n ?? 0) };
  }

  /** The owner and everyone with a public profile who saved a version of the diagram. */
  contributors(
    fuid: string,
  ): Promise<{ username: string; first_name: string | null; last_name: string | null; avatar_url: string | null }[]> {
    return this.prisma.$queryRaw`
      SELECT u.username, u.first_name, u.last_name, u.avatar_url FROM (
        SELECT d.owner_id AS user_id, 0 AS rank, d.created_at AS at FROM diagrams d JOIN users u ON u.id = d.owner_id WHERE d.fuid = ${fuid} AND ${PUBLIC_DIAGRAM}
        UNION ALL
        SELECT r.author_id, 1, min(r.created_at) FROM diagram_revisions r JOIN diagrams d ON d.id = r.diagram_id JOIN users u ON u.id = d.owner_id
        WHERE d.fuid = ${fuid} AND ${PUBLIC_DIAGRAM} AND r.author_id IS NOT NULL GROUP BY r.author_id
      ) c JOIN users u ON u.id = c.user_id
      WHERE ${PUBLIC_DESIGNER}
      GROUP BY u.id ORDER BY min(c.rank), min(c.at)`;
  }

  publicDiagram(fuid: string): Promise<{ id: string; owner_id: string; name: string } | null> {
    return this.prisma.$queryRaw<{ id: string; owner_id: string; name: string }[]>`
      SELECT d.id::text, d.owner_id::text, d.name FROM diagrams d JOIN users u ON u.id = d.owner_id WHERE d.fuid = ${fuid} AND ${PUBLIC_DIAGRAM} LIMIT 1`.then(
      (r) => r[0] ?? null,
    );
  }

  publicDesigner(username: string): Promise<{ id: string } | null> {
    return this.prisma.$queryRaw<
      { id: string }[]
    >`SELECT u.id::text FROM users u WHERE u.username = ${username} AND ${PUBLIC_DESIGNER} LIMIT 1`.then(
      (r) => r[0] ?? null,
    );
  }

  // ---- views ----

  /** One row per visitor, subject and day: false when the row was there already. */
  async recordView(
    subjectType: 'diagram' | 'designer',
    subjectId: string,
    visitorKey: string,
    day: string,
    tx: TransactionClient,
  ): Promise<boolean> {
    const inserted = await tx.$executeRaw`
      INSERT INTO community_views (id, subject_type, subject_id, visitor_key, day, updated_at)
      VALUES (gen_random_uuid(), ${subjectType}, ${subjectId}::uuid, ${visitorKey}, ${day}::date, now())
      ON CONFLICT (subject_type, subject_id, visitor_key, day) DO NOTHING`;
    return inserted > 0;
  }

  // ---- spotlight ----

  async addSpotlight(kind: 'diagram' | 'designer', subjectId: string, createdById: string): Promise<boolean> {
    const column = kind === 'diagram' ? Prisma.raw('diagram_id') : Prisma.raw('user_id');
    const n = await this.prisma.$executeRaw`
      INSERT INTO community_spotlights (id, kind, ${column}, created_by_id, updated_at) VALUES (gen_random_uuid(), ${kind}, ${subjectId}::uuid, ${createdById}::uuid, now())
      ON CONFLICT (${column}) DO NOTHING`;
    return n > 0;
  }

  async removeSpotlight(kind: 'diagram' | 'designer', key: string): Promise<boolean> {
    const n =
      kind === 'diagram'
        ? await this.prisma
            .$executeRaw`DELETE FROM community_spotlights s USING diagrams d WHERE s.diagram_id = d.id AND d.fuid = ${key}`
        : await this.prisma
            .$executeRaw`DELETE FROM community_spotlights s USING users u WHERE s.user_id = u.id AND u.username = ${key}`;
    return n > 0;
  }

  /** Spotlighted diagrams and designers still public, in the order they were added. */
  async featured(): Promise<{ fuids: string[]; usernames: string[] }> {
    const [diagrams, designers] = await Promise.all([
      this.prisma.$queryRaw<{ fuid: string }[]>`
        SELECT d.fuid FROM community_spotlights s JOIN diagrams d ON d.id = s.diagram_id JOIN users u ON u.id = d.owner_id WHERE ${PUBLIC_DIAGRAM} ORDER BY s.created_at, d.fuid`,
      this.prisma.$queryRaw<{ username: string }[]>`
        SELECT u.username FROM community_spotlights s JOIN users u ON u.id = s.user_id WHERE ${PUBLIC_DESIGNER} ORDER BY s.created_at, u.username`,
    ]);
    return { fuids: diagrams.map((r) => r.fuid), usernames: designers.map((r) => r.username) };
  }

  // ---- templates ----

  async recordTemplate(
    tx: TransactionClient,
    diagramId: string,
    publishedById: string,
    templateType: string | null,
    at: Date,
  ): Promise<void> {
    await tx.$executeRaw`
      INSERT INTO community_templates (diagram_id, template_type, published_by_id, published_at, updated_at) VALUES (${diagramId}::uuid, ${templateType}, ${publishedById}::uuid, ${at}, now())
      ON CONFLICT (diagram_id) DO UPDATE SET template_type = EXCLUDED.template_type, updated_at = now()`;
  }

  async forgetTemplate(tx: TransactionClient, diagramId: string): Promise<void> {
    await tx.$executeRaw`DELETE FROM community_templates WHERE diagram_id = ${diagramId}::uuid`;
  }

  // ---- monthly picks and trending ----

  /**
   * Scores every public diagram and designer over [from, to) and keeps the top `limit` of each as
   * the picks of `month` (replacing that month's earlier picks: the job may run again).
   * Diagram score: 3 per like, 5 per fork, 1 per view in the window. Designer score: 3 per new
   * follower, plus their public diagrams' likes (2 each) and views (1 each) in the window.
   */
  async computeMonthlyPicks(
    month: string,
    from: Date,
    to: Date,
    limit: number,
  ): Promise<{ designers: number; diagrams: number }> {
    return this.transaction(async (tx) => {
      await tx.$executeRaw`DELETE FROM community_monthly_picks WHERE month = ${month} AND kind IN ('diagram', 'designer')`;
      const diagrams = await tx.$executeRaw`
        INSERT INTO community_monthly_picks (id, month, kind, subject_id, rank, score, updated_at)
        SELECT gen_random_uuid(), ${month}, 'diagram', id, row_number() OVER (ORDER BY score DESC, like_count DESC, id), score, now() FROM (
          SELECT d.id, d.like_count,
                 3 * (SELECT count(*) FROM diagram_likes l WHERE l.diagram_id = d.id AND l.created_at >= ${from} AND l.created_at < ${to})
               + 5 * (SELECT count(*) FROM diagrams c WHERE c.source_id = d.id AND c.created_at >= ${from} AND c.created_at < ${to})
               + (SELECT count(*) FROM community_views v WHERE v.subject_type = 'diagram' AND v.subject_id = d.id AND v.day >= ${from}::date AND v.day <= ${to}::date) AS score
          FROM diagrams d JOIN users u ON u.id = d.owner_id WHERE ${PUBLIC_DIAGRAM}
        ) s WHERE score > 0 ORDER BY score DESC, like_count DESC, id LIMIT ${limit}`;
      const designers = await tx.$executeRaw`
        INSERT INTO community_monthly_picks (id, month, kind, subject_id, rank, score, updated_at)
        SELECT gen_random_uuid(), ${month}, 'designer', id, row_number() OVER (ORDER BY score DESC, follower_count DESC, id), score, now() FROM (
          SELECT u.id, u.follower_count,
                 3 * (SELECT count(*) FROM user_follows f WHERE f.followed_id = u.id AND f.created_at >= ${from} AND f.created_at < ${to})
               + 2 * (SELECT count(*) FROM diagram_likes l JOIN diagrams d ON d.id = l.diagram_id WHERE d.owner_id = u.id AND d.community AND d.deleted_at IS NULL AND l.created_at >= ${from} AND l.created_at < ${to})
               + (SELECT count(*) FROM community_views v WHERE v.subject_type = 'designer' AND v.subject_id = u.id AND v.day >= ${from}::date AND v.day <= ${to}::date) AS score
          FROM users u WHERE ${PUBLIC_DESIGNER}
        ) s WHERE score > 0 ORDER BY score DESC, follower_count DESC, id LIMIT ${limit}`;
      return { designers, diagrams };
    });
  }

  latestMonth(): Promise<string | null> {
    return this.prisma.$queryRaw<
      { m: string | null }[]
    >`SELECT max(month) AS m FROM community_monthly_picks WHERE kind IN ('diagram', 'designer')`.then(
      (r) => r[0]?.m ?? null,
    );
  }

  /**
   * The most liked-and-viewed public diagram, template and the most followed designer over [from, to)
   * that did not trend in the last `quietDays`; recorded as picks of kind trending-* for `period`.
   */
  async pickTrending(
    tx: TransactionClient,
    period: string,
    from: Date,
    to: Date,
    quietDays: number,
  ): Promise<{ kind: 'diagram' | 'user' | 'template'; subjectId: string }[]> {
    {
      const quiet = new Date(to.getTime() - quietDays * 86_400_000);
      const diagramScore = Prisma.sql`
        3 * (SELECT count(*) FROM diagram_likes l WHERE l.diagram_id = d.id AND l.created_at >= ${from} AND l.created_at < ${to})
        + (SELECT count(*) FROM community_views v WHERE v.subject_type = 'diagram' AND v.subject_id = d.id AND v.day >= ${from}::date AND v.day <= ${to}::date)`;
      const notRecent = (kind: string, column: Prisma.Sql) =>
        Prisma.sql`NOT EXISTS (SELECT 1 FROM community_monthly_picks p WHERE p.kind = ${kind} AND p.subject_id = ${column} AND p.created_at >= ${quiet})`;
      const [diagram] = await tx.$queryRaw<{ id: string; score: number }[]>`
        SELECT d.id::text, (${diagramScore})::int AS score FROM diagrams d JOIN users u ON u.id = d.owner_id
        WHERE ${PUBLIC_DIAGRAM} AND NOT EXISTS (SELECT 1 FROM community_templates ct WHERE ct.diagram_id = d.id) AND ${notRecent('trending-diagram', Prisma.sql`d.id`)}
        ORDER BY score DESC, d.like_count DESC, d.id LIMIT 1`;
      const [template] = await tx.$queryRaw<{ id: string; score: number }[]>`
        SELECT d.id::text, (${diagramScore})::int AS score FROM diagrams d JOIN users u ON u.id = d.owner_id JOIN community_templates ct ON ct.diagram_id = d.id
        WHERE ${PUBLIC_DIAGRAM} AND ${notRecent('trending-template', Prisma.sql`d.id`)}
        ORDER BY score DESC, d.like_count DESC, d.id LIMIT 1`;
      const [user] = await tx.$queryRaw<{ id: string; score: number }[]>`
        SELECT u.id::text, (SELECT count(*) FROM user_follows f WHERE f.followed_id = u.id AND f.created_at >= ${from} AND f.created_at < ${to})::int AS score
        FROM users u WHERE ${PUBLIC_DESIGNER} AND ${notRecent('trending-user', Prisma.sql`u.id`)}
        ORDER BY score DESC, u.follower_count DESC, u.id LIMIT 1`;
      const picks: { kind: 'diagram' | 'user' | 'template'; subjectId: string }[] = [];
      for (const [kind, row] of [
        ['diagram', diagram],
        ['template', template],
        ['user', user],
      ] as const) {
        if (!row || row.score <= 0) continue;
        const n = await tx.$executeRaw`
          INSERT INTO community_monthly_picks (id, month, kind, subject_id, rank, score, updated_at)
          VALUES (gen_random_uuid(), ${period}, ${`trending-${kind}`}, ${row.id}::uuid, 1, ${row.score}, now()) ON CONFLICT DO NOTHING`;
        if (n) picks.push({ kind, subjectId: row.id });
      }
      return picks;
    }
  }
}
