import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** One API operation: the single source for routing, validation and the OpenAPI document. */
export interface EndpointContract {
  method: HttpMethod;
  /** Path under /api, Express style (`/diagrams/:id`). */
  path: string;
  summary: string;
  tag: string;
  /** Public endpoints need no session or API key. */
  public?: boolean;
  body?: z.ZodType;
  /** Media types a request body may have; JSON when absent (anything else is a 415); ANY_MEDIA_TYPE takes any (raw uploads). */
  consumes?: readonly string[];
  query?: z.ZodType;
  params?: z.ZodType;
  /** Status → response body schema. */
  responses: Record<number, z.ZodType | null>;
  /** Non-JSON responses (HTML, images) name their media type here. */
  produces?: string;
}

export function defineEndpoint<const T extends EndpointContract>(contract: T): T {
  return contract;
}

type SuccessSchema<E extends EndpointContract> =
  E['responses'] extends Record<200, infer S>
    ? S
    : E['responses'] extends Record<201, infer S>
      ? S
      : E['responses'] extends Record<202, infer S>
        ? S
        : never;
/** The success body of an endpoint, inferred from its contract (clients never re-declare it). */
export type ResponseOf<E extends EndpointContract> =
  SuccessSchema<E> extends z.ZodType ? z.infer<SuccessSchema<E>> : never;
/** The `content` of a `{ success, content }` success body (or the whole body where there is no envelope). */
export type ContentOf<E extends EndpointContract> = ResponseOf<E> extends { content: infer C } ? C : ResponseOf<E>;
/** What a client sends as the body / query (zod input: defaults may be left out). */
export type BodyOf<E extends EndpointContract> = E['body'] extends z.ZodType ? z.input<E['body']> : never;
export type QueryOf<E extends EndpointContract> = E['query'] extends z.ZodType ? z.input<E['query']> : never;
/** The highest page number any list accepts: every numeric input has a range. */
export const MAX_PAGE = 100_000;

/** `consumes` value for endpoints that read a raw body of any type. */
export const ANY_MEDIA_TYPE = '*/*';
