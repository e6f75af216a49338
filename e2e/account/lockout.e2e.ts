import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AuthTexts } from '@loopwright/contracts';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { linkFrom, startSmtpSink } from '../../api/test/fakes/smtp-sink.js';
import { useAppAndBrowser } from '../support/app-and-browser.js';
import { saveScreenshot, waitForHydration } from '../support/browser.js';
import { CLIENT_HEADERS, createDesigner, type Designer } from '../editor/support.js';

// A reCAPTCHA verifier on loopback: only the token the fake script below hands out passes.
const verifier = createServer((request, response) => {
  let raw = '';
  request.on('data', (chunk: Buffer) => (raw += chunk.toString()));
  request.on('end', () => {
    const ok = new URLSearchParams(raw).get('response') === 'human-token';
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ success: ok, score: ok ? 0.9 : 0.1 }));
  });
});
await new Promise<void>((resolve) => verifier.listen(0, '127.0.0.1', resolve));
const smtp = await startSmtpSink();
afterAll(async () => {
  await smtp.close();
  await new Promise((resolve) => verifier.close(resolve));
});
// Google's script, as the browser would load it: grecaptcha.execute answers with a token.
const FAKE_RECAPTCHA = `window.grecaptcha = { ready: (f) => f(), execute: async () => 'human-token' };`;

/** Ten wrong passwords from ten stranger addresses lock the account for unknown browsers. */
async function strangersLock(appUrl: string, designer: Designer) {
  for (let i = 0; i < 10; i++) {
    const response = await fetch(`${appUrl}/api/oauth2/login`, {
      method: 'POST',
      headers: { ...CLIENT_HEADERS, 'Content-Type': 'application/json', 'x-forwarded-for': `203.0.113.${i + 1}` },
      body: JSON.stringify({ email: designer.email, password: `guess-${i}` }),
    });
    expect(response.status).toBe(401);
  }
}

async function logInOnPage(page: Page, appUrl: string, designer: Designer) {
  await page.goto(`${appUrl}/login`);
  await waitForHydration(page);
  await page.getByLabel('E-mail', { exact: true }).fill(designer.email);
  await page.getByLabel('Password', { exact: true }).fill(designer.password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

describe.skipIf(!inject('chromiumPath'))('an account locked by strangers', () => {
  const running = useAppAndBrowser({
    TRUST_PROXY: 'true',
    SMTP_URL: smtp.url,
    RECAPTCHA_SECRET: 'captcha-secret',
    RECAPTCHA_SITE_KEY: 'site-key',
    RECAPTCHA_VERIFY_URL: `http://127.0.0.1:${(verifier.address() as AddressInfo).port}/verify`,
  });

  it('unlocks with the mailed link, and lets its owner in with the CAPTCHA', async () => {
    const designer = await createDesigner(running.app);
    await strangersLock(running.app.url, designer);

    // A new browser that cannot load the CAPTCHA is refused, with what to do; the owner's mail has an unlock link.
    const phone = await running.browser.newContext();
    await phone.route('https://www.google.com/recaptcha/**', (route) => route.abort());
    const phonePage = await phone.newPage();
    await logInOnPage(phonePage, running.app.url, designer);
    await phonePage.getByText(AuthTexts.accountLocked).waitFor();
    await saveScreenshot(phonePage, 'account-locked-login');
    const mail = await smtp.waitFor(
      (m) => m.to.includes(designer.email) && /locked after failed logins/.test(m.subject),
    );
    const { token } = linkFrom(mail, '/unlock-account');
    await phonePage.goto(`${running.app.url}/unlock-account?token=${encodeURIComponent(token)}`);
    await waitForHydration(phonePage);
    await saveScreenshot(phonePage, 'account-unlock');
    await phonePage.getByRole('button', { name: 'Unlock my account on this browser' }).click();
    await phonePage.getByText(AuthTexts.accountUnlocked).waitFor();
    await logInOnPage(phonePage, running.app.url, designer);
    await phonePage.waitForURL((url) => !url.pathname.startsWith('/login'));
    await phone.close();

    // Locked again: a new browser answers the (invisible) CAPTCHA and the login goes through.
    await strangersLock(running.app.url, designer);
    const laptop = await running.browser.newContext();
    await laptop.route('https://www.google.com/recaptcha/**', (route) =>
      route.fulfill({ contentType: 'text/javascript', body: FAKE_RECAPTCHA }),
    );
    const page = await laptop.newPage();
    await logInOnPage(page, running.app.url, designer);
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await laptop.close();
  });

  it('the register page says when the CAPTCHA cannot load, and when it cannot run', async () => {
    const context = await running.browser.newContext();
    let script: 'blocked' | 'failing' = 'blocked';
    await context.route('https://www.google.com/recaptcha/**', (route) =>
      script === 'blocked'
        ? route.abort()
        : route.fulfill({
            contentType: 'text/javascript',
            body: `window.grecaptcha = { ready: (f) => f(), execute: async () => { throw new Error('quota'); } };`,
          }),
    );
    const page = await context.newPage();
    const submit = async () => {
      await page.goto(`${running.app.url}/register`);
      await waitForHydration(page);
      await page.getByLabel('E-mail', { exact: true }).fill(`captcha-${Date.now()}@example.com`);
      await page.getByLabel('Password', { exact: true }).fill('a long enough password');
      await page.getByLabel('Confirm password', { exact: true }).fill('a long enough password');
      await page.getByLabel('I have read and agreed to the Terms of Service', { exact: true }).check();
      await page.getByRole('button', { name: 'Create free account' }).click();
    };
    await submit();
    await page.getByText(AuthTexts.captchaScriptFailed).waitFor();
    await saveScreenshot(page, 'register-captcha-not-loaded');
    script = 'failing';
    await submit();
    await page.getByText(AuthTexts.captchaExecuteFailed).waitFor();
    await context.close();
  });
});
