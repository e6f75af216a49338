import type { Logger } from 'pino';
import type { Outage } from './outage.js';

const LOG_EVERY_MS = 60_000;

/**
 * Remembers the last time each kind of outage refused a request, and logs each kind at most once
 * a minute (with how many requests it refused meanwhile) instead of once per request.
 * One per process: the exception filter writes it, readiness reads it.
 */
export class OutageMonitor {
  private readonly lastSeen = new Map<Outage, number>();
  private readonly lastLogged = new Map<Outage, number>();
  private readonly refusedSinceLog = new Map<Outage, number>();

  constructor(private readonly now: () => number = Date.now) {}

  record(outage: Outage, logger: Logger, detail: string): void {
    const now = this.now();
    this.lastSeen.set(outage, now);
    const refused = (this.refusedSinceLog.get(outage) ?? 0) + 1;
    const logged = this.lastLogged.get(outage);
    if (logged !== undefined && now - logged < LOG_EVERY_MS) {
      this.refusedSinceLog.set(outage, refused);
      return;
    }
    this.lastLogged.set(outage, now);
    this.refusedSinceLog.set(outage, 0);
    logger.error({ outage, refusedRequests: refused, error: detail }, MESSAGES[outage]);
  }

  /** Seen within the last `withinMs` (a minute by default). */
  seen(outage: Outage, withinMs = LOG_EVERY_MS): boolean {
    const at = this.lastSeen.get(outage);
    return at !== undefined && this.now() - at < withinMs;
  }

  clear(outage: Outage): void {
    this.lastSeen.delete(outage);
  }
}

const MESSAGES: Record<Outage, string> = {
  database: 'the database is unreachable: requests answer 503 until it is back (logged at most once a minute)',
  'storage-full':
    'PostgreSQL is out of disk space: writes answer 503 until space is freed (logged at most once a minute)',
  'statement-timeout':
    'a database statement ran past DATABASE_STATEMENT_TIMEOUT_MS and was cancelled (logged at most once a minute)',
  queue: 'Redis is unreachable: requests that enqueue jobs answer 503 until it is back (logged at most once a minute)',
};

export const outageMonitor = new OutageMonitor();
