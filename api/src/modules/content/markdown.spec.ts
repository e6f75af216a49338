import { describe, expect, it } from 'vitest';
import { markdownToText, renderMarkdown, slugify } from './markdown.js';

describe('markdown', () => {
  it('builds slugs with the spec rule', () => {
    expect(slugify('Privacy policy')).toBe('privacy-policy');
    expect(slugify('  What is a Pool?  ')).toBe('what-is-a-pool');
    expect(slugify('A/B  testing')).toBe('ab-testing');
  });

  it('gives every heading an anchor and escapes raw HTML', () => {
    const html = renderMarkdown('## Privacy policy\n\nText <script>alert(1)</script> and [docs](/docs/intro).');
    expect(html).toContain('<h2 id="privacy-policy">Privacy policy</h2>');
    expect(html).not.toContain('<script>');
    expect(html).toContain('<a href="/docs/intro">docs</a>');
  });

  it('points app: links at the application and drops script links', () => {
    expect(renderMarkdown('[go](app:/register)')).toContain('href="/register"');
    expect(renderMarkdown('[x](javascript:alert(1))')).not.toContain('javascript:');
    expect(markdownToText('**Bold** and `code`')).toBe('Bold and code');
  });
});
