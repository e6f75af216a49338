import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { WorkerModule } from './app.module.js';
import { ConfigError, loadConfig } from './config/config.js';
import { createLogger, defaultLogFormat } from './core/logging/logger.js';
import { embeddedDatabaseUrl } from './core/prisma/embedded-database.js';
import { JobRegistry } from './core/queue/job-registry.js';
import { startWorkers } from './core/queue/workers.js';
import { BatchRecovery } from './modules/simulations/batch-recovery.service.js';
import { workerThreads } from './modules/simulations/block-threads.provider.js';
import { surviveOutages } from './server/crash-guard.js';
import { onShutdown } from './server/shutdown.js';

/** `npm run worker`: processes the BullMQ queues with the same modules as the app. */
async function main(): Promise<void> {
  const config = loadConfig();
  const logger = createLogger(config.LOG_LEVEL, { role: 'worker' }, defaultLogFormat(config));
  surviveOutages(logger);
  if (!config.REDIS_URL) {
    logger.error('The worker needs REDIS_URL. Without it, jobs run inside the app process.');
    process.exit(1);
  }
  // Without DATABASE_URL the worker joins the embedded PostgreSQL that `npm start` runs.
  config.DATABASE_URL ??= embeddedDatabaseUrl(config.EMBEDDED_POSTGRES_PORT);
  const context = await NestFactory.createApplicationContext(WorkerModule.forRoot(config, logger), {
    logger: ['error', 'warn'],
  });
  const registry = context.get(JobRegistry);
  // One block of simulation runs per thread at a time: as many blocks as the machine has cores.
  const threads = workerThreads(config);
  const workers = startWorkers(
    registry,
    { redisUrl: config.REDIS_URL, prefix: config.REDIS_PREFIX, concurrency: { blocks: threads } },
    logger,
  );
  logger.info({ queues: workers.queues, jobs: registry.names(), threads }, 'worker started');
  // Batches and studies whose jobs Redis lost: queued again from PostgreSQL, now and every SIMULATION_RECOVERY_MS.
  context.get(BatchRecovery).start();
  // SIGTERM: current jobs get SHUTDOWN_DRAIN_MS to finish, the rest go back to the queue; then the pool closes; exit 0.
  onShutdown(
    logger,
    async () => {
      await workers.close(config.SHUTDOWN_DRAIN_MS);
      await context.close();
    },
    config.SHUTDOWN_DRAIN_MS + 15_000,
  );
}

main().catch((error) => {
  console.error(error instanceof ConfigError ? error.message : error instanceof Error ? error.stack : error);
  process.exit(1);
});
