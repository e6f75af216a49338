import { existsSync } from 'node:fs';
import path from 'node:path';
import type { ContentTree } from './content-tree.js';

/** The cross-reference checks of content/README.md §13, as warnings (the loader logs them). */
export function checkReferences(tree: Pick<ContentTree, 'entries' | 'settings'>, root: string): string[] {
  const warnings: string[] = [];
  const slugs = (kind: string) => new Set(tree.entries.filter((e) => e.kind === kind).map((e) => e.slug));
  const [authors, categories, glossary, docs, academy] = ['author', 'post_category', 'glossary', 'doc', 'academy'].map(slugs);
  const partners = new Set(((tree.settings.partners as { slug: string }[]) ?? []).map((p) => p.slug));
  const posts = new Set(((tree.settings.social_posts as { details: { id: string } }[]) ?? []).map((p) => String(p.details.id)));
  const missing = (what: string, where: string, value: string) => warnings.push(`${where}: unknown ${what} "${value}"`);
  // Site-relative markdown links (README §1): /docs/<page slug>, /learn/<page slug>, /glossary/<term>
  // (chapters have no page of their own), and their #anchors: an id a heading of the target renders.
  const linkTargets: Record<string, { what: string; kind: string }> = {
    docs: { what: 'docs page', kind: 'doc' },
    learn: { what: 'academy page', kind: 'academy' },
    glossary: { what: 'glossary term', kind: 'glossary' },
  };
  const byKindAndSlug = new Map(tree.entries.map((e) => [`${e.kind}/${e.slug}`, e]));
  const hasAnchor = (html: string, anchor: string) => html.includes(` id="${anchor}"`);
  for (const e of tree.entries) {
    const where = `${e.kind}/${e.slug}`;
    const d = e.data;
    if (e.kind === 'post') {
      if (!authors.has(String(d.author))) missing('author', where, String(d.author));
      for (const c of (d.categories as string[]) ?? []) if (!categories.has(c)) missing('category', where, c);
    }
    if (e.kind === 'glossary') {
      for (const r of (d.related as string[]) ?? []) if (!glossary.has(r)) missing('glossary term', where, r);
      for (const r of (d.docs as string[]) ?? []) if (!docs.has(r)) missing('docs page', where, r);
    }
    for (const [link, collection, slug, anchor] of e.body.matchAll(/\]\(\/(docs|learn|glossary)\/([^)\s#?]*)(?:#([^)\s]*))?/g)) {
      const target = byKindAndSlug.get(`${linkTargets[collection].kind}/${slug}`);
      if (!target) missing(`link to a ${linkTargets[collection].what}`, where, `/${collection}/${slug}`);
      else if (anchor && !hasAnchor(target.html, anchor)) missing('heading anchor', where, link.slice(2));
    }
    for (const [, anchor] of e.body.matchAll(/\]\(#([^)\s]+)\)/g)) if (!hasAnchor(e.html, anchor)) missing('heading anchor', where, `#${anchor}`);
    if (e.parentSlug && !(e.kind === 'doc' ? docs : academy).has(e.parentSlug)) missing('parent', where, e.parentSlug);
    for (const block of (d.blocks as Record<string, unknown>[]) ?? []) {
      for (const p of (block.partners as string[]) ?? []) if (!partners.has(p)) missing('partner', where, p);
      for (const id of (block.ids as string[]) ?? []) if (!posts.has(String(id))) missing('social post', where, String(id));
    }
  }
  // Every /images/... path named anywhere must exist under content/images/.
  const text = JSON.stringify([tree.entries.map((e) => [e.body, e.data]), tree.settings]);
  for (const image of new Set(text.match(/\/images\/[\w./-]+\.(svg|png|jpg|jpeg|webp|gif)/g) ?? [])) {
    if (!existsSync(path.join(root, image.slice(1)))) warnings.push(`missing image ${image}`);
  }
  return warnings;
}
