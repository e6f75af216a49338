import type { Logger } from 'pino';
import { classifyOutage } from '../core/errors/outage.js';

/**
 * A lost database or Redis connection can surface outside any request (an idle pool client, a
 * socket closing between commands). Those must not end the process: requests answer 503 meanwhile
 * and the pools reconnect by themselves. Anything else unexpected still ends it (exit 1).
 */
export function surviveOutages(logger: Logger): void {
  const handle = (kind: string) => (error: unknown) => {
    if (classifyOutage(error) || isRedisConnectionError(error)) {
      logger.warn(
        { error: (error as Error)?.message, kind },
        'connection error outside a request; the process keeps running',
      );
      return;
    }
    logger.fatal({ err: error, kind }, 'unexpected error; exiting');
    process.exit(1);
  };
  process.on('uncaughtException', handle('uncaughtException'));
  process.on('unhandledRejection', handle('unhandledRejection'));
}

function isRedisConnectionError(error: unknown): boolean {
  const message = (error as Error)?.message ?? '';
  return /Connection is closed|Stream isn't writeable|MaxRetriesPerRequestError|Reached the max retries per request limit|connect ECONNREFUSED/.test(
    message,
  );
}
