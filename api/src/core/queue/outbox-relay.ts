import type { Logger } from 'pino';

const RELAY_INTERVAL_MS = 30_000;

/**
 * Every 30 s, re-hands outbox rows the queue never got (Redis was down, or the process died after
 * the commit). Returns the function that stops it. Tests call the relay themselves instead.
 */
export function startOutboxRelay(name: string, relay: () => Promise<unknown>, logger: Logger): () => void {
  const timer = setInterval(() => {
    relay().catch((error: Error) => logger.warn({ error: error.message }, `${name} relay failed`));
  }, RELAY_INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}
