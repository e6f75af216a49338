import { Injectable } from '@nestjs/common';
import type { CallToAction, ContentKind, GlossaryIndexItem, GlossaryTerm, Job, Menus, MenuItem, Page, Partner, SocialPost } from '@loopwright/contracts';
import { AppError } from '../../core/errors/app-error.js';
import { ContentCache } from './content-cache.js';
import { ContentLoaderService } from './content-loader.service.js';
import { toJob, toPage } from './content.mappers.js';
import { ContentRepository } from './content.repository.js';
import { camelizeBlocks } from './blocks.js';
import { renderMarkdown } from './markdown.js';
import { textValue } from './text-value.js';

type RawMenuItem = { id?: string; name?: string; slug?: string; highlighted?: boolean; is_new?: boolean; title?: string; children?: RawMenuItem[] };
type Raw = Record<string, unknown>;

function toMenuItem(item: RawMenuItem, index: number): MenuItem {
  return {
    id: String(item.id ?? `item-${index}`),
    name: String(item.name ?? ''),
    slug: String(item.slug ?? ''),
    highlighted: Boolean(item.highlighted),
    acf: { isNew: Boolean(item.is_new) },
    children: (item.children ?? []).map((c) => ({ name: String(c.name ?? ''), title: String(c.title ?? ''), slug: String(c.slug ?? ''), isNew: Boolean(c.is_new) })),
  };
}

/** Pages, menus, call-to-action, glossary, careers, partners and social posts. */
@Injectable()
export class ContentService {
  constructor(
    private readonly repository: ContentRepository,
    private readonly loader: ContentLoaderService,
    private readonly cache: ContentCache,
  ) {}

  private async setting<T>(key: string): Promise<T | null> {
    await this.loader.ensureLoaded();
    return this.repository.setting<T>(key);
  }

  async page(slug: string, preview: boolean): Promise<Page | null> {
    await this.loader.ensureLoaded();
    const row = await this.repository.findOne('page', slug, preview);
    return row ? toPage(row) : null;
  }

  async menus(): Promise<Menus> {
    const raw = (await this.setting<Raw>('menus')) ?? {};
    const promo = raw.promo as { title: string; text: string; image: string; button: { title: string; url: string; target?: string } } | undefined;
    return {
      rootMenuItems: ((raw.root as RawMenuItem[]) ?? []).map(toMenuItem),
      footerMenuItems: ((raw.footer as RawMenuItem[]) ?? []).map(toMenuItem),
      policies: ((raw.policies as { name: string; slug: string }[]) ?? []).map((p) => ({ name: String(p.name), slug: String(p.slug) })),
      social: ((raw.social as { name: string; icon: string; url: string }[]) ?? []).map((s) => ({ name: String(s.name), icon: String(s.icon), url: String(s.url) })),
      promo: promo ? { title: promo.title, text: promo.text, image: promo.image, button: promo.button } : null,
      investorsText: renderMarkdown(textValue(raw.investors_text)),
    };
  }

  async cta(): Promise<CallToAction> {
    const raw = (await this.setting<Raw>('cta')) ?? {};
    const image = raw.image as { url: string; alt?: string; thumbnail_width?: number; thumbnail_height?: number } | undefined;
    return {
      cta_description: renderMarkdown(textValue(raw.cta_description)),
      cta_action: ((raw.cta_action as Raw[]) ?? []).map((a) => ({
        button_link: a.button_link as CallToAction['cta_action'][number]['button_link'],
        dialog_type: textValue(a.dialog_type),
        dialog_id: textValue(a.dialog_id),
      })),
      image: image ? { url: image.url, alt: image.alt ?? '', sizes: { thumbnail_width: image.thumbnail_width ?? 480, thumbnail_height: image.thumbnail_height ?? 320 } } : null,
    };
  }

  async glossary(): Promise<GlossaryIndexItem[]> {
    await this.loader.ensureLoaded();
    return (await this.repository.findMany('glossary', 'title')).map((r) => ({ id: r.id, slug: r.slug, title: r.title, description: r.description }));
  }

  async glossaryTerm(slug: string): Promise<GlossaryTerm | null> {
    await this.loader.ensureLoaded();
    const row = await this.repository.findOne('glossary', slug);
    if (!row) return null;
    const data = row.data as { related?: string[]; docs?: string[] };
    const [related, docs] = await Promise.all([this.repository.findBySlugs('glossary', data.related ?? []), this.repository.findBySlugs('doc', data.docs ?? [])]);
    const pick = (rows: typeof related) => rows.map((r) => ({ slug: r.slug, title: r.title }));
    return { id: row.id, slug: row.slug, title: row.title, description: row.description, content: row.html, related: pick(related), docs: pick(docs), relatedDiagrams: [] };
  }

  async jobs(): Promise<Job[]> {
    await this.loader.ensureLoaded();
    return (await this.repository.findMany('job', 'newest')).map(toJob);
  }

  async job(slug: string): Promise<Job | null> {
    await this.loader.ensureLoaded();
    const row = await this.repository.findOne('job', slug);
    return row ? toJob(row) : null;
  }

  async partners(): Promise<Partner[]> {
    return (await this.setting<Partner[]>('partners')) ?? [];
  }

  /**
   * Social posts by id. This instance fetches no live posts from a social network, so the posts
   * come from the bundled set: the requested ones in order, or all 7 samples when none match.
   */
  async socialPosts(ids: string[]): Promise<SocialPost[]> {
    const bundled = (await this.setting<SocialPost[]>('social_posts')) ?? [];
    const found = ids.map((id) => bundled.find((p) => p.details.id === id)).filter((p): p is SocialPost => Boolean(p));
    return found.length ? found : bundled;
  }

  /** Every published path the sitemap lists. */
  async sitemapPaths(): Promise<string[]> {
    await this.loader.ensureLoaded();
    const list = async (kind: ContentKind, prefix: string) => (await this.repository.findMany(kind)).map((r) => `${prefix}${r.slug}`);
    const pages = (await this.repository.findMany('page')).map((r) => (r.slug === 'home' ? '/' : r.slug === 'academic-research-publications' ? '/resources/academic-research-publications' : `/${r.slug}`));
    const groups = await Promise.all([list('doc', '/docs/'), list('academy', '/learn/'), list('glossary', '/glossary/'), list('post', '/articles/'), list('job', '/careers/job/')]);
    return [...pages, '/docs', '/learn', '/glossary', '/articles', '/community/explore', ...groups.flat()];
  }

  async saveEntry(kind: ContentKind, slug: string, input: { title: string; description: string; status: string; body: string; data: Record<string, unknown> }) {
    await this.loader.ensureLoaded();
    const data = kind === 'page' && Array.isArray(input.data.blocks) ? { ...input.data, blocks: camelizeBlocks(input.data.blocks) } : input.data;
    const row = await this.repository.saveEntry(kind, slug, { ...input, data, html: renderMarkdown(input.body) });
    this.cache.clear();
    return { id: row.id, kind, slug: row.slug };
  }

  async deleteEntry(kind: ContentKind, slug: string): Promise<void> {
    if (!(await this.repository.deleteEntry(kind, slug))) throw AppError.notFound('Page not found', 'PAGE_NOT_FOUND');
    this.cache.clear();
  }
}
