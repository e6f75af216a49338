import type { APIRequestContext, Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startFakeStripe, type FakeStripe } from '../../api/test/fakes/stripe.js';
import { CLIENT_HEADERS, createDesigner, loggedInContext } from '../editor/support.js';
import { launchChromium, saveScreenshot, waitForHydration } from '../support/browser.js';
import { startBuiltApp, type BuiltApp } from '../support/served-app.js';

/** Seats and subscriptions in Chromium against the fake Stripe: every price is on screen before anything is charged. */
describe.skipIf(!inject('chromiumPath'))('money is shown before it moves', () => {
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

  async function open(page: Page, path: string) {
    await page.goto(`${app.url}${path}`);
    await waitForHydration(page);
    const reject = page.getByRole('button', { name: 'Reject all' });
    if (
      await reject.waitFor({ timeout: 1500 }).then(
        () => true,
        () => false,
      )
    )
      await reject.click();
  }
  const post = (request: APIRequestContext, path: string, data?: unknown) =>
    request.post(`${app.url}/api${path}`, { headers: CLIENT_HEADERS, data });

  it('an invite with no free seat offers "Add a seat (+€29.00/month)"; seat changes show the new price and the prorated amount first', async () => {
    const owner = await createDesigner(app);
    const context = await loggedInContext(browser, app, owner, { width: 1280, height: 900 });
    const started = await post(context.request, '/billing/checkout', { planName: 'studio', cycle: 'monthly' });
    await stripe.completeCheckout(new URL((await started.json()).content.url).pathname.split('/').pop()!);
    await stripe.settled();
    expect((await post(context.request, '/teams', { name: 'Paid studio' })).status()).toBe(201);

    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await open(page, '/settings/team');
    await page.getByLabel('E-mail address').fill('first-hire@studio.test');
    await page.getByRole('button', { name: 'Send invitation' }).click();
    const add = page.getByRole('button', { name: 'Add a seat (+€29.00/month)' });
    await add.waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
    await saveScreenshot(page, 'teams-add-a-seat-offer');
    await add.click();
    const confirm = page.getByRole('group', { name: 'Change to 2 seats' });
    await confirm.getByText('New price: €58.00/month for 2 seats (€29.00 each).').waitFor();
    expect(await confirm.textContent()).toMatch(
      /Charged for the rest of this period: €2\d\.\d\d, on your next invoice\./,
    );
    await saveScreenshot(page, 'teams-add-a-seat-confirm');
    await confirm.getByRole('button', { name: 'Confirm and pay' }).click();
    await page.getByText('Invitation sent to first-hire@studio.test.').waitFor({ timeout: 15_000 });
    await page.getByLabel('Seats used: 2 / 2').waitFor();

    // The seats panel: review, then confirm.
    await page.getByRole('spinbutton', { name: 'Seats' }).fill('4');
    await page.getByRole('button', { name: 'Review change' }).click();
    const review = page.getByRole('group', { name: 'Change to 4 seats' });
    await review.getByText('New price: €116.00/month for 4 seats (€29.00 each).').waitFor();
    await saveScreenshot(page, 'teams-seats-review');
    await review.getByRole('button', { name: 'Confirm and pay' }).click();
    await page.getByText('Your team now has 4 seats.').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('checkout during a trial says the first charge falls on the trial end; trial seats are free and say so', async () => {
    const owner = await createDesigner(app);
    const context = await loggedInContext(browser, app, owner, { width: 1280, height: 900 });
    expect((await post(context.request, '/start-trial/studio/monthly')).status()).toBe(200);
    expect((await post(context.request, '/teams', { name: 'Trial studio' })).status()).toBe(201);
    const page = await context.newPage();
    await open(page, '/settings/team');
    await page.getByRole('spinbutton', { name: 'Seats' }).fill('2');
    await page.getByRole('button', { name: 'Review change' }).click();
    const review = page.getByRole('group', { name: 'Change to 2 seats' });
    await review.getByText(/^Free during your trial\. When you subscribe, your plan costs €58\.00\/month/).waitFor();
    await saveScreenshot(page, 'teams-trial-seats');
    await review.getByRole('button', { name: 'Confirm', exact: true }).click();
    await page.getByText('Your team now has 2 seats.').waitFor();

    await open(page, '/settings/billing/checkout/studio/monthly');
    await page.getByTestId('checkout-total').filter({ hasText: 'Total today: €0.00' }).waitFor();
    expect(await page.getByTestId('checkout-trial').textContent()).toMatch(
      /^Your trial continues: the first charge, €58\.00, is on [A-Z][a-z]{2} \d\d, \d{4}, when your trial ends\./,
    );
    await saveScreenshot(page, 'billing-checkout-during-trial');
    await context.close();
  });
});
