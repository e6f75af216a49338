import { errorUi, type ErrorUi } from './error-ui';

/**
 * The browser's client for our API under /api. Every call sends the client id header (the API
 * refuses cookie-authenticated writes without it) and same-origin credentials; session tokens
 * live in HttpOnly cookies and are never seen here. Error envelopes become `ApiError`.
 */
export const API_BASE = '/api';
export const CLIENT_ID = 'loopwright-web';

export interface FieldError {
  field: string;
  message: string;
}

export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  /** Field messages of a validation error, keyed by field path (`games.0.name`). */
  readonly fields: Record<string, string>;
  /** Seconds to wait, from Retry-After on a 429. */
  readonly retryAfter: number | null;
  readonly requestId: string | null;
  /** The envelope's `details` as sent (e.g. a 409's `currentVersion` and `savedBy`). */
  readonly details: unknown;

  constructor(init: {
    status: number;
    code: string;
    message: string;
    fields?: Record<string, string>;
    retryAfter?: number | null;
    requestId?: string | null;
    details?: unknown;
  }) {
    super(init.message);
    this.name = 'ApiError';
    this.status = init.status;
    this.code = init.code;
    this.fields = init.fields ?? {};
    this.retryAfter = init.retryAfter ?? null;
    this.requestId = init.requestId ?? null;
    this.details = init.details;
  }

  /** What the screen should offer for this code (log in, upgrade, reload, retry…). */
  get ui(): ErrorUi {
    return errorUi(this.code);
  }
}

/**
 * Dispatched on window with the ApiError as detail whenever a call hits a plan limit (error-ui
 * 'upgrade'); the upgrade prompt (features/plans) listens and leads to the plan comparison.
 */
export const PLAN_LIMIT_EVENT = 'loopwright:plan-limit';

export const NETWORK_ERROR_MESSAGE =
  'Communication with the server is unstable. Please check your connection and try again.';
const GENERIC_ERROR_MESSAGE = 'Something went wrong. Please try again.';

type Query = Record<string, string | number | boolean | undefined | null>;

export interface RequestOptions {
  query?: Query;
  /** A JSON body (objects) or a raw body (Blob/File, sent with its own content type). */
  body?: unknown;
  contentType?: string;
  signal?: AbortSignal;
}

function buildUrl(path: string, query?: Query): string {
  const url = `${API_BASE}${path.startsWith('/') ? path : `/${path}`}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `${url}?${text}` : url;
}

function fieldsFrom(details: unknown): Record<string, string> {
  const list = (details as { fields?: unknown } | undefined)?.fields;
  if (!Array.isArray(list)) return {};
  const fields: Record<string, string> = {};
  for (const entry of list as Partial<FieldError>[]) {
    if (entry && typeof entry.field === 'string' && typeof entry.message === 'string' && !(entry.field in fields)) {
      fields[entry.field] = entry.message;
    }
  }
  return fields;
}

function retryAfterFrom(response: Response): number | null {
  const header = response.headers.get('Retry-After');
  if (!header) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, Math.ceil(seconds));
  const date = Date.parse(header);
  return Number.isNaN(date) ? null : Math.max(0, Math.ceil((date - Date.now()) / 1000));
}

type ErrorBody = { error?: { code?: string; message?: string; details?: unknown; requestId?: string } } | null;

async function toApiError(response: Response): Promise<ApiError> {
  let body: ErrorBody = null;
  try {
    body = (await response.json()) as ErrorBody;
  } catch {
    // not JSON (a proxy's error page): fall back to the status
  }
  const error = body?.error;
  return new ApiError({
    status: response.status,
    code: error?.code ?? (response.status === 429 ? 'RATE_LIMITED' : 'HTTP_ERROR'),
    message: error?.message || GENERIC_ERROR_MESSAGE,
    fields: fieldsFrom(error?.details),
    retryAfter: retryAfterFrom(response),
    requestId: error?.requestId ?? response.headers.get('X-Request-Id'),
    details: error?.details,
  });
}

/** Sends one request and returns the envelope's `content`; throws `ApiError` on any failure. */
export async function apiRequest<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { 'X-Client-Id': CLIENT_ID, Accept: 'application/json' };
  let body: BodyInit | undefined;
  if (options.body instanceof Blob) {
    body = options.body;
    headers['Content-Type'] = options.contentType ?? (options.body.type || 'application/octet-stream');
  } else if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers['Content-Type'] = 'application/json';
  }
  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), {
      method,
      headers,
      body,
      credentials: 'same-origin',
      signal: options.signal,
    });
  } catch (error) {
    if ((error as Error)?.name === 'AbortError') throw error;
    throw new ApiError({ status: 0, code: 'NETWORK_ERROR', message: NETWORK_ERROR_MESSAGE });
  }
  return readResponse<T>(response);
}

/** The envelope's `content` of a response (one the client sent, or the page's early request); throws `ApiError` on a failure. */
export async function readResponse<T>(response: Response): Promise<T> {
  if (!response.ok) {
    const error = await toApiError(response);
    if (error.ui === 'upgrade' && typeof window !== 'undefined')
      window.dispatchEvent(new CustomEvent(PLAN_LIMIT_EVENT, { detail: error }));
    throw error;
  }
  if (response.status === 204) return undefined as T;
  let payload: { success?: boolean; content?: T } | null = null;
  try {
    payload = (await response.json()) as { success?: boolean; content?: T };
  } catch {
    return undefined as T;
  }
  return (payload && 'content' in payload ? payload.content : payload) as T;
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'body'>) => apiRequest<T>('GET', path, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    apiRequest<T>('POST', path, { ...options, body }),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) => apiRequest<T>('PUT', path, { ...options, body }),
  patch: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    apiRequest<T>('PATCH', path, { ...options, body }),
  delete: <T>(path: string, options?: RequestOptions) => apiRequest<T>('DELETE', path, options),
};

/** The message to show for any thrown value (an ApiError's own text, or a generic one). */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 429)
      return error.retryAfter ? `${error.message} (${formatWait(error.retryAfter)})` : error.message;
    return error.message;
  }
  return GENERIC_ERROR_MESSAGE;
}

function formatWait(seconds: number): string {
  if (seconds < 60) return `try again in ${seconds} s`;
  return `try again in ${Math.ceil(seconds / 60)} min`;
}
