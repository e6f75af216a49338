import type { Logger } from 'pino';
import type { AppConfig } from '../config/config.js';
import { InstanceService } from '../modules/instance/instance.service.js';
import { QueueService } from '../core/queue/queue.service.js';
import { prepareDatabase } from './database.js';
import { createHttpApp, type HttpApp, type WebMode } from './http-app.js';

export interface ServedApp {
  http: HttpApp;
  /** Stops accepting, answers what was accepted (up to `drainMs`), then closes the app and its database. */
  close(drainMs?: number): Promise<void>;
}

/**
 * The app `node api/dist/main.js` runs, once its configuration and logger exist: its database (migrated
 * when MIGRATE_ON_START), then the HTTP app, not yet listening. The browser tests serve it this way too.
 */
export async function createServedApp(config: AppConfig, logger: Logger, web: WebMode): Promise<ServedApp> {
  const database = await prepareDatabase(config, logger, { migrate: config.MIGRATE_ON_START });
  config.DATABASE_URL = database.url;
  const http = await createHttpApp(config, logger, web).catch(async (error) => {
    await database.stop();
    throw error;
  });
  return {
    http,
    async close(drainMs) {
      await http.close(drainMs);
      await database.stop();
    },
  };
}

/** After listening: says how jobs run, announces the instance ID and asks the worker for its heartbeat. */
export async function announceStart(served: ServedApp, config: AppConfig, logger: Logger): Promise<void> {
  const queue = served.http.app.get(QueueService);
  if (queue.mode === 'in-process') {
    logger.warn(
      'REDIS_URL is not set: background jobs run inside this process (development only; set REDIS_URL and run `npm run worker` in production)',
    );
  }
  const instance = served.http.app.get(InstanceService);
  await instance.announceInstanceId();
  await instance
    .requestHeartbeat('app')
    .catch((error: Error) => logger.warn({ error: error.message }, 'could not enqueue the worker heartbeat'));
  logger.info(
    { url: config.APP_URL, port: config.PORT, queue: queue.mode },
    `Loopwright is running at ${config.APP_URL}`,
  );
}
