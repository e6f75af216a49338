import { PRODUCT_NAME, type Job, type Page, type Post, type PostAuthor, type PostCategory } from '@loopwright/contracts';
import type { ContentRow } from './content.repository.js';
import { textValue } from './text-value.js';

type Data = Record<string, unknown>;
const dataOf = (row: ContentRow) => (row.data ?? {}) as Data;
const isoDate = (date: Date | null) => (date ? date.toISOString().slice(0, 10) : '');

/** DD/MM/YYYY, as the website shows post dates. */
export function displayDate(date: Date | null): string {
  if (!date) return '';
  const [y, m, d] = date.toISOString().slice(0, 10).split('-');
  return `${d}/${m}/${y}`;
}

export function toCategory(row: ContentRow, count: number): PostCategory {
  return { id: row.id, slug: row.slug, name: row.title, description: row.description, count };
}

export function toAuthor(row: ContentRow | null | undefined): PostAuthor {
  if (!row) return { id: '', name: PRODUCT_NAME, url: '/articles', link: '/articles', slug: '', avatar_urls: {}, jobTitle: '', bio: '' };
  const data = dataOf(row);
  const avatar = textValue(data.avatar);
  const link = `/articles/author/${row.slug}`;
  return {
    id: row.id,
    name: row.title || PRODUCT_NAME,
    url: link,
    link,
    slug: row.slug,
    avatar_urls: avatar ? { '24': avatar, '48': avatar, '96': avatar } : {},
    jobTitle: textValue(data.jobTitle),
    bio: row.description,
  };
}

export function toPost(row: ContentRow, author: ContentRow | null | undefined, categories: Map<string, PostCategory>): Post {
  const data = dataOf(row);
  const slugs = (data.categories as string[]) ?? [];
  const tags = ((data.tags as string[]) ?? []).map((name) => ({ name, slug: name.trim().replace(/\s+/g, '-').replace(/[^\p{L}\p{N}-]/gu, '').toLowerCase() }));
  const image = textValue(data.featuredImage);
  return {
    ID: row.id,
    slug: row.slug,
    title: row.title,
    acf: {},
    metadata: { title: row.title, description: row.description, image },
    excerpt: row.description,
    date: isoDate(row.publishedAt),
    displayDate: displayDate(row.publishedAt),
    tags,
    content: row.html,
    featured_media: image,
    featuredMediaAlt: textValue(data.featuredImageAlt),
    thumbnail: image,
    category: slugs.map((s) => categories.get(s)).find(Boolean) ?? null,
    author: toAuthor(author),
    status: row.status === 'draft' ? 'draft' : 'publish',
  };
}

export function toPage(row: ContentRow): Page {
  const data = dataOf(row);
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    content: row.html,
    layout: textValue(data.layout, 'main'),
    metadata: { title: row.title, description: row.description },
    acf: { blocks: (data.blocks as Page['acf']['blocks']) ?? [] },
    status: row.status === 'draft' ? 'draft' : 'publish',
  };
}

export function toJob(row: ContentRow): Job {
  const data = dataOf(row);
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    location: textValue(data.location),
    type: textValue(data.type),
    department: textValue(data.department),
    date: isoDate(row.publishedAt),
    displayDate: displayDate(row.publishedAt),
    description: row.description,
    content: row.html,
  };
}
