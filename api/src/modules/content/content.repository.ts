import { Injectable } from '@nestjs/common';
import type { ContentKind } from '@loopwright/contracts';
import type { Prisma } from '../../generated/prisma/client.js';
import { PrismaService } from '../../core/prisma/prisma.service.js';
import type { ContentTree } from './content-files.js';

export type ContentRow = Prisma.ContentEntryGetPayload<object>;
const TREE_HASH_KEY = 'content_tree_hash';
const LOAD_LOCK = 7_004_217;

export interface PostFilter {
  categorySlug?: string;
  authorSlug?: string;
  includeDrafts?: boolean;
}

/** The only file of the content module that touches the database. */
@Injectable()
export class ContentRepository {
  constructor(private readonly prisma: PrismaService) {}

  private visible(includeDrafts = false) {
    return includeDrafts ? {} : { status: 'publish' };
  }

  findOne(kind: ContentKind, slug: string, includeDrafts = false): Promise<ContentRow | null> {
    return this.prisma.contentEntry.findFirst({ where: { kind, slug, ...this.visible(includeDrafts) } });
  }

  findById(kind: ContentKind, id: string): Promise<ContentRow | null> {
    if (!/^[0-9a-f-]{36}$/i.test(id)) return Promise.resolve(null);
    return this.prisma.contentEntry.findFirst({ where: { kind, id, status: 'publish' } });
  }

  findMany(kind: ContentKind, order: 'position' | 'title' | 'newest' = 'position'): Promise<ContentRow[]> {
    const orderBy: Prisma.ContentEntryOrderByWithRelationInput[] =
      order === 'title' ? [{ title: 'asc' }] : order === 'newest' ? [{ publishedAt: 'desc' }, { slug: 'asc' }] : [{ position: 'asc' }, { slug: 'asc' }];
    return this.prisma.contentEntry.findMany({ where: { kind, status: 'publish' }, orderBy });
  }

  /** Slugs, titles and places only: enough for chapter lists and prev/next. */
  outline(kind: ContentKind) {
    return this.prisma.contentEntry.findMany({
      where: { kind, status: 'publish' },
      select: { id: true, slug: true, title: true, chapterSlug: true, position: true },
      orderBy: [{ position: 'asc' }, { slug: 'asc' }],
    });
  }

  findBySlugs(kind: ContentKind, slugs: string[]) {
    if (!slugs.length) return Promise.resolve([] as ContentRow[]);
    return this.prisma.contentEntry.findMany({ where: { kind, slug: { in: slugs }, status: 'publish' } });
  }

  private postWhere(filter: PostFilter): Prisma.ContentEntryWhereInput {
    return {
      kind: 'post',
      ...this.visible(filter.includeDrafts),
      ...(filter.categorySlug ? { data: { path: ['categories'], array_contains: [filter.categorySlug] } } : {}),
      ...(filter.authorSlug ? { AND: [{ data: { path: ['author'], equals: filter.authorSlug } }] } : {}),
    };
  }

  async postsPage(filter: PostFilter, skip: number, take: number): Promise<{ rows: ContentRow[]; total: number }> {
    const where = this.postWhere(filter);
    const [rows, total] = await Promise.all([
      this.prisma.contentEntry.findMany({ where, orderBy: [{ publishedAt: 'desc' }, { slug: 'asc' }], skip, take }),
      this.prisma.contentEntry.count({ where }),
    ]);
    return { rows, total };
  }

  /** Published posts per category slug. */
  async postCategoryCounts(): Promise<Map<string, number>> {
    const rows = await this.prisma.$queryRaw<{ slug: string; count: bigint }[]>`
      SELECT c AS slug, count(*) AS count
      FROM content_entries, jsonb_array_elements_text(data->'categories') AS c
      WHERE kind = 'post' AND status = 'publish'
      GROUP BY c`;
    return new Map(rows.map((r) => [r.slug, Number(r.count)]));
  }

  async setting<T>(key: string): Promise<T | null> {
    const row = await this.prisma.contentSetting.findUnique({ where: { key } });
    return (row?.value as T) ?? null;
  }

  async loadedTreeHash(): Promise<string | null> {
    return this.setting<string>(TREE_HASH_KEY);
  }

  /**
   * Replaces the file-sourced content with the tree, under a lock so two starting apps do not
   * both load. Entries admins edited through the API (source = api) are kept.
   */
  async replaceFileContent(tree: ContentTree): Promise<boolean> {
    return this.prisma.$transaction(
      async (tx) => {
        await tx.$executeRaw`SELECT pg_advisory_xact_lock(${LOAD_LOCK})`;
        const current = await tx.contentSetting.findUnique({ where: { key: TREE_HASH_KEY } });
        if (current?.value === tree.hash) return false;
        const edited = await tx.contentEntry.findMany({ where: { source: 'api' }, select: { kind: true, slug: true } });
        const keep = new Set(edited.map((e) => `${e.kind}/${e.slug}`));
        await tx.contentEntry.deleteMany({ where: { source: 'file' } });
        await tx.contentEntry.createMany({
          data: tree.entries
            .filter((e) => !keep.has(`${e.kind}/${e.slug}`))
            .map((e) => ({ ...e, data: e.data as Prisma.InputJsonValue, source: 'file' })),
        });
        const settings = { ...tree.settings, [TREE_HASH_KEY]: tree.hash } as Record<string, unknown>;
        for (const [key, value] of Object.entries(settings)) {
          const json = JSON.parse(JSON.stringify(value ?? null)) as Prisma.InputJsonValue;
          await tx.contentSetting.upsert({ where: { key }, create: { key, value: json }, update: { value: json } });
        }
        return true;
      },
      { timeout: 30_000 },
    );
  }

  saveEntry(kind: ContentKind, slug: string, fields: { title: string; description: string; status: string; body: string; html: string; data: Record<string, unknown> }) {
    const data = { ...fields, data: fields.data as Prisma.InputJsonValue, source: 'api' };
    return this.prisma.contentEntry.upsert({ where: { kind_slug: { kind, slug } }, create: { kind, slug, ...data }, update: data });
  }

  async deleteEntry(kind: ContentKind, slug: string): Promise<boolean> {
    const { count } = await this.prisma.contentEntry.deleteMany({ where: { kind, slug } });
    return count > 0;
  }
}
