import type { ContentKind } from '@loopwright/contracts';

/** One row to be written to content_entries. */
export interface EntryDraft {
  kind: ContentKind;
  slug: string;
  title: string;
  description: string;
  status: 'publish' | 'draft';
  body: string;
  html: string;
  data: Record<string, unknown>;
  chapterSlug: string | null;
  parentSlug: string | null;
  position: number;
  publishedAt: Date | null;
}

export interface ContentTree {
  hash: string;
  entries: EntryDraft[];
  settings: Record<'menus' | 'cta' | 'partners' | 'social_posts', unknown>;
  warnings: string[];
}
