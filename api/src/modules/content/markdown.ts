import { slugify } from '@loopwright/contracts';
import { Marked, type Tokens } from 'marked';

/** The spec's slug rule (website.md §5), one implementation for the whole product. */
export { slugify };

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const plain = (text: string) => text.replace(/<[^>]*>/g, '').replace(/&amp;/g, '&').replace(/&#39;/g, "'").replace(/&quot;/g, '"');

const marked = new Marked({
  gfm: true,
  renderer: {
    heading(this: { parser: { parseInline(tokens: Tokens.Generic[]): string } }, token: Tokens.Heading) {
      const inner = this.parser.parseInline(token.tokens);
      return `<h${token.depth} id="${slugify(plain(inner))}">${inner}</h${token.depth}>\n`;
    },
    // Content carries no raw HTML: show it as text rather than trusting it.
    html(token: Tokens.HTML | Tokens.Tag) {
      return escapeHtml(token.text);
    },
    link(this: { parser: { parseInline(tokens: Tokens.Generic[]): string } }, token: Tokens.Link) {
      const inner = this.parser.parseInline(token.tokens);
      const href = token.href.startsWith('app:') ? token.href.slice(4) : token.href;
      if (/^\s*(javascript|data|vbscript):/i.test(href)) return inner;
      const external = /^https?:\/\//.test(href);
      const title = token.title ? ` title="${escapeHtml(token.title)}"` : '';
      return `<a href="${escapeHtml(href)}"${title}${external ? ' rel="noopener" target="_blank"' : ''}>${inner}</a>`;
    },
  },
});

/** Markdown (GFM) to HTML with heading anchors; raw HTML is escaped. */
export function renderMarkdown(markdown: string): string {
  return marked.parse(markdown ?? '', { async: false });
}

/** Markdown to one line of plain text (excerpts, search snippets). */
export function markdownToText(markdown: string): string {
  return plain(renderMarkdown(markdown)).replace(/\s+/g, ' ').trim();
}
