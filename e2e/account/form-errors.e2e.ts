import { ContactTexts } from '@loopwright/contracts';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { useAppAndBrowser } from '../support/app-and-browser.js';
import { saveScreenshot, waitForHydration } from '../support/browser.js';

/** What a screen reader announces for a field: invalid, and described by this error text. */
async function expectInvalid(field: Locator, message: string) {
  expect(await field.getAttribute('aria-invalid')).toBe('true');
  const describedBy = (await field.getAttribute('aria-describedby')) ?? '';
  const descriptions = await Promise.all(
    describedBy
      .split(' ')
      .filter(Boolean)
      .map((id) => field.page().locator(`[id="${id}"]`).textContent()),
  );
  expect(descriptions).toContain(message);
}

const isFocused = (field: Locator) => field.evaluate((el) => el === document.activeElement);

/** Hides the cookie banner so the form shows in the screenshot. */
async function rejectCookies(page: Page) {
  const reject = page.getByRole('button', { name: 'Reject all' });
  if (await reject.isVisible()) await reject.click({ timeout: 2000 }).catch(() => undefined);
}

describe.skipIf(!inject('chromiumPath'))('form errors (react-hook-form with the contracts’ schemas)', () => {
  const running = useAppAndBrowser();

  async function open(path: string): Promise<Page> {
    const page = await (await running.browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    await page.goto(`${running.app.url}${path}`);
    await waitForHydration(page);
    await rejectCookies(page);
    return page;
  }

  it('marks the invalid fields, describes them with their error and focuses the first one', async () => {
    const page = await open('/login');
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    const email = page.getByLabel('E-mail', { exact: true });
    await page.getByText('You must enter a valid email address!').waitFor();
    await expectInvalid(email, 'You must enter a valid email address!');
    expect(await isFocused(email)).toBe(true);
    await saveScreenshot(page, 'form-errors-login');
    // Fixing a field clears its error as the user types.
    await email.fill('someone@example.test');
    await expect.poll(() => email.getAttribute('aria-invalid')).toBe('false');
    await page.context().close();
  });

  it('puts the server’s field errors on the fields (and one it does not show above the form)', async () => {
    const page = await open('/login');
    let fields = [{ field: 'password', message: 'The server refused this password' }];
    await page.route('**/api/oauth2/login', (route) =>
      route.fulfill({
        status: 400,
        contentType: 'application/json',
        body: JSON.stringify({
          success: false,
          error: { code: 'VALIDATION_FAILED', message: fields[0].message, details: { fields } },
        }),
      }),
    );
    await page.getByLabel('E-mail', { exact: true }).fill('someone@example.test');
    const password = page.getByLabel('Password', { exact: true });
    await password.fill('long enough');
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await page.getByText('The server refused this password').waitFor();
    await expectInvalid(password, 'The server refused this password');
    await expect.poll(() => isFocused(password)).toBe(true);
    await saveScreenshot(page, 'form-errors-login-server');

    fields = [{ field: 'captchaToken', message: 'The captcha has expired' }];
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await page.getByRole('alert').filter({ hasText: 'The captcha has expired' }).waitFor();
    await page.context().close();
  });

  it('checks the contact form in the browser with the spec’s texts before sending', async () => {
    const page = await open('/contact');
    let sent = 0;
    await page.route('**/api/contact/form', (route) => {
      sent++;
      return route.continue();
    });
    const form = page.locator('form[data-form="contact"]');
    await form.getByRole('button').click();
    await form.getByText(ContactTexts.nameRequired).waitFor();
    for (const text of [
      ContactTexts.emailRequired,
      ContactTexts.jobRequired,
      ContactTexts.companyRequired,
      ContactTexts.subjectRequired,
      ContactTexts.messageRequired,
    ]) {
      expect(await form.getByText(text).isVisible()).toBe(true);
    }
    const name = form.getByLabel('Name', { exact: true });
    await expectInvalid(name, ContactTexts.nameRequired);
    expect(await isFocused(name)).toBe(true);
    await name.fill('Al');
    await form.getByText(ContactTexts.nameTooShort).waitFor();
    await page.evaluate(() => window.scrollTo(0, 0));
    await saveScreenshot(page, 'form-errors-contact');
    expect(sent).toBe(0);
    await page.context().close();
  });
});
