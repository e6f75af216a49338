import { HocuspocusProvider } from '@hocuspocus/provider';
import { ACCESS_COOKIE } from '@loopwright/contracts';
import { COLLAB_PATH, ORDER_KEY, rootsOf } from '@loopwright/collab';
import WebSocket from 'ws';
import * as Y from 'yjs';
import type { ApiClient } from './api-client.js';

/** A headless live co-editing client: a Y.Doc connected to the app's /collab server as a person (or an API key). */
export interface LiveClient {
  doc: Y.Doc;
  provider: HocuspocusProvider;
  /** Why the server refused or closed this client's document (the spec's text), once it did. */
  closedWith: string[];
  synced: Promise<void>;
  destroy(): void;
}

export function liveClient(
  baseUrl: string,
  fuid: string,
  who: { client?: ApiClient; apiKey?: string },
  doc: Y.Doc = new Y.Doc(),
): LiveClient {
  const cookie = who.client ? `${ACCESS_COOKIE}=${who.client.cookie(ACCESS_COOKIE)}` : '';
  class CookieWebSocket extends WebSocket {
    constructor(url: string, protocols?: string | string[]) {
      super(url, protocols, { headers: cookie ? { cookie } : {} });
    }
  }
  const closedWith: string[] = [];
  let resolveSynced!: () => void;
  const synced = new Promise<void>((resolve) => (resolveSynced = resolve));
  const provider = new HocuspocusProvider({
    url: `${baseUrl.replace(/^http/, 'ws')}${COLLAB_PATH}`,
    name: fuid,
    document: doc,
    token: who.apiKey ?? 'session',
    WebSocketPolyfill: CookieWebSocket,
    // Tests restart the server: come back quickly.
    delay: 200,
    minDelay: 200,
    factor: 1.5,
    maxDelay: 1000,
    onSynced: () => resolveSynced(),
    onAuthenticationFailed: ({ reason }) => closedWith.push(reason),
    onClose: ({ event }) => {
      if (event.reason) closedWith.push(event.reason);
    },
  } as ConstructorParameters<typeof HocuspocusProvider>[0]);
  return {
    doc,
    provider,
    closedWith,
    synced,
    destroy: () => provider.destroy(),
  };
}

/** Adds a pool to a client's Y.Doc, as the editor does when one is placed. */
export function addPool(client: LiveClient, id: string, order: number): void {
  const node = new Y.Map<unknown>(
    Object.entries({ id, type: 'pool', name: id, x: order * 10, y: 400, [ORDER_KEY]: order }),
  );
  rootsOf(client.doc).nodes.set(id, node);
}

/** True once the server has every edit this client made. */
export const allSent = (client: LiveClient) => client.provider.isSynced && !client.provider.hasUnsyncedChanges;
