import { ACCESS_COOKIE, LOCALE_COOKIE, SESSION_HINT_COOKIE } from '@loopwright/contracts';
import type { Request, RequestHandler, Response } from 'express';
import { KeptPage } from './kept-page.js';

const MAX_PAGES = 500;
/**
 * Pages rendered again at once while their old copies are served. A render holds the event loop
 * for tens of milliseconds: when many pages expire together (the pages of a list read in one
 * burst), the others wait their turn behind their old copy instead of stalling every request.
 */
const MAX_REFRESHES = 2;
const MAX_PAGE_BYTES = 1_000_000;
interface Entry {
  page?: KeptPage;
  /** A request is rendering this page afresh: meanwhile others get the copy there is, however old. */
  refreshing: boolean;
  /** Requests for a page not kept yet, waiting for the one render under way. */
  waiting: Array<() => void>;
  /** Rendered for a signed-in reader without declaring itself the same for everyone: never kept. */
  personal?: boolean;
}

const isApiPath = (p: string) => p === '/api' || p.startsWith('/api/');

const cookiePattern = (name: string) => new RegExp(`(?:^|;\\s*)${name}=([^;]*)`);
const ACCESS = cookiePattern(ACCESS_COOKIE);
const SESSION_HINT = cookiePattern(SESSION_HINT_COOKIE);
const LOCALE = cookiePattern(LOCALE_COOKIE);

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

/**
 * Reads of pages without a query string or with listing parameters only; the locale cookie picks
 * the copy, and readers with a session have copies of their own (the page says a session exists).
 */
function cacheKey(req: Request): { key: string; signedIn: boolean } | null {
  if (req.method !== 'GET' && req.method !== 'HEAD') return null;
  const query = listingQuery(req.originalUrl);
  if (query === null) return null;
  const cookies = req.headers.cookie ?? '';
  const signedIn = !!(ACCESS.exec(cookies)?.[1] || SESSION_HINT.exec(cookies)?.[1]);
  return {
    key: `${req.path}?${query}\n${LOCALE.exec(cookies)?.[1] ?? ''}\n${signedIn ? 'session' : ''}`,
    signedIn,
  };
}

const acceptsGzip = (req: Request) =>
  req.headers['accept-encoding'] !== undefined && req.acceptsEncodings('gzip', 'identity') === 'gzip';

/** Sends a kept page as it is (gzipped when the client accepts it and it is ready), or 304 when the client has it. */
function replay(req: Request, res: Response, page: KeptPage, state: 'hit' | 'stale') {
  for (const [name, value] of page.headers) res.setHeader(name, value);
  res.setHeader('X-Page-Cache', state);
  if (req.headers['if-none-match']?.includes(page.etag)) return void res.status(304).end();
  const body = page.gzip && acceptsGzip(req) ? page.gzip : page.plain;
  if (body === page.gzip) res.setHeader('Content-Encoding', 'gzip');
  res.setHeader('Content-Length', body.length);
  res.status(200).end(req.method === 'HEAD' ? undefined : body);
}

export interface PageCache {
  /**
   * Mounted before the security headers, compression and cookie parsing: a kept page still fresh
   * (or the stale copy while another request renders it) is answered here with its kept headers
   * and bytes. Everything else goes on to `render`.
   */
  serveKept: RequestHandler;
  /** Mounted just before the renderer: renders a page (once for a crowd arriving together) and keeps it. */
  render: RequestHandler;
}

type Decision = 'hit' | 'stale' | 'wait' | 'render';

/**
 * A micro-cache of server-rendered pages: a public page is rendered at most once per `ttlMs` (the
 * content behind it is cached as long), which keeps time to first byte low under a crowd (the
 * community listings' pages and filters included). Only one request renders an expired page again;
 * the others meanwhile get the copy there is. A reuse sends the kept bytes as they are
 * (`KeptPage`: its inline scripts allowed by hash, gzipped once, with an ETag). Pages for anonymous
 * visitors are kept; pages for signed-in readers only when the page declared itself the same for
 * everyone (`samePageForEveryone` in the request context) and did not ask who the viewer is. Other
 * query strings, other methods and anything but a 200 HTML page are rendered as usual.
 * `scriptSources`: the third-party scripts the pages may load (the nonce let them in otherwise).
 */
export function pageCache(ttlMs: number, scriptSources: string[] = []): PageCache {
  const entries = new Map<string, Entry>();
  let refreshes = 0;
  const decide = (entry: Entry): Decision => {
    const page = entry.page;
    if (page && Date.now() - page.at < ttlMs) return 'hit';
    if (page && (entry.refreshing || refreshes >= MAX_REFRESHES)) return 'stale';
    // A first visit while the first render runs waits for it (no crowd of identical renders after a start or deployment).
    return entry.refreshing ? 'wait' : 'render';
  };

  const serveKept: RequestHandler = (req, res, next) => {
    const entry = ttlMs > 0 && !isApiPath(req.path) ? entries.get(cacheKey(req)?.key ?? '') : undefined;
    // Until its gzip is ready a page is compressed as it goes, by the compression middleware further on.
    if (!entry?.page || entry.personal || (!entry.page.gzip && acceptsGzip(req))) return next();
    const decision = decide(entry);
    if (decision === 'hit' || decision === 'stale') return replay(req, res, entry.page, decision);
    next();
  };

  const render: RequestHandler = (req, res, next) => {
    const asked = ttlMs > 0 ? cacheKey(req) : null;
    const nonce = String(res.locals.cspNonce ?? '');
    if (!asked || !nonce) return next();
    const { key, signedIn } = asked;
    const entry: Entry = entries.get(key) ?? { refreshing: false, waiting: [] };
    if (entry.personal) return next();
    const page = entry.page;
    const decision = decide(entry);
    if (page && (decision === 'hit' || decision === 'stale')) return replay(req, res, page, decision);
    if (decision === 'wait')
      return void entry.waiting.push(() => (entry.page ? replay(req, res, entry.page, 'hit') : next()));
    entry.refreshing = true;
    const refresh = page !== undefined;
    if (refresh) refreshes++;
    if (!entries.has(key)) {
      if (entries.size >= MAX_PAGES) entries.delete(entries.keys().next().value!);
      entries.set(key, entry);
    }
    const chunks: Buffer[] = [];
    let size = 0;
    const keep = (chunk: unknown, encoding?: unknown) => {
      if (chunk === undefined || chunk === null || typeof chunk === 'function' || size > MAX_PAGE_BYTES) return;
      const buffer =
        typeof chunk === 'string'
          ? Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8')
          : Buffer.from(chunk as Uint8Array);
      size += buffer.length;
      chunks.push(buffer);
    };
    const write = res.write.bind(res) as (...args: unknown[]) => boolean;
    const end = res.end.bind(res) as (...args: unknown[]) => Response;
    res.write = ((chunk: unknown, ...rest: unknown[]) => (
      keep(chunk, rest[0]),
      write(chunk, ...rest)
    )) as Response['write'];
    res.end = ((chunk?: unknown, ...rest: unknown[]) => (keep(chunk, rest[0]), end(chunk, ...rest))) as Response['end'];
    const store = () => {
      if (!res.writableFinished) return;
      if (signedIn && (res.locals.samePageForEveryone !== true || res.locals.readsViewer === true)) {
        entry.personal = true;
        return;
      }
      const cookies = ([] as string[]).concat((res.getHeader('set-cookie') as string | string[] | undefined) ?? []);
      const html = String(res.getHeader('content-type') ?? '').startsWith('text/html');
      const onlyLocaleCookie = cookies.every((c) => c.startsWith(`${LOCALE_COOKIE}=`));
      if (req.method !== 'GET' || res.statusCode !== 200 || !html || !onlyLocaleCookie || size > MAX_PAGE_BYTES) return;
      const headers = Object.entries(res.getHeaders()).flatMap(([name, value]) =>
        value === undefined ? [] : [[name, value] as [string, string | number | string[]]],
      );
      const kept = new KeptPage(Buffer.concat(chunks).toString('utf8'), nonce, headers, scriptSources);
      entry.page = kept;
      kept.prepareGzip().catch(() => undefined);
      if (!entries.has(key)) entries.set(key, entry);
    };
    res.on('close', () => {
      entry.refreshing = false;
      if (refresh) refreshes--;
      store();
      for (const resume of entry.waiting.splice(0)) resume();
    });
    next();
  };

  return { serveKept, render };
}
