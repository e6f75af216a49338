import { loadConfig } from '../config/config.js';
import { createLogger, defaultLogFormat } from '../core/logging/logger.js';
import { prepareDatabase } from '../server/database.js';

// npm run db:migrate (and the compose `migrate` service): apply pending migrations, then exit.
const config = loadConfig();
const logger = createLogger(config.LOG_LEVEL, { role: 'migrate' }, defaultLogFormat(config));
const database = await prepareDatabase(config, logger, { migrate: true, attach: true });
await database.stop();
