import { PrismaService } from '../../src/core/prisma/prisma.service.js';
import { SubscriptionsService } from '../../src/modules/plans/subscriptions.service.js';
import { startFakeStripe, type FakeStripe } from '../fakes/stripe.js';
import { startTestApp, type TestApp } from './test-app.js';

export interface BillingApp {
  app: TestApp;
  stripe: FakeStripe;
  prisma: PrismaService;
  subscriptions: SubscriptionsService;
  close(): Promise<void>;
}

/**
 * A test app billing against a fake Stripe on loopback: the real `stripe` SDK calls it (STRIPE_API_BASE)
 * and it sends signed webhooks back to the app's /api/billing/webhooks.
 */
export async function startBillingApp(): Promise<BillingApp> {
  const stripe = await startFakeStripe();
  const app = await startTestApp({ env: stripe.env() });
  stripe.setWebhookUrl(`${app.url}/api/billing/webhooks`);
  return {
    app,
    stripe,
    prisma: app.http.app.get(PrismaService),
    subscriptions: app.http.app.get(SubscriptionsService),
    close: async () => {
      await app.close();
      await stripe.close();
    },
  };
}
