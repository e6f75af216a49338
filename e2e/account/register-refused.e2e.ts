import { randomBytes } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import { saveScreenshot, waitForHydration } from '../support/browser.js';
import { useAppAndBrowser } from '../support/app-and-browser.js';

const CLIENT = { 'X-Client-Id': 'loopwright-web', 'Content-Type': 'application/json' };
const REGISTRATIONS_PER_IP_PER_HOUR = 10;
const HEADER_ERROR_MS = 3000; // the spec: the header's error banner clears itself after 3 s
const unique = () => randomBytes(4).toString('hex');

// Its own app: it spends this address's hourly registrations.
describe.skipIf(!inject('chromiumPath'))('registering from the login dialog when the server refuses', () => {
  const running = useAppAndBrowser();

  it("closes the dialog and shows the server's reason in the header banner for 3 seconds", async () => {
    for (let i = 0; i < REGISTRATIONS_PER_IP_PER_HOUR; i++) {
      const response = await fetch(`${running.app.url}/api/oauth2/register`, {
        method: 'POST',
        headers: CLIENT,
        body: JSON.stringify({ email: `busy-${unique()}@example.test`, password: 'secret-pass', acceptTerms: true }),
      });
      expect(response.status).toBe(201);
    }
    const context = await running.browser.newContext({ viewport: { width: 1280, height: 860 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${running.app.url}/`);
    await waitForHydration(page);
    await page.evaluate(() =>
      window.dispatchEvent(
        new CustomEvent('loopwright:open-login-dialog', { detail: { sourceAction: 'fork this diagram' } }),
      ),
    );
    const dialog = page.getByRole('dialog', { name: 'To fork this diagram, please create a free public account' });
    await dialog.getByLabel('E-mail', { exact: true }).fill(`refused-${unique()}@example.test`);
    await dialog.getByLabel('Password', { exact: true }).fill('secret-pass');
    await dialog.getByLabel('I have read and agreed to the Terms of Service', { exact: true }).check();
    await dialog.getByRole('button', { name: 'Create free account' }).click();

    await dialog.waitFor({ state: 'detached' });
    const banner = page.getByRole('alert').getByTestId('header-banner');
    await banner.getByText('Too many attempts. Please wait a moment and try again.').waitFor();
    const shownAt = Date.now();
    await saveScreenshot(page, 'account-register-refused-banner');
    await banner.waitFor({ state: 'detached', timeout: HEADER_ERROR_MS + 5000 });
    expect(Date.now() - shownAt).toBeGreaterThan(HEADER_ERROR_MS - 1000);
    expect(errors).toEqual([]);
    await context.close();
  });
});
