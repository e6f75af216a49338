import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import { ErrorCode } from '@loopwright/contracts';
import { Redis } from 'ioredis';
import type { AppConfig } from '../../config/config.js';
import { AppError } from '../errors/app-error.js';
import { APP_CONFIG } from '../tokens.js';

export interface Limit {
  /** Counter name, e.g. `login:ip:1.2.3.4`. */
  key: string;
  max: number;
  windowMs: number;
}

/** A limit's state: how many calls are left in the window and when it starts again. */
export interface Allowance {
  limit: number;
  remaining: number;
  windowSeconds: number;
  resetSeconds: number;
}

function allowance(limit: Limit, count: number, resetInMs: number): Allowance {
  return {
    limit: limit.max,
    remaining: Math.max(0, limit.max - count),
    windowSeconds: Math.round(limit.windowMs / 1000),
    resetSeconds: Math.max(0, Math.ceil(resetInMs / 1000)),
  };
}

/**
 * Fixed-window counters: in Redis when REDIS_URL is set (shared by every app instance),
 * otherwise in this process's memory.
 */
@Injectable()
export class RateLimiter implements OnModuleDestroy {
  private readonly redis?: Redis;
  private readonly memory = new Map<string, { count: number; resetAt: number }>();
  private readonly prefix: string;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.prefix = `${config.REDIS_PREFIX}:ratelimit:`;
    if (config.REDIS_URL) {
      this.redis = new Redis(config.REDIS_URL, {
        lazyConnect: true,
        maxRetriesPerRequest: 1,
        enableOfflineQueue: false,
        connectTimeout: 2_000,
      });
      this.redis.on('error', () => undefined); // failures are handled per call: we fall back to memory
    }
  }

  /** Counts one hit; throws 429 (with Retry-After) once the window's maximum is passed. */
  async hit(limit: Limit): Promise<void> {
    const { count, resetInMs } = await this.increment(limit);
    if (count > limit.max) throw this.tooMany(resetInMs);
  }

  /**
   * Counts one hit and tells what is left (for RateLimit headers); throws 429 once the window's
   * maximum is passed.
   */
  async take(limit: Limit): Promise<Allowance> {
    const { count, resetInMs } = await this.increment(limit);
    if (count > limit.max) throw this.tooMany(resetInMs);
    return allowance(limit, count, resetInMs);
  }

  /** What is left of a limit, without counting. */
  async allowance(limit: Limit): Promise<Allowance> {
    const { count, resetInMs } = await this.peek(limit);
    return allowance(limit, count, count === 0 ? limit.windowMs : resetInMs);
  }

  /** Counts one hit without refusing (e.g. a failed login counted toward a lockout); the count so far. */
  async count(limit: Limit): Promise<number> {
    return (await this.increment(limit)).count;
  }

  /** Whether the counter is at its maximum, and when it resets (no counting, no refusal). */
  async reached(limit: Limit): Promise<{ reached: boolean; retryAfterSeconds: number }> {
    const { count, resetInMs } = await this.peek(limit);
    return { reached: count >= limit.max, retryAfterSeconds: Math.max(1, Math.ceil(resetInMs / 1000)) };
  }

  /** Throws 429 when the counter is already over its maximum, without counting. */
  async check(limit: Limit): Promise<void> {
    const { count, resetInMs } = await this.peek(limit);
    if (count >= limit.max) throw this.tooMany(resetInMs);
  }

  async reset(key: string): Promise<void> {
    await this.withRedis((redis) => redis.del(this.prefix + key));
    this.memory.delete(key);
  }

  onModuleDestroy(): void {
    this.redis?.disconnect();
  }

  private tooMany(resetInMs: number): AppError {
    return new AppError(ErrorCode.RATE_LIMITED, {
      details: {
        retryAfterSeconds: Math.max(1, Math.ceil(resetInMs / 1000)),
      },
    });
  }

  /** Redis when it answers; this process's memory when it does not (limits degrade, logins keep working). */
  private async withRedis<T>(work: (redis: Redis) => Promise<T>): Promise<T | undefined> {
    if (!this.redis) return undefined;
    try {
      if (this.redis.status === 'wait') await this.redis.connect();
      return await work(this.redis);
    } catch {
      return undefined;
    }
  }

  private async increment(limit: Limit): Promise<{ count: number; resetInMs: number }> {
    const shared = await this.withRedis(async (redis) => {
      const key = this.prefix + limit.key;
      const [[, count], [, ttl]] = (await redis.multi().incr(key).pttl(key).exec()) as [[null, number], [null, number]];
      if (ttl < 0) await redis.pexpire(key, limit.windowMs);
      return { count, resetInMs: ttl < 0 ? limit.windowMs : ttl };
    });
    if (shared) return shared;
    const now = Date.now();
    const entry = this.memory.get(limit.key);
    if (!entry || entry.resetAt <= now) {
      this.memory.set(limit.key, { count: 1, resetAt: now + limit.windowMs });
      return { count: 1, resetInMs: limit.windowMs };
    }
    entry.count++;
    return { count: entry.count, resetInMs: entry.resetAt - now };
  }

  private async peek(limit: Limit): Promise<{ count: number; resetInMs: number }> {
    const shared = await this.withRedis(async (redis) => {
      const key = this.prefix + limit.key;
      const [count, ttl] = await Promise.all([redis.get(key), redis.pttl(key)]);
      return { count: Number(count ?? 0), resetInMs: Math.max(ttl, 0) };
    });
    if (shared) return shared;
    const entry = this.memory.get(limit.key);
    if (!entry || entry.resetAt <= Date.now()) return { count: 0, resetInMs: 0 };
    return { count: entry.count, resetInMs: entry.resetAt - Date.now() };
  }
}
