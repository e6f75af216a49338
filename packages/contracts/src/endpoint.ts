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

/** The highest page number any list accepts: every numeric input has a range. */
export const MAX_PAGE = 100_000;

/** `consumes` value for endpoints that read a raw body of any type. */
export const ANY_MEDIA_TYPE = '*/*';
