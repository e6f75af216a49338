import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { repoPaths } from '../../api/src/core/paths.js';
import { cloneRunDatabase } from '../../api/test/support/run-database.js';
import { freePort } from './built-app.js';

export interface BuiltApp {
  url: string;
  databaseUrl: string;
  /** What the app logged, as its process would have printed it. */
  output(): string;
  close(): Promise<void>;
}

/** A module of the production build (api/dist), imported by Node itself: vitest.config.ts leaves api/dist external. */
function fromBuild<Module>(file: string): Promise<Module> {
  return import(pathToFileURL(path.join(repoPaths.root, 'api/dist', file)).href) as Promise<Module>;
}

/**
 * The production build (api/dist over web/dist) served from the test file's own process, on a random port
 * over its own database, configured as `node api/dist/main.js` would be. The files of one Vitest worker
 * share the build's modules, so each pays only for its app's start, not for loading Nest, Prisma and every
 * module again. The process's own behaviour (signals, exit codes, `npm start`) is tested with
 * startBuiltAppProcess, and so is a file that waits synchronously (spawnSync) on a client of the app.
 */
export async function startBuiltApp(env: Record<string, string> = {}): Promise<BuiltApp> {
  await import('reflect-metadata');
  const [{ loadConfig }, { createLogger }, { announceStart, createServedApp }] = await Promise.all([
    fromBuild<typeof import('../../api/src/config/config.js')>('config/config.js'),
    fromBuild<typeof import('../../api/src/core/logging/logger.js')>('core/logging/logger.js'),
    fromBuild<typeof import('../../api/src/server/serve-app.js')>('server/serve-app.js'),
  ]);
  // A test that must know the address first (a provider's redirect URI) passes its own PORT.
  const [database, port] = await Promise.all([cloneRunDatabase(), env.PORT ? Number(env.PORT) : freePort()]);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'lw-e2e-data-'));
  const forgetDataDir = () => rmSync(dataDir, { recursive: true, force: true });
  let output = '';
  let served: Awaited<ReturnType<typeof createServedApp>> | undefined;
  try {
    const config = loadConfig({
      NODE_ENV: 'production',
      APP_SECRET: randomBytes(32).toString('hex'),
      DATABASE_URL: database.url,
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DATA_DIR: dataDir,
      // Its database is a clone of the migrated template; the schema engine (WebAssembly, one per process) stays
      // with the tests of migrating.
      MIGRATE_ON_START: 'false',
      ...env,
      PORT: String(port),
    });
    const logger = createLogger(config.LOG_LEVEL, {}, 'json', { write: (line: string) => (output += line) });
    served = await createServedApp(config, logger, 'production');
    await served.http.app.listen(config.PORT, config.HOST);
    await announceStart(served, config, logger);
  } catch (error) {
    // An app that never started leaves nothing behind: its connections closed, its data folder gone.
    await served?.close().catch(() => undefined);
    forgetDataDir();
    throw error;
  }
  const app = served;
  return {
    url: `http://127.0.0.1:${port}`,
    databaseUrl: database.url,
    output: () => output,
    async close() {
      await app.close();
      forgetDataDir();
    },
  };
}
