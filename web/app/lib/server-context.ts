import type { WebsiteGateway } from '@loopwright/contracts';
import { createContext, type RouterContext } from 'react-router';

/** Values the Node server hands to loaders and the document renderer for one request. */
export interface ServerRequestContext {
  cspNonce: string;
  requestId: string;
  /** Content, search and community reads for server-rendered pages (the website module). */
  website?: WebsiteGateway;
  /** The signed-in viewer's role, resolved on demand (preview mode). */
  viewerRole?: () => Promise<string | null>;
  /** The incoming (Express) request, handed back to gateway reads that depend on the viewer (community likes and follows). */
  serverRequest?: unknown;
}

// The server (api/src/web/request-context.ts) and this bundle each load this code; a global
// symbol makes them share one context object.
const key = Symbol.for('loopwright.serverRequestContext');
const holder = globalThis as { [key]?: RouterContext<ServerRequestContext> };
export const serverRequestContext = (holder[key] ??= createContext<ServerRequestContext>());
