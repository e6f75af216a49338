import type { Logger } from 'pino';

/**
 * Runs `stop` once on SIGINT/SIGTERM (Ctrl-C stops everything this process started) and exits 0;
 * exits 1 if stopping fails or takes longer than `limitMs`.
 */
export function onShutdown(logger: Logger, stop: () => Promise<void>, limitMs = 15_000): void {
  let stopping = false;
  const handler = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down: finishing accepted work');
    const force = setTimeout(() => {
      logger.error('shutdown took too long; exiting');
      process.exit(1);
    }, limitMs);
    force.unref();
    stop()
      .then(() => {
        logger.info('stopped cleanly');
        process.exit(0);
      })
      .catch((error: Error) => {
        logger.error({ error: error.message }, 'error while shutting down');
        process.exit(1);
      });
  };
  process.on('SIGINT', handler);
  process.on('SIGTERM', handler);
}
