import { ACCESS_COOKIE, LOCALE_COOKIE, SESSION_HINT_COOKIE } from '@loopwright/contracts';
import type { NextFunction, Request, RequestHandler, Response } from 'express';

const MAX_PAGES = 500;
const MAX_PAGE_BYTES = 1_000_000;
/** Headers of the rendered page a reuse repeats; the request's own (CSP with its nonce, request id) stay. */
const REPLAYED = ['content-type', 'set-cookie', 'vary', 'cache-control'];

interface CachedPage {
  at: number;
  headers: Array<[string, string | number | string[]]>;
  body: string;
  nonce: string;
}

const cookieValue = (cookies: string, name: string) => cookies.match(new RegExp(`(?:^|;\\s*)${name}=([^;]*)`))?.[1];

/** Query parameters that only choose what a listing shows (pages, filters, sorting, a search term). */
const LISTING_PARAMETERS = new Set(['page', 'filter', 'sort', 'q', 'tag']);
const MAX_QUERY_LENGTH = 200;

/** The query string in a canonical order, or null when it holds anything but listing parameters (utm_*, tokens…). */
function listingQuery(url: string): string | null {
  const at = url.indexOf('?');
  if (at < 0) return '';
  if (url.length - at > MAX_QUERY_LENGTH) return null;
  const params = new URLSearchParams(url.slice(at + 1));
  for (const name of params.keys()) if (!LISTING_PARAMETERS.has(name)) return null;
  params.sort();
  return params.toString();
}

/** Only anonymous reads are shared, of pages without a query string or with listing parameters only; the locale cookie picks the copy. */
function cacheKey(req: Request): string | null {
  if (req.method !== 'GET' && req.method !== 'HEAD') return null;
  const query = listingQuery(req.originalUrl);
  if (query === null) return null;
  const cookies = req.headers.cookie ?? '';
  if (cookieValue(cookies, ACCESS_COOKIE) || cookieValue(cookies, SESSION_HINT_COOKIE)) return null;
  return `${req.path}?${query}\n${cookieValue(cookies, LOCALE_COOKIE) ?? ''}`;
}

/**
 * A micro-cache of server-rendered pages for anonymous visitors: a public page is rendered at most
 * once per `ttlMs` (the content behind it is cached as long), which keeps time to first byte low
 * under a crowd (the community listings' pages and filters included). Every reuse carries the
 * request's own CSP nonce. Signed-in visitors, other query strings, other methods and anything but a 200 HTML page are rendered as usual.
 */
export function anonymousPageCache(ttlMs: number): RequestHandler {
  const pages = new Map<string, CachedPage>();
  return (req: Request, res: Response, next: NextFunction) => {
    const key = ttlMs > 0 ? cacheKey(req) : null;
    const nonce = String(res.locals.cspNonce ?? '');
    if (!key || !nonce) return next();
    const hit = pages.get(key);
    if (hit && Date.now() - hit.at < ttlMs) {
      for (const [name, value] of hit.headers) res.setHeader(name, value);
      res.setHeader('X-Page-Cache', 'hit');
      res.status(200).end(req.method === 'HEAD' ? undefined : hit.body.replaceAll(hit.nonce, nonce));
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    const keep = (chunk: unknown, encoding?: unknown) => {
      if (chunk === undefined || chunk === null || typeof chunk === 'function' || size > MAX_PAGE_BYTES) return;
      const buffer = typeof chunk === 'string' ? Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8') : Buffer.from(chunk as Uint8Array);
      size += buffer.length;
      chunks.push(buffer);
    };
    const write = res.write.bind(res) as (...args: unknown[]) => boolean;
    const end = res.end.bind(res) as (...args: unknown[]) => Response;
    res.write = ((chunk: unknown, ...rest: unknown[]) => (keep(chunk, rest[0]), write(chunk, ...rest))) as Response['write'];
    res.end = ((chunk?: unknown, ...rest: unknown[]) => (keep(chunk, rest[0]), end(chunk, ...rest))) as Response['end'];
    res.on('finish', () => {
      const cookies = ([] as string[]).concat((res.getHeader('set-cookie') as string | string[] | undefined) ?? []);
      const html = String(res.getHeader('content-type') ?? '').startsWith('text/html');
      const onlyLocaleCookie = cookies.every((c) => c.startsWith(`${LOCALE_COOKIE}=`));
      if (req.method !== 'GET' || res.statusCode !== 200 || !html || !onlyLocaleCookie || size > MAX_PAGE_BYTES) return;
      if (pages.size >= MAX_PAGES) pages.delete(pages.keys().next().value!);
      const headers = REPLAYED.flatMap((name) => {
        const value = res.getHeader(name);
        return value === undefined ? [] : [[name, value] as [string, string | number | string[]]];
      });
      pages.set(key, { at: Date.now(), headers, body: Buffer.concat(chunks).toString('utf8'), nonce });
    });
    next();
  };
}
