import { Inject, Injectable, Optional, type OnModuleDestroy } from '@nestjs/common';
import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import type { Logger } from 'pino';
import { PrismaClient } from '../../generated/prisma/client.js';
import { APP_CONFIG, LOGGER } from '../tokens.js';
import type { AppConfig } from '../../config/config.js';
import { MetricsService } from '../metrics/metrics.service.js';

const CONNECT_TIMEOUT_MS = 5_000;

/**
 * Owns the connection pool; the only way code reaches the database. A lost connection (PostgreSQL
 * restarting, the network dropping) is logged and the pool reconnects on the next query: it never
 * takes the process down. A statement running past DATABASE_STATEMENT_TIMEOUT_MS is cancelled.
 */
@Injectable()
export class PrismaService extends PrismaClient implements OnModuleDestroy {
  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    @Inject(LOGGER) logger: Logger,
    @Optional() metrics?: MetricsService,
  ) {
    const lost = (error: Error) =>
      logger.warn(
        { error: error.message, code: (error as { code?: string }).code },
        'database connection lost; the pool reconnects on the next query',
      );
    const timeout = config.DATABASE_STATEMENT_TIMEOUT_MS || undefined;
    // Our own pool (the adapter ends it on disconnect), so its use can be measured.
    const pool = new pg.Pool({
      connectionString: config.DATABASE_URL,
      max: config.DATABASE_POOL_SIZE,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      statement_timeout: timeout,
      idle_in_transaction_session_timeout: timeout,
    });
    super({
      adapter: new PrismaPg(pool, { onPoolError: lost, onConnectionError: lost, disposeExternalPool: true }),
    });
    metrics?.addCollector('database pool', () => {
      metrics.databasePool.set({ state: 'total' }, pool.totalCount);
      metrics.databasePool.set({ state: 'idle' }, pool.idleCount);
      metrics.databasePool.set({ state: 'in_use' }, pool.totalCount - pool.idleCount);
      metrics.databasePool.set({ state: 'waiting' }, pool.waitingCount);
      metrics.databasePool.set({ state: 'max' }, config.DATABASE_POOL_SIZE);
    });
  }

  async onModuleDestroy(): Promise<void> {
    await this.$disconnect();
  }
}

export type TransactionClient = Parameters<Parameters<PrismaService['$transaction']>[0]>[0];
