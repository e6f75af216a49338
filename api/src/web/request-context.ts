import type { SiteSettings, WebsiteGateway } from '@loopwright/contracts';
import { createContext, type RouterContext } from 'react-router';

/** Values the Node server hands to loaders and the document renderer for one request. */
export interface ServerRequestContext {
  cspNonce: string;
  requestId: string;
  /** From the server's configuration: pages never read the process environment themselves. */
  site: SiteSettings;
  /** Content, search and community reads for server-rendered pages (the website module). */
  website?: WebsiteGateway;
  /** The signed-in viewer's role, resolved on demand (preview mode). A page that asks is never shared between readers. */
  viewerRole?: () => Promise<string | null>;
  /**
   * Declares that this page's HTML does not depend on who reads it, only on whether they have a
   * session (what is personal is fetched by the client): signed-in readers may share one rendering
   * (api/src/web/page-cache.ts).
   */
  samePageForEveryone?: () => void;
}

// The web bundle (web/app/lib/server-context.ts) and this server each load this code; a global
// symbol makes them share one context object.
const key = Symbol.for('loopwright.serverRequestContext');
const holder = globalThis as { [key]?: RouterContext<ServerRequestContext> };
export const serverRequestContext = (holder[key] ??= createContext<ServerRequestContext>());
