import type { Logger } from 'pino';
import type { AppConfig } from '../config/config.js';
import { redactUrl } from '../core/logging/logger.js';
import { repoPaths } from '../core/paths.js';
import { startEmbeddedDatabase } from '../core/prisma/embedded-database.js';
import { applyMigrations } from '../core/prisma/migrations.js';

export interface PreparedDatabase {
  url: string;
  stop(): Promise<void>;
}

/**
 * Uses DATABASE_URL, or starts the embedded PostgreSQL (`attach`: the one `npm start` already runs
 * on this data directory, for the command-line tools); then applies pending migrations.
 */
export async function prepareDatabase(
  config: AppConfig,
  logger: Logger,
  options: { migrate: boolean; attach?: boolean },
): Promise<PreparedDatabase> {
  const database = config.DATABASE_URL
    ? { url: config.DATABASE_URL, stop: () => Promise.resolve() }
    : await startEmbeddedDatabase(config.DATA_DIR, config.EMBEDDED_POSTGRES_PORT, logger, { attach: options.attach });
  if (options.migrate) {
    try {
      const applied = await applyMigrations(database.url, repoPaths.migrations);
      logger.info(
        { applied, database: redactUrl(database.url) },
        applied.length ? 'migrations applied' : 'database schema is up to date',
      );
    } catch (error) {
      await database.stop();
      throw error;
    }
  }
  return database;
}
