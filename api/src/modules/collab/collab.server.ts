import type { IncomingMessage, Server as HttpServer } from 'node:http';
import type { Duplex } from 'node:stream';
import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import {
  applyDocument,
  COLLAB_PATH,
  CollabClose,
  markSavedVersion,
  mergeChange,
  readDocument,
  setFacts,
  statelessMessage,
  type StoredMessage,
  type StoredRequest,
} from '@loopwright/collab';
import type { SaveResult } from '@loopwright/contracts';
import type { Diagram } from '@loopwright/engine';
import { Redis as RedisExtension } from '@hocuspocus/extension-redis';
import { Hocuspocus, type onAuthenticatePayload, type onStoreDocumentPayload } from '@hocuspocus/server';
import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { WebSocketServer, type WebSocket } from 'ws';
import type { AppConfig } from '../../config/config.js';
import type { Caller } from '../../core/auth/caller.js';
import { IdentityResolver } from '../../core/auth/identity-resolver.js';
import { MetricsService } from '../../core/metrics/metrics.service.js';
import { APP_CONFIG, LOGGER } from '../../core/tokens.js';
import { DiagramAccessService, type AccessLevel } from '../diagrams/diagram-access.service.js';
import { checkDocument } from '../diagrams/diagram-document.js';
import { DiagramSaveService } from '../diagrams/diagram-save.service.js';
import { LiveDocuments, type LiveDocumentPort, type LiveFacts, type SaveRequest } from '../diagrams/live-documents.js';
import { identityRequest, sameOrigin } from '../realtime/realtime.gateway.js';
import { accessChannel, RealtimePublisher, type AccessChange } from '../realtime/realtime.publisher.js';
import { LiveDocumentStore, toLive } from './live-document-store.js';

/** What a connection carries from its authentication to every later hook. */
export interface CollabContext {
  userId: string | null;
  access: AccessLevel;
}

/** A WebSocket message may carry a whole 5,000-element document on its first sync. */
const MAX_MESSAGE_BYTES = 16 * 1024 * 1024;
/** How long an app's note that it holds a live document lasts without being renewed (each store renews it). */
const OPEN_TTL_S = 6 * 3600;
/** The waits before trying a failed store again: the last one repeats until a store succeeds. */
const STORE_RETRY_MS = [1000, 2000, 5000, 15000, 30000, 60000];

function refusal(reason: string): Error {
  return Object.assign(new Error(reason), { reason });
}

/**
 * The live co-editing server: Hocuspocus (Yjs) on the app's HTTP port, path /collab, next to
 * Socket.IO. The document name is the diagram's fuid. Every connection is authenticated (session
 * cookie, or an API key as the token) and its access decided by DiagramAccessService: editors and
 * owners edit, viewers read (Hocuspocus refuses their updates). A change of privacy or shares, or
 * a deletion, checks the open connections again and closes those that lost the diagram. With Redis,
 * apps share open documents through the Hocuspocus Redis extension.
 */
@Injectable()
export class CollabServer implements OnModuleDestroy, LiveDocumentPort {
  readonly hocuspocus: Hocuspocus<CollabContext>;
  private wss?: WebSocketServer;
  private subscriber?: Redis;
  /** With Redis: where each app notes the live documents it holds (see isLive). */
  private registry?: Redis;
  private readonly instance = `${process.pid}-${Math.random().toString(36).slice(2, 10)}`;
  private stopListening?: () => void;
  /** Live documents whose last store failed: how many times, and the timer of the next try. */
  private readonly storeRetries = new Map<string, { tries: number; timer: NodeJS.Timeout }>();

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly identity: IdentityResolver,
    private readonly access: DiagramAccessService,
    private readonly store: LiveDocumentStore,
    private readonly saves: DiagramSaveService,
    private readonly publisher: RealtimePublisher,
    private readonly live: LiveDocuments,
    metrics: MetricsService,
  ) {
    metrics.setLiveDocumentsSource(() => this.openDocumentCount());
    const redisUrl = config.REDIS_URL;
    this.hocuspocus = new Hocuspocus<CollabContext>({
      name: `loopwright-${process.pid}`,
      quiet: true,
      // The JSON document follows at most a second after the last edit, and every 5 s while edits go on.
      debounce: 1000,
      maxDebounce: 5000,
      extensions: redisUrl
        ? [
            new RedisExtension({
              prefix: `${config.REDIS_PREFIX}:collab`,
              createClient: () => new Redis(redisUrl, { maxRetriesPerRequest: null }) as never,
            }),
          ]
        : [],
      onAuthenticate: (data) => this.authenticate(data),
      onLoadDocument: async ({ documentName, document }) => {
        await this.store.load(documentName, document);
      },
      afterLoadDocument: async ({ documentName, document }) => {
        this.noteOpen(documentName, true);
        await this.store.catchUpAfterLoad(documentName, document);
      },
      onStoreDocument: async (payload) => {
        const { documentName, document, lastContext } = payload;
        try {
          await this.store.store(documentName, document, (lastContext as CollabContext | undefined)?.userId ?? null);
        } catch (error) {
          // Thrown on, Hocuspocus keeps the document in memory (and does not unload it) until a store succeeds.
          this.retryStore(payload);
          throw error;
        }
        this.clearStoreRetry(documentName);
        this.noteOpen(documentName, true);
      },
      // Not awaited: the connection's next messages (its edits) must not wait for the store.
      onStateless: ({ connection, documentName, payload }) => {
        const request = statelessMessage<StoredRequest>(payload, 'confirm-stored');
        if (request)
          void this.store
            .whenStored(documentName)
            .then(() =>
              connection.sendStateless(JSON.stringify({ type: 'stored', id: request.id } satisfies StoredMessage)),
            );
        return Promise.resolve();
      },
      afterUnloadDocument: ({ documentName }) => {
        this.clearStoreRetry(documentName);
        this.store.forget(documentName);
        this.noteOpen(documentName, false);
        return Promise.resolve();
      },
    });
  }

  /**
   * A store that failed (PostgreSQL unreachable) is tried again, sooner at first, until one succeeds:
   * Hocuspocus only stores after the next edit, and a tab that made the last edit waits for the
   * word that it is stored (and a document nobody has open any more would stay in memory unstored).
   */
  private retryStore(payload: onStoreDocumentPayload<CollabContext>): void {
    const { documentName: fuid, document } = payload;
    const tries = this.storeRetries.get(fuid)?.tries ?? 0;
    clearTimeout(this.storeRetries.get(fuid)?.timer);
    const timer = setTimeout(
      () => {
        if (this.hocuspocus.documents.get(fuid) !== document) return void this.storeRetries.delete(fuid);
        void this.hocuspocus.storeDocumentHooks(document, payload, true);
      },
      STORE_RETRY_MS[Math.min(tries, STORE_RETRY_MS.length - 1)],
    );
    timer.unref();
    this.storeRetries.set(fuid, { tries: tries + 1, timer });
  }

  private clearStoreRetry(fuid: string): void {
    clearTimeout(this.storeRetries.get(fuid)?.timer);
    this.storeRetries.delete(fuid);
  }

  /** Whether this app holds the diagram's live document now. */
  hasOpenDocument(fuid: string): boolean {
    return this.hocuspocus.documents.has(fuid);
  }

  /** Live documents open in this app now (the gauge for metrics). */
  openDocumentCount(): number {
    return this.hocuspocus.getDocumentsCount();
  }

  /** Takes WebSocket upgrades on /collab from the app's HTTP server; registers as the live documents. */
  attach(httpServer: HttpServer): void {
    const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES });
    this.wss = wss;
    httpServer.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
      const path = (request.url ?? '').split('?')[0];
      if (path !== COLLAB_PATH && !path.startsWith(`${COLLAB_PATH}/`)) return;
      // Cross-site WebSocket hijacking: a page elsewhere must not open a live document with our cookies.
      if (!sameOrigin(request.headers.origin, request.headers.host, this.config.APP_URL)) {
        socket.destroy();
        return;
      }
      wss.handleUpgrade(request, socket, head, (ws) => this.accept(ws, request));
    });
    this.live.register(this);
    if (this.config.REDIS_URL) {
      const subscriber = new Redis(this.config.REDIS_URL, { maxRetriesPerRequest: null });
      subscriber.on('error', (error) => this.logger.warn({ error: error.message }, 'collab access channel error'));
      subscriber.on('message', (_channel: string, message: string) => {
        try {
          const { fuid, change } = JSON.parse(message) as { fuid: string; change: AccessChange };
          void this.recheck(fuid, change);
        } catch {
          // not ours
        }
      });
      void subscriber.subscribe(accessChannel(this.config));
      this.subscriber = subscriber;
      this.registry = new Redis(this.config.REDIS_URL, { maxRetriesPerRequest: 1 });
      this.registry.on('error', (error) => this.logger.warn({ error: error.message }, 'collab registry error'));
    } else {
      this.stopListening = this.publisher.onAccessChanged((fuid, change) => void this.recheck(fuid, change));
    }
  }

  private accept(ws: WebSocket, request: IncomingMessage): void {
    const headers = new Headers();
    for (const [name, value] of Object.entries(request.headers)) {
      if (typeof value === 'string') headers.set(name, value);
      else if (Array.isArray(value)) headers.set(name, value.join(', '));
    }
    const url = `http://${request.headers.host ?? 'localhost'}${request.url ?? COLLAB_PATH}`;
    const connection = this.hocuspocus.handleConnection(ws, new Request(url, { headers }));
    ws.on('message', (data: Buffer) =>
      connection.handleMessage(new Uint8Array(data.buffer, data.byteOffset, data.byteLength)),
    );
    ws.on('close', (code: number, reason: Buffer) => connection.handleClose({ code, reason: reason.toString() }));
    ws.on('error', (error) => this.logger.warn({ error: error.message }, 'collab socket error'));
  }

  private async authenticate(data: onAuthenticatePayload<CollabContext>): Promise<CollabContext> {
    const headers: Record<string, string> = {};
    data.requestHeaders.forEach((value, name) => (headers[name] = value));
    // The browser sends its session cookie; API clients send their key as the token.
    const token = data.token && data.token !== 'session' ? data.token : undefined;
    const caller: Caller | null = await this.identity.resolve(identityRequest(headers, token));
    if (token && !caller) throw refusal(CollabClose.noAccess.reason);
    const allowed = await this.access.canView(data.documentName, caller?.userId);
    if (!allowed) throw refusal(CollabClose.noAccess.reason);
    data.connectionConfig.readOnly = !DiagramAccessService.allows(allowed.access, 'editor');
    return { userId: caller?.userId ?? null, access: allowed.access };
  }

  /** After privacy, shares or deletion changed: each open connection keeps, loses or narrows its access. */
  async recheck(fuid: string, change: AccessChange): Promise<void> {
    const document = this.hocuspocus.documents.get(fuid);
    if (!document) return;
    for (const connection of document.getConnections()) {
      const context = connection.context as CollabContext;
      try {
        const allowed = change === 'deleted' ? null : await this.access.canView(fuid, context.userId ?? undefined);
        if (!allowed) {
          connection.close(change === 'deleted' ? CollabClose.deleted : CollabClose.noAccess);
          continue;
        }
        context.access = allowed.access;
        connection.readOnly = !DiagramAccessService.allows(allowed.access, 'editor');
      } catch (error) {
        this.logger.warn({ fuid, error: (error as Error).message }, 'collab access check failed');
      }
    }
  }

  /**
   * Whether someone has the diagram open live: a loaded (or loading) Y.Doc in this app, or (with Redis) in
   * another one (each app notes its open documents there while they are loaded).
   */
  async isLive(fuid: string): Promise<boolean> {
    // A document being loaded counts: a save or restore waits for it and reaches the tabs that are opening it.
    if (this.hasOpenDocument(fuid) || this.hocuspocus.loadingDocuments.has(fuid)) return true;
    if (!this.registry) return false;
    try {
      return (await this.registry.scard(this.openKey(fuid))) > 0;
    } catch {
      return true; // unsure: the live path is right either way
    }
  }

  private openKey(fuid: string): string {
    return `${this.config.REDIS_PREFIX}:collab:open:${fuid}`;
  }

  /** This app holds (or no longer holds) the diagram's live document: other apps read it in isLive. */
  private noteOpen(fuid: string, open: boolean): void {
    if (!this.registry) return;
    const key = this.openKey(fuid);
    const done = open
      ? this.registry.multi().sadd(key, this.instance).expire(key, OPEN_TTL_S).exec()
      : this.registry.srem(key, this.instance);
    done.catch((error: Error) => this.logger.warn({ fuid, error: error.message }, 'collab open note failed'));
  }

  /**
   * PUT document. Nobody has the diagram open live: the ordinary save, without a Y.Doc (the stored
   * live state catches up with the JSON when the diagram is next opened). A save from an older
   * version applies what the caller changed since it to the JSON now. Open live: what the caller
   * changed since baseVersion is applied to the live document as one change.
   */
  async save(request: SaveRequest): Promise<SaveResult | null> {
    return (await this.isLive(request.diagram.fuid)) ? this.saveLive(request) : this.saveQuiet(request);
  }

  private async saveQuiet({ diagram, caller, baseVersion, checked, message }: SaveRequest): Promise<SaveResult | null> {
    if (baseVersion === diagram.version) {
      const result = await this.saves.commit(diagram, caller.userId, baseVersion, checked, {
        restoredFrom: null,
        message,
      });
      if (result) return result;
    }
    const [base, current] = await Promise.all([
      this.saves.documentAtVersion(diagram.id, baseVersion),
      this.saves.currentDocument(diagram.id),
    ]);
    if (!base || !current) return null;
    const merged = checkDocument(
      mergeChange(
        toLive(checkDocument(current.document, { allowEmpty: true }).document),
        toLive(checkDocument(base, { allowEmpty: true }).document),
        toLive(checked.document),
      ),
      { allowEmpty: false },
    );
    const result = await this.saves.commit({ ...diagram, ...current.limits }, caller.userId, current.version, merged, {
      restoredFrom: null,
      message,
    });
    return result && { ...result, warnings: merged.warnings, typeTags: merged.typeTags };
  }

  private async saveLive({ diagram, caller, baseVersion, checked, message }: SaveRequest): Promise<SaveResult | null> {
    const connection = await this.hocuspocus.openDirectConnection(diagram.fuid, {
      userId: caller.userId,
      access: 'editor',
    });
    try {
      const base =
        this.store.documentAt(diagram.fuid, baseVersion) ??
        (baseVersion === diagram.version
          ? await this.saves.documentOf(diagram.id)
          : await this.saves.documentAtVersion(diagram.id, baseVersion));
      if (!base) return null;
      const baseDoc = toLive(checkDocument(base, { allowEmpty: true }).document);
      const document = connection.document!;
      const change = toLive(checked.document);
      // One at a time with the debounced stores of this document: each save is the next version.
      return await document.saveMutex.runExclusive(async () => {
        const merged = checkDocument(mergeChange(readDocument(document), baseDoc, change), { allowEmpty: false });
        // The JSON first: a refusal (plan limits, an invalid merge) leaves the live document untouched.
        const result = await this.store.commit(diagram, caller.userId, merged, message);
        // Edits that arrived meanwhile stay: the change is merged again into what is live now.
        await connection.transact((doc) => {
          applyDocument(doc, mergeChange(readDocument(doc), baseDoc, change), null);
          markSavedVersion(doc, result.version);
        });
        return { ...result, warnings: merged.warnings, typeTags: merged.typeTags };
      });
    } finally {
      await connection.disconnect();
    }
  }

  /**
   * A restored version (or an accepted proposal) becomes the live document for everyone connected.
   * Nobody connected: nothing to do, the live state catches up with the JSON when next opened.
   */
  async replace(fuid: string, document: Diagram, userId: string): Promise<void> {
    if (!(await this.isLive(fuid))) return;
    const connection = await this.hocuspocus.openDirectConnection(fuid, { userId, access: 'editor' });
    try {
      this.store.markSaved(fuid, document);
      await connection.transact((doc) => applyDocument(doc, toLive(document), null));
    } finally {
      await connection.disconnect();
    }
  }

  /** Per diagram, the reflect under way: each reads and writes after the one before. */
  private reflecting = new Map<string, Promise<void>>();

  /**
   * The saved name or tour reaches every tab that has the diagram open (nobody live: nothing to do).
   * One at a time per diagram, each reading what is saved when its turn comes, so the live document
   * ends with what was saved last.
   */
  reflect(fuid: string, read: () => Promise<LiveFacts>): Promise<void> {
    const next = (this.reflecting.get(fuid) ?? Promise.resolve()).then(async () => {
      try {
        if (!(await this.isLive(fuid))) return;
        const facts = await read();
        const connection = await this.hocuspocus.openDirectConnection(fuid, { userId: null, access: 'editor' });
        try {
          await connection.transact((doc) => setFacts(doc, facts, null));
        } finally {
          await connection.disconnect();
        }
      } catch (error) {
        this.logger.warn({ fuid, error: (error as Error).message }, 'saved name or tour not shown live');
      }
    });
    this.reflecting.set(fuid, next);
    void next.then(() => this.reflecting.get(fuid) === next && this.reflecting.delete(fuid));
    return next;
  }

  /**
   * SIGTERM: the open connections are closed (clients reconnect to another app, or to this one
   * after its restart, and send what they still have), then every open document is stored, so its
   * last edits reach PostgreSQL and the JSON document before the app exits.
   */
  async close(): Promise<void> {
    const held = [...this.hocuspocus.documents.keys()];
    for (const fuid of held) this.clearStoreRetry(fuid);
    this.stopListening?.();
    this.subscriber?.disconnect();
    this.hocuspocus.closeConnections();
    for (const client of this.wss?.clients ?? []) client.close(1012, 'Server restarting');
    await Promise.all(
      [...this.hocuspocus.documents.entries()].map(([name, document]) =>
        document.saveMutex
          .runExclusive(() => this.store.store(name, document, null))
          .catch((error: Error) => this.logger.error({ fuid: name, error: error.message }, 'live document not stored')),
      ),
    );
    this.hocuspocus.flushPendingStores();
    const until = Date.now() + 5000;
    while (this.hocuspocus.getDocumentsCount() > 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 25));
    // What this app still held is no longer live here.
    const registry = this.registry;
    if (registry) await Promise.allSettled(held.map((fuid) => registry.srem(this.openKey(fuid), this.instance)));
    registry?.disconnect();
  }

  onModuleDestroy(): void {
    for (const fuid of [...this.storeRetries.keys()]) this.clearStoreRetry(fuid);
    this.stopListening?.();
    this.subscriber?.disconnect();
    this.registry?.disconnect();
    for (const client of this.wss?.clients ?? []) client.terminate();
    this.wss?.close();
  }
}
