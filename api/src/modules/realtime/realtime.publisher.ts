import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import { Emitter } from '@socket.io/redis-emitter';
import { Redis } from 'ioredis';
import type { Server } from 'socket.io';
import type { Logger } from 'pino';
import type { AppConfig } from '../../config/config.js';
import { APP_CONFIG, LOGGER } from '../../core/tokens.js';

export const diagramRoom = (fuid: string) => `diagram:${fuid}`;
export const userRoom = (userId: string) => `user:${userId}`;
/** The Redis channel prefix shared by the adapter (apps) and the emitter (workers). */
export const socketKey = (config: AppConfig) => `${config.REDIS_PREFIX}:socket.io`;
/** The Redis channel that tells every app a diagram's access changed (live co-editing connections are checked again). */
export const accessChannel = (config: AppConfig) => `${config.REDIS_PREFIX}:diagram-access`;

/** Why a diagram's viewers may have lost it: privacy or shares changed, or it was deleted. */
export type AccessChange = 'access' | 'deleted';
export type AccessListener = (fuid: string, change: AccessChange) => void;

/**
 * Sends live events. In an app process the Socket.IO server emits (through the Redis adapter when
 * there is Redis, so every app's sockets get it); in a worker, the Redis emitter publishes to the apps.
 * Events are best effort: nobody's request fails because a live update could not be sent.
 */
@Injectable()
export class RealtimePublisher implements OnModuleDestroy {
  private server?: Server;
  private emitter?: Emitter;
  private redis?: Redis;
  private accessListeners = new Set<AccessListener>();

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  bind(server: Server): void {
    this.server = server;
  }

  toDiagram(fuid: string, event: string, payload: unknown): void {
    this.emit(diagramRoom(fuid), event, payload);
  }

  toUser(userId: string, event: string, payload: unknown): void {
    this.emit(userRoom(userId), event, payload);
  }

  /** One message to many users' rooms (a designer's followers). */
  toUsers(userIds: string[], event: string, payload: unknown): void {
    if (userIds.length) this.emit(userIds.map(userRoom), event, payload);
  }

  /** Makes every socket in the diagram's room leave it (they re-join, and access is checked again). */
  leaveDiagram(fuid: string): void {
    try {
      if (this.server) this.server.in(diagramRoom(fuid)).socketsLeave(diagramRoom(fuid));
      else this.getEmitter()?.in(diagramRoom(fuid)).socketsLeave(diagramRoom(fuid));
    } catch (error) {
      this.logger.warn({ error: (error as Error).message }, 'realtime leave failed');
    }
  }

  /**
   * Tells every app that the diagram's access changed: with Redis through its channel (each app's
   * live co-editing server listens), without it to this process's listeners.
   */
  diagramAccessChanged(fuid: string, change: AccessChange): void {
    if (!this.config.REDIS_URL) {
      for (const listener of this.accessListeners) listener(fuid, change);
      return;
    }
    this.getEmitter();
    this.redis
      ?.publish(accessChannel(this.config), JSON.stringify({ fuid, change }))
      .catch((error: Error) => this.logger.warn({ error: error.message }, 'access change publish failed'));
  }

  /** Hears diagramAccessChanged in this process when there is no Redis (with Redis: subscribe to accessChannel). */
  onAccessChanged(listener: AccessListener): () => void {
    this.accessListeners.add(listener);
    return () => this.accessListeners.delete(listener);
  }

  private emit(room: string | string[], event: string, payload: unknown): void {
    try {
      if (this.server) this.server.to(room).emit(event, payload);
      else this.getEmitter()?.to(room).emit(event, payload);
    } catch (error) {
      this.logger.warn({ room, event, error: (error as Error).message }, 'realtime emit failed');
    }
  }

  private getEmitter(): Emitter | undefined {
    if (!this.config.REDIS_URL) return undefined;
    if (!this.emitter) {
      this.redis = new Redis(this.config.REDIS_URL, { lazyConnect: false, maxRetriesPerRequest: 1 });
      this.redis.on('error', (error) =>
        this.logger.warn({ error: error.message }, 'realtime emitter connection error'),
      );
      this.emitter = new Emitter(this.redis, { key: socketKey(this.config) });
    }
    return this.emitter;
  }

  onModuleDestroy(): void {
    // disconnect(), not quit(): quit() waits forever for a Redis that never answered.
    this.redis?.disconnect();
  }
}
