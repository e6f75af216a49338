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
