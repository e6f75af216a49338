import type { Logger } from 'pino';

/** Runs `stop` once on SIGINT/SIGTERM (Ctrl-C stops everything this process started). */
export function onShutdown(logger: Logger, stop: () => Promise<void>): void {
  let stopping = false;
  const handler = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      logger.error('shutdown took too long; exiting');
      process.exit(1);
    }, 15_000);
    force.unref();
    stop()
      .then(() => process.exit(0))
      .catch((error: Error) => {
        logger.error({ error: error.message }, 'error while shutting down');
        process.exit(1);
      });
  };
  process.on('SIGINT', handler);
  process.on('SIGTERM', handler);
}
