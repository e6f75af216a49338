import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { AuthTexts, PlanTexts } from '@loopwright/contracts';
import { createDesigner, loggedInContext } from '../editor/support.js';
import { acceptCookiesIfAsked, launchChromium, saveScreenshot, waitForHydration } from '../support/browser.js';
import { startBuiltApp, type BuiltApp } from '../support/served-app.js';

/** A self-hosted instance as a newcomer meets it: no mail server, billing off. */
describe.skipIf(!inject('chromiumPath'))('a self-hosted instance speaks self-hosted', () => {
  let app: BuiltApp;
  let browser: Browser;
  beforeAll(async () => {
    [app, browser] = await Promise.all([startBuiltApp(), launchChromium()]);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  async function open(page: Page, path: string) {
    await page.goto(`${app.url}${path}`);
    await waitForHydration(page);
    await acceptCookiesIfAsked(page);
  }

  it('pricing leads with the self-hosted notice, without prices or trials; Start for free leads a signed-in person to the app', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await open(page, '/pricing');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Plans on this instance');
    const note = page.getByRole('note').filter({ hasText: PlanTexts.selfHosted });
    const noteBox = (await note.boundingBox())!;
    const gridBox = (await page.locator('.plans__grid').boundingBox())!;
    expect(noteBox.y).toBeLessThan(gridBox.y);
    expect(await page.getByRole('link', { name: 'Start 14-day free trial' }).count()).toBe(0);
    expect(await page.locator('.plan__price').count()).toBe(0);
    expect(await page.locator('.plans').getByText('€').count()).toBe(0);
    expect(await page.getByRole('radiogroup', { name: 'Billing cycle' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Start for free' }).getAttribute('href')).toBe('/register');
    // The FAQ keeps its questions about limits and self-hosting, and none about trials, prices or payment.
    const faq = page.locator('.faq');
    await faq.getByText('What about self-hosting?').waitFor();
    expect(await faq.getByText('What do the limits mean?').count()).toBe(1);
    expect((await faq.textContent())!).not.toMatch(/trial|€|euro|price|billing|billed|credit card|subscription/i);
    await saveScreenshot(page, 'self-hosted-pricing');

    const designer = await loggedInContext(browser, app, await createDesigner(app), { width: 1280, height: 900 });
    const signedIn = await designer.newPage();
    await open(signedIn, '/pricing');
    expect(await signedIn.getByRole('link', { name: 'Start for free' }).getAttribute('href')).toBe('/diagrams');
    await designer.close();
    await context.close();
  });

  it('the home page FAQ does not promise a trial', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await open(page, '/');
    const faq = page.locator('.faq');
    await faq.getByText('Can we run it on our own servers?').waitFor();
    expect((await faq.textContent())!).not.toMatch(/trial/i);
    await context.close();
  });

  it('registration says an administrator confirms the account (no mail server)', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await open(page, '/register');
    await page.getByLabel('E-mail', { exact: true }).fill(`newcomer-${Date.now()}@example.test`);
    await page.getByLabel('Password', { exact: true }).fill('newcomer-pw-1');
    await page.getByLabel('Confirm password', { exact: true }).fill('newcomer-pw-1');
    await page.getByLabel('I have read and agreed to the Terms of Service', { exact: true }).check();
    await page.getByRole('button', { name: 'Create free account' }).click();
    await page.getByRole('status').filter({ hasText: AuthTexts.confirmByAdministrator }).waitFor();
    expect(await page.getByText('We sent a confirmation link').count()).toBe(0);
    await saveScreenshot(page, 'self-hosted-registered');
    await context.close();
  });
});
