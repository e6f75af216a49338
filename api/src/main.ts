import 'reflect-metadata';
import { ConfigError, loadConfig, type AppConfig } from './config/config.js';
import { createLogger, defaultLogFormat } from './core/logging/logger.js';
import { EmbeddedDatabaseBusy } from './core/prisma/embedded-database.js';
import { InstanceService } from './modules/instance/instance.service.js';
import { QueueService } from './core/queue/queue.service.js';
import { prepareDatabase } from './server/database.js';
import { createHttpApp, type WebMode } from './server/http-app.js';
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
  const database = await prepareDatabase(config, logger, { migrate: config.MIGRATE_ON_START });
  config.DATABASE_URL = database.url;
  const web: WebMode = process.argv.includes('--dev') ? 'development' : 'production';
  const http = await createHttpApp(config, logger, web).catch(async (error) => {
    await database.stop();
    throw error;
  });
  // SIGTERM: stop accepting, answer what was accepted (SHUTDOWN_DRAIN_MS at most), close queues and the pool, exit 0.
  onShutdown(
    logger,
    async () => {
      await http.close(config.SHUTDOWN_DRAIN_MS);
      await database.stop();
    },
    config.SHUTDOWN_DRAIN_MS + 15_000,
  );
  await http.app.listen(config.PORT, config.HOST);

  const queue = http.app.get(QueueService);
  if (queue.mode === 'in-process') {
    logger.warn(
      'REDIS_URL is not set: background jobs run inside this process (development only; set REDIS_URL and run `npm run worker` in production)',
    );
  }
  const instance = http.app.get(InstanceService);
  await instance.announceInstanceId();
  await instance
    .requestHeartbeat('app')
    .catch((error: Error) => logger.warn({ error: error.message }, 'could not enqueue the worker heartbeat'));
  logger.info(
    { url: config.APP_URL, port: config.PORT, queue: queue.mode },
    `Loopwright is running at ${config.APP_URL}`,
  );
}

main().catch((error) => {
  // A refusal that says what to do is one line; anything else with its stack.
  console.error(error instanceof EmbeddedDatabaseBusy ? error.message : error instanceof Error ? error.stack : error);
  process.exit(1);
});
