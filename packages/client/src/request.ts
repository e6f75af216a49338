import { errorFrom, LoopwrightError, NETWORK_ERROR_MESSAGE, type ErrorInit } from './errors.js';
import type { CallOptions, RawBody, Route } from './types.js';

export interface ClientOptions {
  /** Where Loopwright runs, e.g. `https://loopwright.example.com`; '' (the default) is the page's own origin. */
  url?: string;
  /** A user API key, sent as `Authorization: Bearer …`. */
  apiKey?: string;
  /** Headers sent with every call. */
  headers?: Record<string, string>;
  /** fetch's credentials mode (a browser app on the same origin sends its session cookie with 'same-origin'). */
  credentials?: RequestCredentials;
  /** Another fetch (tests, proxies); the global one by default. */
  fetch?: typeof fetch;
  /** How often a call is repeated after a 429 or 503 answer (3 by default; 0 never repeats). */
  retries?: number;
  /** The longest wait honoured, in ms (60 s by default): an answer asking for longer is thrown. */
  maxRetryWaitMs?: number;
  /** Builds the error a failed call throws (an application may want its own subclass). */
  createError?: (init: ErrorInit) => LoopwrightError;
}

export interface RequestInput {
  params?: Record<string, unknown>;
  query?: Record<string, unknown>;
  body?: unknown;
  contentType?: string;
}

/** The API path of a route with its parameters filled in and its query appended (under `/api`). */
export function pathOf(route: Route, input: Pick<RequestInput, 'params' | 'query'> = {}): string {
  const path = route.path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    const value = input.params?.[name] as string | number | undefined;
    if (value === undefined || value === null) throw new TypeError(`${route.path}: the parameter ${name} is missing`);
    return encodeURIComponent(String(value));
  });
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(input.query ?? {})) {
    for (const item of Array.isArray(value) ? value : [value])
      if (item !== undefined && item !== null && item !== '') search.append(key, String(item));
  }
  const text = search.toString();
  return `/api${path}${text ? `?${text}` : ''}`;
}

function isRaw(route: Route, body: unknown): body is RawBody {
  return (
    route.consumes?.includes('*/*') === true &&
    (body instanceof Blob || body instanceof ArrayBuffer || body instanceof Uint8Array || typeof body === 'string')
  );
}

const RETRY_STATUSES = new Set([429, 503]);

function wait(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason as Error);
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason as Error);
      },
      { once: true },
    );
  });
}

/** Sends one call; repeats it after 429/503 as Retry-After asks; resolves to the answer (see AnswerOf). */
export async function send(
  options: ClientOptions,
  route: Route,
  input: RequestInput = {},
  call: CallOptions = {},
): Promise<unknown> {
  const createError = options.createError ?? ((init: ErrorInit) => new LoopwrightError(init));
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers, ...call.headers };
  if (options.apiKey) headers.Authorization = `Bearer ${options.apiKey}`;
  let body: BodyInit | undefined;
  if (isRaw(route, input.body)) {
    body = input.body as BodyInit;
    headers['Content-Type'] =
      input.contentType ?? ((input.body instanceof Blob && input.body.type) || 'application/octet-stream');
  } else if (input.body !== undefined) {
    body = JSON.stringify(input.body);
    headers['Content-Type'] = 'application/json';
  }
  const url = `${options.url ?? ''}${pathOf(route, input)}`;
  const retries = options.retries ?? 3;
  const maxWait = options.maxRetryWaitMs ?? 60_000;
  const doFetch = options.fetch ?? fetch;
  for (let attempt = 0; ; attempt++) {
    let response: Response;
    try {
      response = await doFetch(url, {
        method: route.method,
        headers,
        body,
        credentials: options.credentials,
        signal: call.signal,
        keepalive: call.keepalive,
      });
    } catch (error) {
      if ((error as Error)?.name === 'AbortError') throw error;
      throw createError({ status: 0, code: 'NETWORK_ERROR', message: NETWORK_ERROR_MESSAGE });
    }
    if (response.ok) return readAnswer(route, response);
    const error = await errorFrom(response);
    const delay = error.retryAfter != null ? error.retryAfter * 1000 : 500 * 2 ** attempt;
    if (!RETRY_STATUSES.has(response.status) || attempt >= retries || delay > maxWait) throw createError(error);
    await wait(delay, call.signal);
  }
}

/** The answer of a successful response: the envelope's `content`, the whole JSON body without one, or the response for non-JSON endpoints. */
export async function readAnswer(route: Pick<Route, 'produces'>, response: Response): Promise<unknown> {
  if (route.produces) return response;
  if (response.status === 204) return undefined;
  let payload: unknown;
  try {
    payload = await response.json();
  } catch {
    return undefined;
  }
  return payload && typeof payload === 'object' && 'content' in payload ? payload.content : payload;
}
