import type { ClientErrorCode } from './types.js';

export interface ErrorInit {
  status: number;
  code: ClientErrorCode;
  message: string;
  details?: unknown;
  requestId?: string | null;
  /** Seconds to wait, from Retry-After. */
  retryAfter?: number | null;
}

/**
 * A failed call: the API's error envelope (`{ success: false, error: { code, message, details, requestId } }`),
 * or NETWORK_ERROR (status 0) when no answer came, or HTTP_ERROR when the answer had no envelope.
 */
export class LoopwrightError extends Error {
  readonly status: number;
  readonly code: ClientErrorCode;
  readonly details: unknown;
  readonly requestId: string | null;
  readonly retryAfter: number | null;

  constructor(init: ErrorInit) {
    super(init.message);
    this.name = 'LoopwrightError';
    this.status = init.status;
    this.code = init.code;
    this.details = init.details;
    this.requestId = init.requestId ?? null;
    this.retryAfter = init.retryAfter ?? null;
  }
}

export const NETWORK_ERROR_MESSAGE =
  'Communication with the server is unstable. Please check your connection and try again.';
export const GENERIC_ERROR_MESSAGE = 'Something went wrong. Please try again.';

/** Seconds from a Retry-After header (seconds or an HTTP date); null without one. */
export function retryAfterFrom(response: Response): number | null {
  const header = response.headers.get('Retry-After');
  if (!header) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, Math.ceil(seconds));
  const date = Date.parse(header);
  return Number.isNaN(date) ? null : Math.max(0, Math.ceil((date - Date.now()) / 1000));
}

type ErrorBody = { error?: { code?: string; message?: string; details?: unknown; requestId?: string } } | null;

/** The error a failed answer stands for. */
export async function errorFrom(response: Response): Promise<ErrorInit> {
  let body: ErrorBody = null;
  try {
    body = (await response.json()) as ErrorBody;
  } catch {
    // not JSON (a proxy's error page): fall back to the status
  }
  const error = body?.error;
  return {
    status: response.status,
    code: (error?.code ?? (response.status === 429 ? 'RATE_LIMITED' : 'HTTP_ERROR')) as ClientErrorCode,
    message: error?.message || GENERIC_ERROR_MESSAGE,
    details: error?.details,
    retryAfter: retryAfterFrom(response),
    requestId: error?.requestId ?? response.headers.get('X-Request-Id'),
  };
}
