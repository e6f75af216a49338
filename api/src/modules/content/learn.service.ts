import { Injectable } from '@nestjs/common';
import type { Chapter, Collection, ContentKind, ErrorCode, LearnPage } from '@loopwright/contracts';
import { AppError } from '../../core/errors/app-error.js';
import { ContentLoaderService } from './content-loader.service.js';
import { ContentRepository } from './content.repository.js';

const kinds: Record<Collection, { page: ContentKind; chapter: ContentKind; notFound: ErrorCode }> = {
  docs: { page: 'doc', chapter: 'doc_chapter', notFound: 'DOC_NOT_FOUND' },
  learn: { page: 'academy', chapter: 'academy_chapter', notFound: 'ACADEMY_NOT_FOUND' },
};

/** Docs and the academy: chapters, pages with parent and prev/next in reading order. */
@Injectable()
export class LearnService {
  constructor(
    private readonly repository: ContentRepository,
    private readonly loader: ContentLoaderService,
  ) {}

  async chapters(collection: Collection): Promise<Chapter[]> {
    await this.loader.ensureLoaded();
    const { page, chapter, notFound } = kinds[collection];
    const [chapters, pages] = await Promise.all([this.repository.findMany(chapter), this.repository.outline(page)]);
    const list = chapters
      .filter((c) => c.slug)
      .map((c) => {
        const own = pages.filter((p) => p.chapterSlug === c.slug && p.slug).map((p) => ({ id: p.id, slug: p.slug, title: p.title }));
        return { id: c.id, slug: c.slug, title: c.title, description: c.description, count: own.length, pagesCount: own.length, icon: String((c.data as { icon?: string }).icon ?? 'book-open'), pages: own };
      });
    if (!list.length) throw new AppError(notFound);
    return list;
  }

  async category(collection: Collection, slug: string) {
    await this.loader.ensureLoaded();
    if (!slug) return [];
    const chapter = await this.repository.findOne(kinds[collection].chapter, slug);
    if (!chapter) return [];
    const pages = (await this.repository.outline(kinds[collection].page)).filter((p) => p.chapterSlug === slug);
    return [{ id: chapter.id, name: chapter.title, slug: chapter.slug, count: pages.length }];
  }

  async page(collection: Collection, slug: string, preview: boolean): Promise<LearnPage | null> {
    await this.loader.ensureLoaded();
    if (!slug) return null;
    const { page: kind, chapter: chapterKind } = kinds[collection];
    const row = await this.repository.findOne(kind, slug, preview);
    if (!row) return null;
    const [outline, chapters] = await Promise.all([this.repository.outline(kind), this.repository.findMany(chapterKind)]);
    const chapterTitle = (chapterSlug: string | null) => chapters.find((c) => c.slug === chapterSlug)?.title ?? '';
    const chapterOrder = new Map(chapters.map((c) => [c.slug, c.position]));
    // Reading order: chapters by order, pages by order within each chapter (position encodes both).
    const ordered = outline.filter((p) => chapterOrder.has(p.chapterSlug ?? '')).sort((a, b) => a.position - b.position);
    const index = ordered.findIndex((p) => p.slug === slug);
    const link = (p: (typeof ordered)[number] | undefined) => (p ? { slug: p.slug, title: p.title, chapter: chapterTitle(p.chapterSlug) } : null);
    const parent = row.parentSlug ? outline.find((p) => p.slug === row.parentSlug) : undefined;
    return {
      id: row.id,
      title: row.title,
      slug: row.slug,
      content: row.html,
      category: { slug: row.chapterSlug ?? '', title: chapterTitle(row.chapterSlug) },
      link: `/${collection}/${row.slug}`,
      parent: parent ? { id: parent.id, slug: parent.slug, title: parent.title, chapter: chapterTitle(parent.chapterSlug) } : null,
      nav: { prev: index > 0 ? link(ordered[index - 1]) : null, next: index >= 0 ? link(ordered[index + 1]) : null },
      yoast_meta_description: row.description,
      status: row.status === 'draft' ? 'draft' : 'publish',
    };
  }

  async postRef(collection: Collection, id: string) {
    await this.loader.ensureLoaded();
    const row = await this.repository.findById(kinds[collection].page, id);
    if (!row) throw new AppError('POST_NOT_FOUND');
    return { id: row.id, slug: row.slug, title: row.title, category: row.chapterSlug ?? '' };
  }
}
