import type { ContentOf, EndpointContract, ErrorCode } from '@loopwright/contracts';
import type { z } from 'zod';

/** What a client needs of an endpoint at run time: no schemas. */
export interface Route {
  readonly method: EndpointContract['method'];
  /** Path under /api, Express style (`/diagrams/:fuid`). */
  readonly path: string;
  readonly consumes?: readonly string[];
  readonly produces?: string;
}

type RouteOf<E> = { readonly method: E extends { method: infer M } ? M : never } & {
  readonly path: E extends { path: infer P } ? P : never;
} & (E extends { consumes: infer C } ? { readonly consumes: C } : unknown) &
  (E extends { produces: infer P } ? { readonly produces: P } : unknown);

/** The route table the generated `routes` must match: one entry per endpoint, method and path as declared. */
export type RouteTable<Groups> = { [G in keyof Groups]: { [K in keyof Groups[G]]: RouteOf<Groups[G][K]> } };

/** A raw request body, for endpoints that take any media type (uploads). */
export type RawBody = Blob | ArrayBuffer | Uint8Array | string;

type ParamsPart<E> = E extends { params: infer S extends z.ZodType } ? { params: z.input<S> } : { params?: undefined };
type QueryPart<E> = E extends { query: infer S extends z.ZodType }
  ? object extends z.input<S>
    ? { query?: z.input<S> }
    : { query: z.input<S> }
  : { query?: undefined };
type BodyPart<E> = E extends { consumes: readonly (infer M)[] }
  ? '*/*' extends M
    ? { body: RawBody; contentType?: string }
    : JsonBodyPart<E>
  : JsonBodyPart<E>;
type JsonBodyPart<E> = E extends { body: infer S extends z.ZodType }
  ? undefined extends z.input<S>
    ? { body?: z.input<S> }
    : { body: z.input<S> }
  : { body?: undefined };

/** What a call sends: the endpoint's path parameters, query and body, typed by its contract. */
export type InputOf<E> = ParamsPart<E> & QueryPart<E> & BodyPart<E>;

/**
 * What a call answers: the `content` of the success envelope, `undefined` for an empty answer, or
 * the `Response` itself for endpoints that answer with something other than JSON (images, pages).
 */
export type AnswerOf<E> = E extends { produces: string }
  ? Response
  : E extends { responses: infer R }
    ? 200 extends keyof R
      ? Content<E>
      : 201 extends keyof R
        ? Content<E>
        : 202 extends keyof R
          ? Content<E>
          : undefined
    : never;
type Content<E> = E extends EndpointContract ? ContentOf<E> : never;

/** Transport options of one call. */
export interface CallOptions {
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** Let the request outlive the page (tracking on unload). */
  keepalive?: boolean;
}

/** One endpoint as the client offers it: call it, or build its URL (links, images, redirects). */
export type Endpoint<E> = (object extends InputOf<E>
  ? (input?: InputOf<E>, options?: CallOptions) => Promise<AnswerOf<E>>
  : (input: InputOf<E>, options?: CallOptions) => Promise<AnswerOf<E>>) & {
  readonly route: Route;
  /** The endpoint's URL with its parameters and query filled in. */
  url(input?: Partial<Pick<InputOf<E>, 'params' | 'query'>>): string;
};

/** Every endpoint of the API, grouped as in the contracts (`client.diagram.get(…)`). */
export type ClientEndpoints<Groups> = { [G in keyof Groups]: { [K in keyof Groups[G]]: Endpoint<Groups[G][K]> } };

/** A code from the API's closed list, or what the client itself decides when there is no envelope. */
export type ClientErrorCode = ErrorCode | 'NETWORK_ERROR' | 'HTTP_ERROR';
