import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';
import { renderMarkdown } from './markdown.js';
import { camelizeBlocks } from './blocks.js';
import { checkReferences } from './content-checks.js';
import type { ContentTree, EntryDraft } from './content-tree.js';
import { textValue } from './text-value.js';

export type { ContentTree, EntryDraft } from './content-tree.js';

const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const isHidden = (name: string) => name.startsWith('_') || name.startsWith('.');

async function listFiles(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true }).catch(() => [])) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await listFiles(full)));
    else out.push(full);
  }
  return out.sort();
}

/** A hash of every file's path and bytes: the loader skips work when it has not changed. */
export async function hashContentTree(root: string): Promise<string> {
  const hash = createHash('sha256');
  for (const file of await listFiles(root)) {
    hash.update(path.relative(root, file)).update('\0').update(await readFile(file)).update('\0');
  }
  return hash.digest('hex');
}

export function splitFrontMatter(source: string): { data: Record<string, unknown>; body: string } {
  const match = source.match(/^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/);
  if (!match) return { data: {}, body: source };
  return { data: (parseYaml(match[1]) as Record<string, unknown>) ?? {}, body: match[2].trim() };
}

const toDate = (value: unknown): Date | null => {
  if (value instanceof Date) return value;
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}/.test(value)) return new Date(`${value.slice(0, 10)}T00:00:00Z`);
  return null;
};
const statusOf = (value: unknown): 'publish' | 'draft' => (value === 'draft' ? 'draft' : 'publish');

class TreeReader {
  readonly entries: EntryDraft[] = [];
  readonly warnings: string[] = [];
  constructor(private readonly root: string) {}

  async markdown(relativeDir: string): Promise<{ file: string; data: Record<string, unknown>; body: string }[]> {
    const dir = path.join(this.root, relativeDir);
    const files = (await readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith('.md') && !isHidden(f)).sort();
    return Promise.all(files.map(async (f) => ({ file: path.join(relativeDir, f), ...splitFrontMatter(await readFile(path.join(dir, f), 'utf8')) })));
  }

  add(file: string, draft: Omit<EntryDraft, 'html' | 'status' | 'description' | 'chapterSlug' | 'parentSlug' | 'position' | 'publishedAt' | 'data'> & Partial<EntryDraft>): void {
    if (!draft.slug || !SLUG.test(draft.slug)) {
      this.warnings.push(`${file}: missing or invalid slug "${draft.slug}", ignored`);
      return;
    }
    if (this.entries.some((e) => e.kind === draft.kind && e.slug === draft.slug)) {
      this.warnings.push(`${file}: duplicate ${draft.kind} slug "${draft.slug}", ignored`);
      return;
    }
    this.entries.push({
      description: '',
      status: 'publish',
      chapterSlug: null,
      parentSlug: null,
      position: 0,
      publishedAt: null,
      data: {},
      html: renderMarkdown(draft.body),
      ...draft,
    });
  }

  async yaml(name: string): Promise<Record<string, unknown>> {
    const source = await readFile(path.join(this.root, name), 'utf8').catch(() => null);
    if (source === null) {
      this.warnings.push(`${name} is missing`);
      return {};
    }
    return (parseYaml(source) as Record<string, unknown>) ?? {};
  }
}

async function readCollection(reader: TreeReader, root: string, folder: 'docs' | 'academy'): Promise<void> {
  const pageKind = folder === 'docs' ? 'doc' : 'academy';
  const chapterKind = folder === 'docs' ? 'doc_chapter' : 'academy_chapter';
  const chapterDirs = (await readdir(path.join(root, folder), { withFileTypes: true }).catch(() => []))
    .filter((d) => d.isDirectory() && !isHidden(d.name))
    .map((d) => d.name)
    .sort();
  for (const dir of chapterDirs) {
    const chapterFile = path.join(folder, dir, '_chapter.md');
    const source = await readFile(path.join(root, chapterFile), 'utf8').catch(() => null);
    if (source === null) {
      reader.warnings.push(`${chapterFile} is missing; its pages are ignored`);
      continue;
    }
    const chapter = splitFrontMatter(source);
    const chapterSlug = textValue(chapter.data.slug);
    const order = Number(chapter.data.order ?? 0);
    reader.add(chapterFile, {
      kind: chapterKind,
      slug: chapterSlug,
      title: textValue(chapter.data.title),
      description: textValue(chapter.data.description),
      status: statusOf(chapter.data.status),
      body: chapter.body,
      position: order,
      data: { icon: textValue(chapter.data.icon, 'book-open') },
    });
    for (const page of await reader.markdown(path.join(folder, dir))) {
      reader.add(page.file, {
        kind: pageKind,
        slug: textValue(page.data.slug),
        title: textValue(page.data.title),
        description: textValue(page.data.description),
        status: statusOf(page.data.status),
        body: page.body,
        chapterSlug,
        parentSlug: page.data.parent ? textValue(page.data.parent) : null,
        position: order * 1000 + Number(page.data.order ?? 0),
      });
    }
  }
}

/** Reads content/ (format: content/README.md) into rows and settings; never touches the database. */
export async function readContentTree(root: string): Promise<ContentTree> {
  const reader = new TreeReader(root);
  const hash = await hashContentTree(root);

  for (const page of await reader.markdown('pages')) {
    const d = page.data;
    reader.add(page.file, {
      kind: 'page',
      slug: textValue(d.slug),
      title: textValue(d.title),
      description: textValue(d.description),
      status: statusOf(d.status),
      body: page.body,
      data: { layout: textValue(d.layout, 'main'), blocks: camelizeBlocks(Array.isArray(d.blocks) ? d.blocks : []) },
    });
  }
  await readCollection(reader, root, 'docs');
  await readCollection(reader, root, 'academy');

  for (const term of await reader.markdown('glossary')) {
    const d = term.data;
    reader.add(term.file, {
      kind: 'glossary',
      slug: textValue(d.slug),
      title: textValue(d.title),
      description: textValue(d.description),
      body: term.body,
      data: { related: (d.related) ?? [], docs: (d.docs) ?? [] },
    });
  }

  const categories = ((await reader.yaml('blog/_categories.yml')).categories as Record<string, unknown>[]) ?? [];
  categories.forEach((c, index) =>
    reader.add('blog/_categories.yml', { kind: 'post_category', slug: textValue(c.slug), title: textValue(c.name), description: textValue(c.description), body: '', position: index }),
  );
  for (const post of await reader.markdown('blog')) {
    const d = post.data;
    reader.add(post.file, {
      kind: 'post',
      slug: textValue(d.slug),
      title: textValue(d.title),
      description: textValue(d.excerpt),
      status: statusOf(d.status),
      body: post.body,
      publishedAt: toDate(d.date),
      data: {
        author: textValue(d.author),
        categories: (d.categories) ?? [],
        tags: (d.tags) ?? [],
        featuredImage: textValue(d.featured_image),
        featuredImageAlt: textValue(d.featured_image_alt),
      },
    });
  }
  for (const author of await reader.markdown('authors')) {
    const d = author.data;
    reader.add(author.file, { kind: 'author', slug: textValue(d.slug), title: textValue(d.name), description: textValue(d.bio), body: author.body, data: { jobTitle: textValue(d.job_title), avatar: textValue(d.avatar) } });
  }
  for (const job of await reader.markdown('careers')) {
    const d = job.data;
    reader.add(job.file, {
      kind: 'job',
      slug: textValue(d.slug),
      title: textValue(d.title),
      description: textValue(d.description),
      status: statusOf(d.status),
      body: job.body,
      publishedAt: toDate(d.date),
      data: { location: textValue(d.location), type: textValue(d.type), department: textValue(d.department) },
    });
  }

  const settings = {
    menus: await reader.yaml('menus.yml'),
    cta: await reader.yaml('cta.yml'),
    partners: (await reader.yaml('partners.yml')).partners ?? [],
    social_posts: (await reader.yaml('social-posts.yml')).posts ?? [],
  };
  if ((settings.social_posts as unknown[]).length !== 7) reader.warnings.push(`social-posts.yml has ${(settings.social_posts as unknown[]).length} posts, expected 7`);
  const warnings = [...reader.warnings, ...checkReferences({ entries: reader.entries, settings }, root)];
  return { hash, entries: reader.entries, settings, warnings };
}
