import {
  createClient,
  errorFrom,
  GENERIC_ERROR_MESSAGE,
  LoopwrightError,
  NETWORK_ERROR_MESSAGE,
  readAnswer,
  type ErrorInit,
} from '@loopwright/client';
import { errorUi, type ErrorUi } from './error-ui';

/**
 * The browser's client for our API: @loopwright/client, whose methods come from the endpoint
 * definitions in packages/contracts (`api.team.mine()`, `api.diagram.get({ params: { fuid } })`),
 * so no feature types an API path. Every call sends the client id header (the API refuses
 * cookie-authenticated writes without it) and same-origin credentials; session tokens live in
 * HttpOnly cookies and are never seen here. Failures become `ApiError`. A person sees a 429 as a
 * message with its wait, so the browser never repeats calls by itself.
 */
export const CLIENT_ID = 'loopwright-web';
export { NETWORK_ERROR_MESSAGE };

export interface FieldError {
  field: string;
  message: string;
}

export class ApiError extends LoopwrightError {
  /** Field messages of a validation error, keyed by field path (`games.0.name`). */
  readonly fields: Record<string, string>;

  constructor(init: ErrorInit & { fields?: Record<string, string> }) {
    super(init);
    this.name = 'ApiError';
    this.fields = init.fields ?? fieldsFrom(init.details);
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

function apiError(init: ErrorInit): ApiError {
  const error = new ApiError(init);
  if (error.ui === 'upgrade' && typeof window !== 'undefined')
    window.dispatchEvent(new CustomEvent(PLAN_LIMIT_EVENT, { detail: error }));
  return error;
}

export const api = createClient({
  headers: { 'X-Client-Id': CLIENT_ID },
  credentials: 'same-origin',
  retries: 0,
  createError: apiError,
});

/** The envelope's `content` of a response the page requested early (see lib/early-requests); throws `ApiError` on a failure. */
export async function readResponse<T>(response: Response): Promise<T> {
  if (!response.ok) throw apiError(await errorFrom(response));
  return (await readAnswer({}, response)) as T;
}

/**
 * A failure in the browser whose message is written for the person (a blocked pop-up, a captcha that
 * did not load); any other thrown Error may carry a programmer's text and is shown as the generic one.
 */
export class UserMessageError extends Error {}

/** The message to show for any thrown value (an ApiError's or UserMessageError's own text, or a generic one). */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 429)
      return error.retryAfter ? `${error.message} (${formatWait(error.retryAfter)})` : error.message;
    return error.message;
  }
  if (error instanceof UserMessageError) return error.message;
  return GENERIC_ERROR_MESSAGE;
}

function formatWait(seconds: number): string {
  if (seconds < 60) return `try again in ${seconds} s`;
  return `try again in ${Math.ceil(seconds / 60)} min`;
}
