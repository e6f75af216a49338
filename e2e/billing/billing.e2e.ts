import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startFakeStripe, type FakeStripe } from '../../api/test/fakes/stripe.js';
import { CLIENT_HEADERS, createDesigner } from '../editor/support.js';
import { launchChromium, saveScreenshot, waitForHydration } from '../support/browser.js';
import { startBuiltApp, type BuiltApp } from '../support/served-app.js';

/**
 * Billing in Chromium against the built app and a fake Stripe on loopback (hosted checkout and
 * portal pages included): checkout → webhook → active → cancel scheduled → undo; payment failure →
 * pending → retry; account details with the tax ID's VIES result; billing history.
 */
describe.skipIf(!inject('chromiumPath'))('billing in Chromium', () => {
  let stripe: FakeStripe;
  let app: BuiltApp;
  let browser: Browser;

  beforeAll(async () => {
    stripe = await startFakeStripe();
    [app, browser] = await Promise.all([startBuiltApp(stripe.env()), launchChromium()]);
    stripe.setWebhookUrl(`${app.url}/api/billing/webhooks`);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
    await stripe?.close();
  });

  async function dismissConsent(page: Page) {
    const reject = page.getByRole('button', { name: 'Reject all' });
    if (
      await reject.waitFor({ timeout: 1500 }).then(
        () => true,
        () => false,
      )
    )
      await reject.click();
  }
  /** Waits until the billing state badge reads `text`. */
  const stateIs = (page: Page, text: string) =>
    page
      .getByTestId('billing-state')
      .filter({ hasText: new RegExp(`^${text}$`) })
      .waitFor({ timeout: 20_000 });

  it('checkout → webhook → active → cancel scheduled → undo; payment failure → pending → retry; account details and history', async () => {
    const designer = await createDesigner(app);
    // Stripe sends the browser back to APP_URL (http://localhost:<port> here): the session lives on that host.
    const base = app.url.replace('127.0.0.1', 'localhost');
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const login = await context.request.post(`${base}/api/oauth2/login`, {
      headers: CLIENT_HEADERS,
      data: { email: designer.email, password: designer.password },
    });
    expect(login.status()).toBe(200);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));

    // Usage & Billing without a subscription: the plans to subscribe to.
    await page.goto(`${base}/settings/billing`);
    await waitForHydration(page);
    await dismissConsent(page);
    await page.getByRole('heading', { name: 'Billing', exact: true }).waitFor();
    await page.getByRole('link', { name: /Professional/ }).click();

    // Checkout: the cycle changes the total; then Stripe's page.
    await page.getByRole('heading', { name: 'Checkout' }).waitFor();
    await page.getByText('Yearly', { exact: true }).click();
    await page.getByTestId('checkout-total').filter({ hasText: '€290.00' }).waitFor();
    await page.getByText('Monthly', { exact: true }).click();
    await page
      .getByTestId('checkout-total')
      .filter({ hasText: /€29\.00$/ })
      .waitFor();
    await saveScreenshot(page, 'billing-checkout');
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await page.waitForURL(`${stripe.url}/checkout/**`);
    await page.getByRole('button', { name: 'Subscribe' }).click();

    // Back from Stripe: the webhook made it active.
    await page.waitForURL(/\/settings\/billing\/checkout\/complete/);
    await page.getByRole('heading', { name: 'Your Professional plan is active' }).waitFor({ timeout: 20_000 });
    await saveScreenshot(page, 'billing-checkout-complete');
    await page.getByRole('link', { name: 'Go to Usage & Billing' }).click();
    await stateIs(page, 'Active');
    await saveScreenshot(page, 'billing-usage-active');

    // Cancel at the end of the period, then undo.
    await page.getByRole('button', { name: 'Cancel subscription' }).click();
    await page.getByRole('button', { name: 'Cancel at period end' }).click();
    await stateIs(page, 'Cancellation scheduled');
    await page.getByText(/Your subscription is cancelled and ends on/).waitFor();
    await saveScreenshot(page, 'billing-cancel-scheduled');
    await page.getByRole('button', { name: 'Undo cancellation' }).click();
    await stateIs(page, 'Active');
    await page.getByText('The cancellation is undone').waitFor();

    // The renewal payment fails (Stripe's side): payment pending, retry.
    const subscriptionId = stripe.events.find((e) => e.type === 'customer.subscription.created')!.data.object
      .id as string;
    await stripe.failRenewal(subscriptionId);
    await page.reload();
    await stateIs(page, 'Payment pending');
    await page.getByText('The last payment did not go through.').waitFor();
    await page.getByText('No payment change while payment is pending.').waitFor();
    expect(await page.getByRole('link', { name: 'Change plan or billing cycle' }).count()).toBe(0);
    await saveScreenshot(page, 'billing-payment-pending');
    await page.getByRole('button', { name: 'Retry payment' }).click();
    await stateIs(page, 'Active');
    await page.getByText('Payment received. Your subscription is active.').waitFor();

    // Upgrade details: a cycle change waits for the renewal.
    await page.getByRole('link', { name: 'Change plan or billing cycle' }).click();
    await page.getByRole('heading', { name: 'Upgrade details' }).waitFor();
    await page.getByRole('radiogroup', { name: 'Billing cycle' }).getByText('Yearly').click();
    await page.getByTestId('upgrade-when').filter({ hasText: 'applies at your next renewal' }).waitFor();
    await saveScreenshot(page, 'billing-upgrade-details');
    await page.getByRole('link', { name: 'Back' }).click();

    // Account details: company, address, tax ID validated by VIES (through Stripe).
    await page.getByRole('link', { name: 'Account details' }).click();
    await page.getByLabel('Company name').fill('Studio Example GmbH');
    await page.getByLabel('Invoicing email').fill('billing@studio.example');
    await page.getByLabel('Address', { exact: true }).fill('Beispielstr. 1');
    await page.getByLabel('Postal code').fill('10115');
    await page.getByLabel('City', { exact: true }).fill('Berlin');
    await page.getByLabel('Country', { exact: true }).fill('DE');
    await page.getByRole('button', { name: 'Save details' }).click();
    await page.getByText('Account details saved.').waitFor();
    await page.getByLabel('EU VAT number').fill('DE123456789');
    await page.getByRole('button', { name: 'Add tax ID' }).click();
    await page.getByTestId('tax-id-status').filter({ hasText: 'Being validated' }).waitFor();
    const customerId = stripe.events.find((e) => e.type === 'customer.tax_id.created')!.data.object;
    await stripe.verifyTaxId(customerId.id as string, 'verified');
    await page.reload();
    await page
      .getByTestId('tax-id-status')
      .filter({ hasText: /^Valid$/ })
      .waitFor({ timeout: 20_000 });
    await page.getByText(/validated on/).waitFor();
    await page.evaluate(() => window.scrollTo(0, 0));
    await saveScreenshot(page, 'billing-account-details');

    // Billing history: the invoices with status and PDF.
    await page.goto(`${base}/settings/billing/history`);
    await page.getByRole('table').waitFor();
    await expect.poll(() => page.getByRole('row').count(), { timeout: 15_000 }).toBe(3);
    expect(await page.getByRole('link', { name: /Download PDF/ }).count()).toBe(2);
    await saveScreenshot(page, 'billing-history');

    // Cancel now: back on Public; resume through a new Checkout.
    await page.goto(`${base}/settings/billing`);
    await stateIs(page, 'Active');
    await page.getByRole('button', { name: 'Cancel subscription' }).click();
    await page.getByRole('button', { name: 'Cancel now' }).click();
    await stateIs(page, 'Cancelled');
    await page
      .getByText('Your subscription has ended and the workspace is on the Public plan.', { exact: false })
      .waitFor();
    // The plan card above follows: Public now.
    await page
      .locator('.plan-current__name')
      .filter({ hasText: /^Public/ })
      .waitFor();
    await page.evaluate(() => window.scrollTo(0, 0));
    await saveScreenshot(page, 'billing-ended-resume');
    await page.getByRole('button', { name: 'Resume subscription' }).click();
    await page.waitForURL(`${stripe.url}/checkout/**`);
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await page.getByRole('heading', { name: 'Your Professional plan is active' }).waitFor({ timeout: 20_000 });

    expect(errors).toEqual([]);
    await context.close();
  });
});
