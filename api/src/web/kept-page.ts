import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';

const gzipAsync = promisify(gzip);

type HeaderValue = string | number | string[];

/** Headers that belong to one response, never repeated from the rendering to a reuse. */
const PER_RESPONSE = new Set([
  'x-request-id',
  'x-page-cache',
  'content-length',
  'content-encoding',
  'transfer-encoding',
  'etag',
  'date',
  'connection',
  'keep-alive',
]);

const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;

/** The CSP source of each inline script of `html` ('sha256-…'), as a browser hashes its text. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes, text] of html.matchAll(INLINE_SCRIPT)) {
    if (/\bsrc\s*=/i.test(attributes)) continue;
    const normalised = text.replace(/\r\n?/g, '\n');
    hashes.add(`'sha256-${createHash('sha256').update(normalised).digest('base64')}'`);
  }
  return [...hashes];
}

/**
 * CSP sources for the third-party script addresses an instance configures (the page adds them with
 * the nonce otherwise): absolute ones by origin and path; paths on this site are 'self' already.
 */
export function scriptSources(urls: Array<string | undefined>): string[] {
  return urls.flatMap((url) => {
    if (!url || !/^https?:\/\//.test(url)) return [];
    const { origin, pathname } = new URL(url);
    return [`${origin}${pathname}`.replace(/[;,']/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)];
  });
}

/**
 * A rendered page as every reuse sends it, the same bytes each time: a per-response CSP nonce
 * would make each reuse a new body, so the rendering's nonce is taken out of the page and the
 * policy allows its inline scripts by their hashes instead (and the third-party scripts the
 * instance configured, which the page loads with the nonce otherwise). The body is kept plain and
 * gzipped (compressed once, off the main thread), with an ETag for conditional requests.
 */
export class KeptPage {
  readonly at = Date.now();
  readonly plain: Buffer;
  readonly etag: string;
  /** Name and value of each header a reuse repeats. */
  readonly headers: Array<[string, HeaderValue]>;
  gzip?: Buffer;

  constructor(html: string, nonce: string, rendered: Array<[string, HeaderValue]>, scriptSources: string[]) {
    const text = html.replaceAll(` nonce="${nonce}"`, '').replaceAll(nonce, '');
    this.plain = Buffer.from(text, 'utf8');
    this.etag = `W/"${createHash('sha1').update(this.plain).digest('base64url')}"`;
    const allowed = [...inlineScriptHashes(text), ...scriptSources].join(' ');
    this.headers = rendered
      .filter(([name]) => !PER_RESPONSE.has(name))
      .map(([name, value]): [string, HeaderValue] =>
        name === 'content-security-policy' && typeof value === 'string'
          ? [name, value.replace(`'nonce-${nonce}'`, allowed)]
          : [name, value],
      );
    const vary = this.headers.find(([name]) => name === 'vary');
    if (!vary) this.headers.push(['vary', 'Accept-Encoding']);
    else if (!/accept-encoding/i.test(String(vary[1]))) vary[1] = `${String(vary[1])}, Accept-Encoding`;
    this.headers.push(['etag', this.etag]);
  }

  async prepareGzip(): Promise<void> {
    this.gzip ??= await gzipAsync(this.plain, { level: 6 });
  }
}
