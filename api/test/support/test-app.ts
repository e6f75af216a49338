import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { inject } from 'vitest';
import { pino } from 'pino';
import { loadConfig, type AppConfig } from '../../src/config/config.js';
import { createHttpApp, type HttpApp, type WebMode } from '../../src/server/http-app.js';
import { cloneRunDatabase } from './run-database.js';

export interface TestApp {
  url: string;
  http: HttpApp;
  config: AppConfig;
  databaseUrl: string;
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** Use Redis (BullMQ) for jobs; needs a Redis that answers. */
  redis?: boolean;
  web?: WebMode;
  env?: Record<string, string>;
  /** Share another test app's database. */
  databaseUrl?: string;
}

/** The real app on a random port, with its own database cloned from the template. */
export async function startTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const databaseUrl = options.databaseUrl ?? (await cloneRunDatabase()).url;
  const redisUrl = inject('redisUrl');
  if (options.redis && !redisUrl)
    throw new Error('startTestApp({ redis: true }) needs Redis; guard the test with describe.skipIf(!redisUrl)');
  const config = loadConfig({
    NODE_ENV: 'test',
    APP_SECRET: randomBytes(32).toString('hex'),
    DATABASE_URL: databaseUrl,
    REDIS_URL: options.redis ? redisUrl! : '',
    REDIS_PREFIX: `lwtest:${randomBytes(4).toString('hex')}`,
    LOG_LEVEL: 'silent',
    PORT: '0',
    ...options.env,
  });
  const http = await createHttpApp(config, pino({ level: 'silent' }), options.web ?? 'none');
  await http.app.listen(0, '127.0.0.1');
  const { port } = http.app.getHttpServer().address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    http,
    config,
    databaseUrl,
    close: () => http.close(),
  };
}
