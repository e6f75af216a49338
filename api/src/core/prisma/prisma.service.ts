import { Inject, Injectable, Optional, type OnModuleDestroy } from '@nestjs/common';
import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import type { Logger } from 'pino';
import { PrismaClient, type Prisma } from '../../generated/prisma/client.js';
import { APP_CONFIG, LOGGER } from '../tokens.js';
import type { AppConfig } from '../../config/config.js';
import { MetricsService } from '../metrics/metrics.service.js';

const CONNECT_TIMEOUT_MS = 5_000;
const TIMESTAMP_OID = 1114;

/**
 * `timestamp` (no time zone) columns hold UTC, as Prisma writes and reads them; pg's own parser
 * would read them in the process's time zone.
 */
const utcTimestamp = (value: string) => new Date(`${value.replace(' ', 'T')}Z`);
const utcTimestamps: pg.CustomTypesConfig = {
  getTypeParser: (oid: number, format?: 'text' | 'binary') =>
    oid === TIMESTAMP_OID ? utcTimestamp : (pg.types.getTypeParser(oid, format) as (value: string) => unknown),
};

/**
 * Owns the connection pool; the only way code reaches the database. A lost connection (PostgreSQL
 * restarting, the network dropping) is logged and the pool reconnects on the next query: it never
 * takes the process down. A statement running past DATABASE_STATEMENT_TIMEOUT_MS is cancelled.
 */
@Injectable()
export class PrismaService extends PrismaClient implements OnModuleDestroy {
  private readonly pool: pg.Pool;

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
    this.pool = pool;
    metrics?.addCollector('database pool', () => {
      metrics.databasePool.set({ state: 'total' }, pool.totalCount);
      metrics.databasePool.set({ state: 'idle' }, pool.idleCount);
      metrics.databasePool.set({ state: 'in_use' }, pool.totalCount - pool.idleCount);
      metrics.databasePool.set({ state: 'waiting' }, pool.waitingCount);
      metrics.databasePool.set({ state: 'max' }, config.DATABASE_POOL_SIZE);
    });
  }

  /**
   * The rows of one statement (a `Prisma.sql` template), run on the pool without Prisma's query
   * pipeline, which costs about twice the CPU of the query itself: for the few statements every
   * request or autosave runs. Outside any transaction; rows as $queryRaw reads them (timestamps UTC).
   */
  async queryDirect<T>(query: Prisma.Sql): Promise<T[]> {
    return (
      await this.pool.query<T & pg.QueryResultRow>({ text: query.text, values: query.values, types: utcTimestamps })
    ).rows;
  }

  async onModuleDestroy(): Promise<void> {
    await this.$disconnect();
  }
}

export type TransactionClient = Parameters<Parameters<PrismaService['$transaction']>[0]>[0];
