import type { IncomingHttpHeaders, Server as HttpServer } from 'node:http';
import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import { createAdapter } from '@socket.io/redis-adapter';
import { RealtimeEvents } from '@loopwright/contracts';
import type { Request } from 'express';
import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { Server, type Socket } from 'socket.io';
import type { AppConfig } from '../../config/config.js';
import type { Caller } from '../../core/auth/caller.js';
import { IdentityResolver } from '../../core/auth/identity-resolver.js';
import { APP_CONFIG, LOGGER } from '../../core/tokens.js';
import { DiagramAccessService } from '../diagrams/diagram-access.service.js';
import { diagramRoom, RealtimePublisher, socketKey, userRoom } from './realtime.publisher.js';

type Ack = (answer: unknown) => void;

export function parseCookies(header: string | undefined): Record<string, string> {
  const cookies: Record<string, string> = {};
  for (const part of (header ?? '').split(';')) {
    const index = part.indexOf('=');
    if (index > 0) cookies[part.slice(0, index).trim()] = decodeURIComponent(part.slice(index + 1).trim());
  }
  return cookies;
}

export function sameOrigin(origin: string | undefined, host: string | undefined, appUrl: string): boolean {
  if (!origin) return true; // not a browser page (API clients, tests)
  try {
    const from = new URL(origin);
    return from.host === host || from.origin === new URL(appUrl).origin;
  } catch {
    return false;
  }
}

/** A request the IdentityResolver can read: the upgrade's cookies, and an API key given as a token. */
export function identityRequest(headers: IncomingHttpHeaders, token: string | undefined): Request {
  return {
    cookies: parseCookies(headers.cookie),
    header: (name: string) =>
      name.toLowerCase() === 'authorization' && token
        ? `Bearer ${token}`
        : (headers[name.toLowerCase()] as string | undefined),
    headers,
  } as unknown as Request;
}

/**
 * Socket.IO on the app's HTTP server (path /socket.io). A socket is authenticated once, by the
 * session cookie or `auth.token` (a user API key); it joins its user's room, and joins a diagram's
 * room only after DiagramAccessService says it may view the diagram.
 */
@Injectable()
export class RealtimeGateway implements OnModuleDestroy {
  private io?: Server;
  private clients: Redis[] = [];

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly publisher: RealtimePublisher,
    private readonly identity: IdentityResolver,
    private readonly access: DiagramAccessService,
  ) {}

  attach(httpServer: HttpServer): Server {
    const io = new Server(httpServer, {
      serveClient: false,
      cors: { origin: false },
      // Cross-site WebSocket hijacking: a page elsewhere must not open a socket with our cookies.
      allowRequest: (request, callback) =>
        callback(null, sameOrigin(request.headers.origin, request.headers.host, this.config.APP_URL)),
    });
    if (this.config.REDIS_URL) {
      const pub = new Redis(this.config.REDIS_URL, { maxRetriesPerRequest: null });
      const sub = pub.duplicate();
      for (const client of [pub, sub])
        client.on('error', (error) => this.logger.warn({ error: error.message }, 'realtime adapter connection error'));
      this.clients = [pub, sub];
      io.adapter(createAdapter(pub, sub, { key: socketKey(this.config) }));
    }
    io.use((socket, next) => {
      this.authenticate(socket)
        .then((caller) => {
          (socket.data as { caller?: Caller | null }).caller = caller;
          if (caller) void socket.join(userRoom(caller.userId));
          next();
        })
        .catch((error: Error) => next(error));
    });
    io.on('connection', (socket) => {
      socket.on(RealtimeEvents.join, (payload: { fuid?: unknown }, ack?: Ack) => void this.join(socket, payload, ack));
      socket.on(RealtimeEvents.leave, (payload: { fuid?: unknown }) => {
        if (typeof payload?.fuid === 'string') void socket.leave(diagramRoom(payload.fuid));
      });
    });
    this.io = io;
    this.publisher.bind(io);
    return io;
  }

  private async authenticate(socket: Socket): Promise<Caller | null> {
    const headers = socket.request.headers;
    const token = typeof socket.handshake.auth?.token === 'string' ? socket.handshake.auth.token : undefined;
    return this.identity.resolve(identityRequest(headers, token));
  }

  private async join(socket: Socket, payload: { fuid?: unknown }, ack?: Ack): Promise<void> {
    const reply = typeof ack === 'function' ? ack : () => undefined;
    if (typeof payload?.fuid !== 'string') return reply({ ok: false, code: 'VALIDATION_FAILED' });
    try {
      const caller = (socket.data as { caller?: Caller | null }).caller ?? null;
      const allowed = await this.access.canView(payload.fuid, caller?.userId);
      if (!allowed) return reply({ ok: false, code: 'DIAGRAM_NOT_FOUND' });
      await socket.join(diagramRoom(payload.fuid));
      reply({ ok: true, access: allowed.access, version: allowed.diagram.version });
    } catch (error) {
      this.logger.warn({ error: (error as Error).message }, 'realtime join failed');
      reply({ ok: false, code: 'INTERNAL' });
    }
  }

  onModuleDestroy(): void {
    // io.close() would close the HTTP server too, which Nest closes itself.
    this.io?.local.disconnectSockets(true);
    // disconnect(), not quit(): quit() waits forever for a Redis that never answered.
    for (const client of this.clients) client.disconnect();
  }
}
