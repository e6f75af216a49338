import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { repoPaths } from '../../api/src/core/paths.js';

/** The parts of the built API this test drives directly (the plans services, as billing's webhook does). */
interface Subscriptions {
  applyChange(workspaceId: string, change: Record<string, unknown>, options: { reason: string }): Promise<unknown>;
  downgradeToPublic(workspaceId: string, reason: string): Promise<unknown>;
}
interface Workspaces {
  personalId(userId: string): Promise<string>;
}
interface NestApp {
  init(): Promise<unknown>;
  get<T>(token: unknown): T;
}

/**
 * A second instance of the built API on the app's database, without HTTP: it changes subscriptions
 * the way billing's Stripe webhook does, through the plans services, so SubscriptionChanged events
 * flow through the real outbox and consumers without a Stripe fake.
 */
export async function withPlansServices<T>(
  databaseUrl: string,
  work: (services: { subscriptions: Subscriptions; workspaces: Workspaces }) => Promise<T>,
): Promise<T> {
  const dist = (file: string) => path.join(repoPaths.root, 'api/dist', file);
  const [{ loadConfig }, { createHttpApp }, { SubscriptionsService }, { WorkspacesService }, { pino }] =
    (await Promise.all([
      import(dist('config/config.js')),
      import(dist('server/http-app.js')),
      import(dist('modules/plans/subscriptions.service.js')),
      import(dist('modules/workspaces/workspaces.service.js')),
      import('pino'),
    ])) as [
      { loadConfig: (env: Record<string, string>) => unknown },
      {
        createHttpApp: (
          config: unknown,
          logger: unknown,
          web: 'none',
        ) => Promise<{ app: NestApp; close(): Promise<void> }>;
      },
      { SubscriptionsService: unknown },
      { WorkspacesService: unknown },
      { pino: (options: { level: string }) => unknown },
    ];
  const config = loadConfig({
    NODE_ENV: 'production',
    APP_SECRET: randomBytes(32).toString('hex'),
    DATABASE_URL: databaseUrl,
    REDIS_URL: '',
    LOG_LEVEL: 'silent',
    PORT: '0',
    STRIPE_SECRET_KEY: 'sk_test_e2e',
  });
  const http = await createHttpApp(config, pino({ level: 'silent' }), 'none');
  await http.app.init();
  try {
    return await work({
      subscriptions: http.app.get<Subscriptions>(SubscriptionsService),
      workspaces: http.app.get<Workspaces>(WorkspacesService),
    });
  } finally {
    await http.close();
  }
}
