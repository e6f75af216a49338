import { z } from 'zod';

/** Error codes: SCREAMING_SNAKE with a domain prefix. */
export const ErrorCode = {
  VALIDATION_FAILED: 'VALIDATION_FAILED',
  NOT_FOUND: 'NOT_FOUND',
  ROUTE_NOT_FOUND: 'ROUTE_NOT_FOUND',
  AUTH_REQUIRED: 'AUTH_REQUIRED',
  AUTH_FORBIDDEN: 'AUTH_FORBIDDEN',
  RATE_LIMITED: 'RATE_LIMITED',
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  CONFLICT: 'CONFLICT',
  INTERNAL: 'INTERNAL',
  SERVICE_UNAVAILABLE: 'SERVICE_UNAVAILABLE',
  UNSUPPORTED_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  REQUEST_FORBIDDEN_ORIGIN: 'REQUEST_FORBIDDEN_ORIGIN',
  DATABASE_UNAVAILABLE: 'DATABASE_UNAVAILABLE',
  STORAGE_FULL: 'STORAGE_FULL',
  REQUEST_TIMEOUT: 'REQUEST_TIMEOUT',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode] | (string & {});

export const errorBodySchema = z
  .object({
    success: z.literal(false),
    error: z.object({
      code: z.string(),
      message: z.string(),
      details: z.unknown().optional(),
      requestId: z.string(),
    }),
  })
  .meta({ id: 'ErrorBody' });
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** The `{ success, content }` envelope the spec's named endpoints answer with. */
export function envelope<T extends z.ZodType>(content: T) {
  return z.object({ success: z.literal(true), content });
}

/** Messages for refusals made before any feature code runs. */
export const RequestTexts = {
  badText: 'Text may not contain NUL characters or invalid Unicode',
  unsupportedMediaType: 'This endpoint accepts JSON only: send the body as application/json',
  crossSite: 'This request must come from the Loopwright app',
  databaseUnavailable: 'The database is not reachable right now. Please try again in a few seconds.',
  queueUnavailable: 'Background services are not reachable right now. Please try again in a few seconds.',
  storageFull: 'The server is out of storage space, so nothing can be saved right now. Please try again later.',
  timeout: 'The server took too long to answer. Please try again.',
} as const;
