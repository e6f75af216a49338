import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoPaths } from '../../core/paths.js';
import { readContentTree } from './content-files.js';

describe('content/ loader', () => {
  it('reads the real content tree with every reference resolved', async () => {
    const tree = await readContentTree(repoPaths.content);
    expect(tree.warnings).toEqual([]);
    const kinds = new Set(tree.entries.map((e) => e.kind));
    for (const kind of ['page', 'doc', 'doc_chapter', 'academy', 'academy_chapter', 'glossary', 'post', 'post_category', 'author', 'job']) expect(kinds).toContain(kind);
    expect(tree.settings.social_posts).toHaveLength(7);
  });

  it('ignores files without a valid slug, and reports broken references', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'lw-content-'));
    mkdirSync(path.join(root, 'glossary'));
    writeFileSync(path.join(root, 'glossary/a.md'), '---\ntitle: A\nslug: a-term\ndescription: x\nrelated: [nowhere]\n---\nBody ![x](/images/none.svg), [docs](/docs/self-hosting/metrics), [ok](#a), [no](#b), [ok](/glossary/a-term#a), [no](/glossary/a-term#c)\n\n## A\n');
    writeFileSync(path.join(root, 'glossary/b.md'), '---\ntitle: B\nslug: Bad Slug\ndescription: x\n---\nBody\n');
    const tree = await readContentTree(root);
    expect(tree.entries.map((e) => e.slug)).toEqual(['a-term']);
    expect(tree.warnings).toEqual(
      expect.arrayContaining([expect.stringContaining('invalid slug "Bad Slug"'), 'glossary/a-term: unknown glossary term "nowhere"', 'missing image /images/none.svg']),
    );
    expect(tree.warnings).toContain('glossary/a-term: unknown link to a docs page "/docs/self-hosting/metrics"');
    expect(tree.warnings.filter((w) => w.includes('anchor'))).toEqual(['glossary/a-term: unknown heading anchor "/glossary/a-term#c"', 'glossary/a-term: unknown heading anchor "#b"']);
  });
});
