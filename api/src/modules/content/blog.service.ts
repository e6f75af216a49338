import { Injectable } from '@nestjs/common';
import type { AuthorPostList, Post, PostCategory, PostList } from '@loopwright/contracts';
import { ContentLoaderService } from './content-loader.service.js';
import { toAuthor, toCategory, toPost } from './content.mappers.js';
import { ContentRepository, type ContentRow, type PostFilter } from './content.repository.js';

/** Articles: published posts, categories (count 0 ignored), authors (product name by default). */
@Injectable()
export class BlogService {
  constructor(
    private readonly repository: ContentRepository,
    private readonly loader: ContentLoaderService,
  ) {}

  async categories(): Promise<PostCategory[]> {
    await this.loader.ensureLoaded();
    const [rows, counts] = await Promise.all([this.repository.findMany('post_category'), this.repository.postCategoryCounts()]);
    return rows.map((row) => toCategory(row, counts.get(row.slug) ?? 0)).filter((c) => c.count > 0);
  }

  private async decorate(rows: ContentRow[]): Promise<Post[]> {
    const authorSlugs = [...new Set(rows.map((r) => String((r.data as { author?: string }).author ?? '')))].filter(Boolean);
    const [authors, categories] = await Promise.all([this.repository.findBySlugs('author', authorSlugs), this.categories()]);
    const bySlug = new Map(categories.map((c) => [c.slug, c]));
    return rows.map((row) => toPost(row, authors.find((a) => a.slug === (row.data as { author?: string }).author), bySlug));
  }

  private async page(filter: PostFilter, perPage: number, page: number): Promise<PostList> {
    const { rows, total } = await this.repository.postsPage(filter, (page - 1) * perPage, perPage);
    return { posts: await this.decorate(rows), totalPosts: total };
  }

  async posts(perPage: number, page: number, categoryId?: string): Promise<PostList> {
    await this.loader.ensureLoaded();
    if (!categoryId) return this.page({}, perPage, page);
    const category = (await this.categories()).find((c) => c.id === categoryId || c.slug === categoryId);
    // An unknown or empty category clears the selection: nothing to narrow by, so nothing matches.
    if (!category) return { posts: [], totalPosts: 0 };
    return this.page({ categorySlug: category.slug }, perPage, page);
  }

  async postsByAuthor(slug: string, perPage: number, page: number): Promise<AuthorPostList | null> {
    await this.loader.ensureLoaded();
    const author = await this.repository.findOne('author', slug);
    if (!author) return null;
    const list = await this.page({ authorSlug: slug }, perPage, page);
    return { ...list, author: { ...toAuthor(author), html: author.html, metadata: { title: author.title, description: author.description } } };
  }

  async post(slug: string, preview: boolean): Promise<Post | null> {
    await this.loader.ensureLoaded();
    const row = await this.repository.findOne('post', slug, preview);
    return row ? (await this.decorate([row]))[0] : null;
  }
}
