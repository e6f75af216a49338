import 'reflect-metadata';
import { ConfigError, loadConfig, type AppConfig } from './config/config.js';
import { createLogger, defaultLogFormat } from './core/logging/logger.js';
import { EmbeddedDatabaseBusy } from './core/prisma/embedded-database.js';
import type { WebMode } from './server/http-app.js';
import { announceStart, createServedApp } from './server/serve-app.js';
import { surviveOutages } from './server/crash-guard.js';
import { onShutdown } from './server/shutdown.js';

async function main(): Promise<void> {
  let config: AppConfig;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const logger = createLogger(config.LOG_LEVEL, {}, defaultLogFormat(config));
  surviveOutages(logger);
  const web: WebMode = process.argv.includes('--dev') ? 'development' : 'production';
  const served = await createServedApp(config, logger, web);
  // SIGTERM: stop accepting, answer what was accepted (SHUTDOWN_DRAIN_MS at most), close queues and the pool, exit 0.
  onShutdown(logger, () => served.close(config.SHUTDOWN_DRAIN_MS), config.SHUTDOWN_DRAIN_MS + 15_000);
  await served.http.app.listen(config.PORT, config.HOST);
  await announceStart(served, config, logger);
}

main().catch((error) => {
  // A refusal that says what to do is one line; anything else with its stack.
  console.error(error instanceof EmbeddedDatabaseBusy ? error.message : error instanceof Error ? error.stack : error);
  process.exit(1);
});
