import { randomBytes } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { AuthTexts } from '@loopwright/contracts';
import { startFakeOAuthProvider, type FakeOAuthProvider } from '../../api/test/fakes/oauth-provider.js';
import { linkFrom, startSmtpSink, type SmtpSink } from '../../api/test/fakes/smtp-sink.js';
import { launchChromium, nextFrames, saveScreenshot, waitForHydration } from '../support/browser.js';
import { startBuiltApp, type BuiltApp } from '../support/served-app.js';

/** A screenshot from the top of the page, without the cookie banner over the form (`viewport`: what is on screen only). */
async function shot(page: Page, name: string, options: { viewport?: boolean } = {}) {
  const reject = page.getByRole('button', { name: 'Reject all' });
  if (await reject.isVisible()) await reject.click({ timeout: 2000 }).catch(() => undefined);
  if (!options.viewport) await page.evaluate(() => window.scrollTo(0, 0));
  await saveScreenshot(page, name, options);
}

const CLIENT = { 'X-Client-Id': 'loopwright-web', 'Content-Type': 'application/json' };
const unique = () => randomBytes(4).toString('hex');

describe.skipIf(!inject('chromiumPath'))('accounts in Chromium', () => {
  let app: BuiltApp;
  let browser: Browser;
  let sink: SmtpSink;
  let google: FakeOAuthProvider;

  beforeAll(async () => {
    [sink, google] = await Promise.all([startSmtpSink(), startFakeOAuthProvider()]);
    // Info logs: the instance ID is printed there, as a self-hoster would read it.
    [app, browser] = await Promise.all([
      startBuiltApp({ SMTP_URL: sink.url, LOG_LEVEL: 'info', ...google.env() }),
      launchChromium(),
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
    await sink?.close();
    await google?.close();
  });

  async function api(path: string, body: unknown, cookie?: string) {
    const response = await fetch(`${app.url}/api${path}`, {
      method: 'POST',
      headers: { ...CLIENT, ...(cookie ? { cookie } : {}) },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: await response.json(), cookies: response.headers.getSetCookie() };
  }

  /** The confirmation link of the newest mail to `email`. */
  async function confirmationToken(email: string): Promise<string> {
    const mail = await sink.waitFor((m) => m.to.includes(email) && /confirm-email\?token=/.test(m.body));
    return linkFrom(mail, '/confirm-email').token;
  }

  /** A confirmed account made through the API (the UI flow has its own test). */
  async function confirmedAccount(): Promise<{ email: string; password: string }> {
    const email = `designer-${unique()}@example.test`;
    const password = `pw-${unique()}`;
    expect((await api('/oauth2/register', { email, password, acceptTerms: true })).status).toBe(201);
    expect((await api('/oauth2/confirm-email', { token: await confirmationToken(email) })).status).toBe(200);
    return { email, password };
  }

  async function newPage(width = 1280, height = 860): Promise<{ page: Page; errors: string[] }> {
    const context = await browser.newContext({ viewport: { width, height } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    return { page, errors };
  }

  async function logIn(page: Page, email: string, password: string) {
    await page.goto(`${app.url}/login`);
    await waitForHydration(page);
    await page.getByLabel('E-mail', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
  }

  it('registers, confirms from the e-mailed link, onboards, shows the avatar and profile card, and logs out', async () => {
    const { page, errors } = await newPage();
    const email = `newcomer-${unique()}@example.test`;
    const password = 'correct horse 1';
    const username = `newcomer.${unique()}`;

    await page.goto(`${app.url}/register`);
    await waitForHydration(page);
    expect(await page.title()).toBe('Register | Loopwright');
    // The form's own checks first: nothing is sent while it is invalid.
    await page.getByRole('button', { name: 'Create free account' }).click();
    await page.getByText('You must enter a valid email address!').waitFor();
    await page.getByText('Please accept the Terms of Service').waitFor();
    await page.getByLabel('E-mail', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByLabel('Confirm password', { exact: true }).fill('something else');
    await page.getByRole('button', { name: 'Create free account' }).click();
    await page.getByText('The two passwords entered do not match!').waitFor();
    await shot(page, 'account-register');
    await page.getByLabel('Confirm password', { exact: true }).fill(password);
    await page.getByLabel('I have read and agreed to the Terms of Service', { exact: true }).check();
    await page.getByRole('button', { name: 'Create free account' }).click();
    await page.getByRole('heading', { name: 'Check your inbox' }).waitFor();

    // Before confirming, logging in is refused with the spec's text.
    await logIn(page, email, password);
    await page.getByText('Your email is not confirmed, please check your inbox and follow instructions.').waitFor();
    await shot(page, 'account-login-unconfirmed');

    const token = await confirmationToken(email);
    await page.goto(`${app.url}/confirm-email?token=${encodeURIComponent(token)}`);
    await page.getByRole('heading', { name: 'Your e-mail address is confirmed' }).waitFor();
    await page.getByRole('link', { name: 'Log in' }).last().click();
    await page.waitForURL(/\/login\?confirmed=1/);
    await page.getByLabel('E-mail', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();

    // No username yet: onboarding (welcome → personalize → community username).
    await page.waitForURL(/\/onboarding/);
    await page.getByRole('heading', { name: 'Welcome to Loopwright' }).waitFor();
    await shot(page, 'account-onboarding-welcome');
    await page.getByRole('button', { name: 'Get started' }).click();
    await page.getByLabel('What describes you best?', { exact: true }).selectOption('Game designer');
    await page.getByLabel('What do you want to design?', { exact: true }).selectOption('Game economy');
    await page.getByLabel('Company', { exact: true }).fill('Tiny Forge');
    await shot(page, 'account-onboarding-personalize');
    await page.getByRole('button', { name: 'Continue' }).click();
    const usernameField = page.getByLabel('Community username', { exact: true });
    await usernameField.fill('bad name!');
    await page.getByText('Username may contain only letters, digits and - _ + .').waitFor();
    await usernameField.fill(username);
    await page.getByText(`${username} is available`).waitFor();
    await shot(page, 'account-onboarding-username');
    await page.getByRole('button', { name: 'Finish' }).click();

    // Logged in: the avatar toggles the profile card.
    const avatar = page.getByRole('button', { name: /^Account: / });
    await avatar.waitFor();
    await page.getByRole('link', { name: 'Open App' }).waitFor();
    await avatar.click();
    const card = page.getByRole('region', { name: 'Your account' });
    await card.waitFor();
    expect(await card.getByText(email).isVisible()).toBe(true);
    expect(await card.getByText(username, { exact: true }).isVisible()).toBe(true);
    expect(await card.getByRole('link', { name: 'Community profile' }).getAttribute('href')).toBe(
      `/community/${username}/profile`,
    );
    const appLink = card.getByRole('link', { name: /My app/ });
    expect(await appLink.getAttribute('href')).toBe('/diagrams');
    expect(await appLink.getAttribute('target')).toBe('_blank');
    expect(
      await card
        .locator('.acc-avatar')
        .first()
        .evaluate((el) => el.getBoundingClientRect().width),
    ).toBe(64);
    await shot(page, 'account-profile-card', { viewport: true });
    await page.keyboard.press('Escape');
    await card.waitFor({ state: 'hidden' });

    // The bell opens an empty notifications box.
    const bell = page.getByRole('button', { name: /^Notifications/ });
    await bell.click();
    await page.getByText('No notifications yet').waitFor();
    await page.keyboard.press('Escape');

    // Notifications arrive (the server adds them when, say, a batch finishes): the bell counts the unread ones.
    const add = (body: object) =>
      page.evaluate(
        (b) =>
          fetch('/api/notifications/add', {
            method: 'POST',
            headers: { 'X-Client-Id': 'loopwright-web', 'Content-Type': 'application/json' },
            body: JSON.stringify(b),
          }).then((r) => r.status),
        body,
      );
    expect(
      await add({ type: 'info', message: 'Your 10000 runs of Dice income are ready', link: '/settings/profile' }),
    ).toBe(201);
    expect(await add({ type: 'error', message: 'Your 500 runs of Old economy failed' })).toBe(201);
    // They are pushed live over the socket: the count changes without opening the box or reloading.
    await expect.poll(() => bell.getAttribute('aria-label'), { timeout: 10_000 }).toBe('Notifications, 2 unread');
    await bell.click();
    const box = page.getByRole('region', { name: 'Notifications' });
    await box.getByText('Your 10000 runs of Dice income are ready').waitFor();
    expect(await box.getByText('Your 500 runs of Old economy failed').isVisible()).toBe(true);
    expect(await bell.getAttribute('aria-label')).toBe('Notifications, 2 unread');
    await shot(page, 'account-notifications', { viewport: true });
    // A mark that does not reach the server leaves them unread.
    const marking = (url: URL) => url.pathname === '/api/notifications/mark-as-viewed';
    await page.route(marking, (route) => route.abort());
    const refused = page.waitForEvent('requestfailed', (request) => marking(new URL(request.url())));
    await box.getByRole('button', { name: 'Mark all as read' }).click();
    await refused;
    await nextFrames(page);
    expect(await bell.getAttribute('aria-label')).toBe('Notifications, 2 unread');
    await page.unroute(marking);
    await box.getByRole('button', { name: 'Mark all as read' }).click();
    await expect.poll(() => bell.getAttribute('aria-label')).toBe('Notifications');
    const stored = await page.evaluate(() =>
      fetch('/api/notifications', { headers: { 'X-Client-Id': 'loopwright-web' } }).then((r) => r.json()),
    );
    expect(stored.content.unviewedCount).toBe(0);
    // A notification with a link opens it.
    // When the list cannot be fetched the box says so, and Try again recovers.
    await page.keyboard.press('Escape');
    const list = (url: URL) => url.pathname === '/api/notifications';
    await page.route(list, (route) => route.abort());
    await bell.click();
    await box.getByText('Failed to fetch notifications').waitFor();
    await shot(page, 'account-notifications-failed', { viewport: true });
    await page.unroute(list);
    await box.getByRole('button', { name: 'Try again' }).click();
    await box.getByText('Your 10000 runs of Dice income are ready').waitFor();

    // On a tablet the bell stays in the header and its box fits the screen.
    await page.keyboard.press('Escape');
    await page.setViewportSize({ width: 700, height: 900 });
    await bell.click();
    await box.waitFor();
    const onTablet = await box.boundingBox();
    expect(onTablet!.x).toBeGreaterThanOrEqual(0);
    expect(onTablet!.x + onTablet!.width).toBeLessThanOrEqual(700);
    await shot(page, 'account-notifications-tablet', { viewport: true });
    await page.keyboard.press('Escape');
    await page.setViewportSize({ width: 1280, height: 860 });
    await bell.click();
    await box.getByRole('link', { name: /Dice income/ }).click();
    await page.waitForURL(/\/settings\/profile$/);
    await box.waitFor({ state: 'detached' });
    await page.goBack();
    await waitForHydration(page);

    // A reload keeps the session (cookies), then Log out ends it.
    await page.reload();
    await waitForHydration(page);
    await avatar.click();
    await card.getByRole('button', { name: 'Log out' }).click();
    await page.getByRole('link', { name: 'Log in' }).first().waitFor();
    await page.reload();
    await waitForHydration(page);
    expect(await page.getByRole('button', { name: /^Account: / }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Register' }).first().isVisible()).toBe(true);
    const userinfo = await page.evaluate(() =>
      fetch('/api/oauth2/userinfo', { headers: { 'X-Client-Id': 'loopwright-web' } }).then((r) => r.status),
    );
    expect(userinfo).toBe(401);
    expect(errors).toEqual([]);
    await page.context().close();
  }, 120_000);

  it('opens the login dialog with its source action and closes it on Escape, overlay click and the close icon', async () => {
    const { page, errors } = await newPage();
    await page.goto(`${app.url}/`);
    await waitForHydration(page);
    const opener = page.getByRole('link', { name: 'Register' }).first();
    const open = async () => {
      await opener.focus();
      await page.evaluate(() =>
        window.dispatchEvent(
          new CustomEvent('loopwright:open-login-dialog', { detail: { sourceAction: 'like this diagram' } }),
        ),
      );
      const dialog = page.getByRole('dialog', { name: 'To like this diagram, please create a free public account' });
      await dialog.waitFor();
      return dialog;
    };

    let dialog = await open();
    // Spec: z-index 9000, overlay opacity 0.45; focus starts inside and stays inside.
    expect(await page.getByTestId('modal-root').evaluate((el) => getComputedStyle(el).zIndex)).toBe('9000');
    expect(await page.getByTestId('modal-overlay').evaluate((el) => getComputedStyle(el).opacity)).toBe('0.45');
    expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    for (let i = 0; i < 12; i++) await page.keyboard.press('Tab');
    expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    await dialog.getByLabel('I have read and agreed to the Terms of Service', { exact: true }).waitFor();
    await dialog.getByRole('link', { name: 'Continue with Google' }).waitFor();
    expect(await dialog.getByRole('link', { name: 'Log in instead' }).getAttribute('href')).toMatch(
      /^\/login\?returnTo=/,
    );
    await shot(page, 'account-login-dialog', { viewport: true });

    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    // Focus goes back to what opened it.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Register');

    dialog = await open();
    await page.mouse.click(8, 8); // the overlay, outside the panel
    await dialog.waitFor({ state: 'detached' });

    dialog = await open();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });

    // Registering from the dialog closes it once the call has finished.
    dialog = await open();
    await dialog.getByRole('button', { name: 'Create free account' }).click();
    await dialog.getByText('You must enter a valid email address!').waitFor(); // invalid: not sent, stays open
    const email = `dialog-${unique()}@example.test`;
    await dialog.getByLabel('E-mail', { exact: true }).fill(email);
    await dialog.getByLabel('Password', { exact: true }).fill('secret-pass');
    await dialog.getByLabel('I have read and agreed to the Terms of Service', { exact: true }).check();
    await dialog.getByRole('button', { name: 'Create free account' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByTestId('header-banner').getByText(`we sent a confirmation link to ${email}`).waitFor();
    await sink.waitFor((m) => m.to.includes(email));
    expect(errors).toEqual([]);
    await page.context().close();
  }, 90_000);

  it('shows the settings pages to a logged-in user, and the API key only once', async () => {
    const { email, password } = await confirmedAccount();
    const { page, errors } = await newPage();
    const username = `settler-${unique()}`;
    await logIn(page, email, password);
    await page.waitForURL(/\/onboarding/);
    // Finish onboarding through the API with the browser's own cookies.
    const done = await page.evaluate(
      (name) =>
        fetch('/api/users/me/onboarding', {
          method: 'POST',
          headers: { 'X-Client-Id': 'loopwright-web', 'Content-Type': 'application/json' },
          body: JSON.stringify({ username: name }),
        }).then((r) => r.status),
      username,
    );
    expect(done).toBe(200);

    // My Profile: fields are saved and come back after a reload.
    await page.goto(`${app.url}/settings/profile`);
    await waitForHydration(page);
    await page.getByRole('heading', { name: 'My Profile', level: 1 }).waitFor();
    expect(await page.title()).toBe('My Profile | Loopwright');
    await page.getByLabel('First name', { exact: true }).fill('Ada');
    await page.getByLabel('Last name', { exact: true }).fill('Balance');
    await page.getByLabel('Job title', { exact: true }).fill('Economy designer');
    await page.getByRole('button', { name: '+ Add a game' }).click();
    await page.getByLabel('Game name', { exact: true }).fill('Loop Heroes');
    await page.getByLabel('Store link', { exact: true }).fill('https://store.example.test/loop-heroes');
    await page.getByLabel('LinkedIn', { exact: true }).fill('https://www.linkedin.com/in/ada');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await page.getByText('Your profile is saved.').waitFor();
    // A photo that is too big is refused before it is sent.
    await page
      .getByLabel('Upload photo', { exact: true })
      .setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: Buffer.alloc(600 * 1024, 1) });
    await page.getByText('The photo is too big: the maximum size is 500 KB').waitFor();
    await page
      .getByLabel('Upload photo', { exact: true })
      .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await page.getByText('Wrong file type: choose a PNG, JPEG, GIF or WebP image').waitFor();
    await page
      .getByLabel('Upload photo', { exact: true })
      .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: TINY_PNG });
    await page.getByText('Your profile photo is updated.').waitFor();
    await page.reload();
    await waitForHydration(page);
    await page.getByRole('heading', { name: 'My Profile', level: 1 }).waitFor();
    expect(await page.getByLabel('First name', { exact: true }).inputValue()).toBe('Ada');
    expect(await page.getByLabel('Game name', { exact: true }).inputValue()).toBe('Loop Heroes');
    expect(await page.getByRole('img', { name: 'Your profile photo' }).getAttribute('src')).toMatch(
      /\/api\/users\/.+\/images\/avatar/,
    );
    // The header shows the new name.
    expect(await page.getByRole('button', { name: 'Account: Ada Balance' }).isVisible()).toBe(true);
    await shot(page, 'account-settings-profile');

    // Community Profile: public or private.
    await page.getByRole('link', { name: 'Community Profile' }).click();
    await page.getByRole('heading', { name: 'Community Profile', level: 1 }).waitFor();
    expect(await page.getByLabel(/^Public/).isChecked()).toBe(true);
    await page.getByLabel(/^Private/).check();
    await page.getByRole('button', { name: 'Save visibility' }).click();
    await page.getByText('Your community profile is now private.').waitFor();
    await shot(page, 'account-settings-community');

    // User API Key: shown once, with a copy button; it works as a bearer token.
    await page.getByRole('link', { name: 'User API Key' }).click();
    await page.getByRole('heading', { name: 'User API Key', level: 1 }).waitFor();
    await page.getByText('You have no API key yet.').waitFor();
    await page.getByRole('button', { name: 'Generate API key' }).click();
    const keyField = page.getByLabel('Your new API key', { exact: true });
    await keyField.waitFor();
    const key = await keyField.inputValue();
    expect(key.length).toBeGreaterThan(20);
    await page.getByText('It will not be shown again').waitFor();
    await page.getByRole('button', { name: 'Copy' }).waitFor();
    await shot(page, 'account-settings-api-key');
    const withKey = await fetch(`${app.url}/api/oauth2/userinfo`, { headers: { Authorization: `Bearer ${key}` } });
    expect(withKey.status).toBe(200);
    expect((await withKey.json()).content.user.email).toBe(email);
    await page.reload();
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Regenerate key' }).waitFor();
    expect(await page.getByLabel('Your new API key', { exact: true }).count()).toBe(0);
    expect(await page.content()).not.toContain(key);

    // Security: change password, sessions.
    await page.getByRole('link', { name: 'Password & sessions' }).click();
    await page.getByRole('heading', { name: 'Password and sessions', level: 1 }).waitFor();
    await page.getByText('This device').waitFor();
    await page.getByLabel('Current password', { exact: true }).fill('wrong-password');
    await page.getByLabel('New password', { exact: true }).fill('new-secret-1');
    await page.getByLabel('Confirm new password', { exact: true }).fill('new-secret-2');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('The two passwords entered do not match!').waitFor();
    await page.getByLabel('Confirm new password', { exact: true }).fill('new-secret-1');
    await page.getByLabel('Current password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Your password is changed.').waitFor();
    await shot(page, 'account-settings-security');

    // Admin pages are not for members.
    await page.goto(`${app.url}/admin/mail-settings`);
    await page.getByRole('heading', { name: 'This page could not be found' }).waitFor();
    expect(errors).toEqual([]);
    await page.context().close();
  }, 120_000);

  it('marks a nested profile field and the server’s wrong current password on their fields, and focuses them', async () => {
    const { email, password } = await confirmedAccount();
    const { page, errors } = await newPage();
    await logIn(page, email, password);
    await page.waitForURL(/\/onboarding/);
    const done = await page.evaluate(
      (name) =>
        fetch('/api/users/me/onboarding', {
          method: 'POST',
          headers: { 'X-Client-Id': 'loopwright-web', 'Content-Type': 'application/json' },
          body: JSON.stringify({ username: name }),
        }).then((r) => r.status),
      `fields-${unique()}`,
    );
    expect(done).toBe(200);
    const focused = (field: ReturnType<Page['getByLabel']>) => field.evaluate((el) => el === document.activeElement);

    // A game without a name: the browser's check of the contract marks that game's field.
    await page.goto(`${app.url}/settings/profile`);
    await waitForHydration(page);
    await page.getByRole('button', { name: '+ Add a game' }).click();
    await page.getByLabel('Website', { exact: true }).fill('https://game.example.test');
    await page.getByRole('button', { name: 'Save profile' }).click();
    const gameName = page.getByLabel('Game name', { exact: true });
    await expect.poll(() => gameName.getAttribute('aria-invalid')).toBe('true');
    expect(await focused(gameName)).toBe(true);
    await shot(page, 'form-errors-profile-game');

    // The server's field error lands on its field.
    await page.goto(`${app.url}/settings/security`);
    await waitForHydration(page);
    await page.getByLabel('Current password', { exact: true }).fill('not-my-password');
    await page.getByLabel('New password', { exact: true }).fill('new-secret-9');
    await page.getByLabel('Confirm new password', { exact: true }).fill('new-secret-9');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('The current password is not correct').waitFor();
    const current = page.getByLabel('Current password', { exact: true });
    expect(await current.getAttribute('aria-invalid')).toBe('true');
    await expect.poll(() => focused(current)).toBe(true);
    await shot(page, 'form-errors-change-password');

    // app.md §8: a failure on the server asks to contact support; no answer at all asks to try again.
    await current.fill('not-my-password');
    await page.route('**/api/oauth2/password/change', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ success: false, error: { code: 'INTERNAL', message: 'Something went wrong' } }),
      }),
    );
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText(AuthTexts.passwordChangeSystemError).waitFor();
    await page.unroute('**/api/oauth2/password/change');
    await page.route('**/api/oauth2/password/change', (route) => route.abort('connectionrefused'));
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText(AuthTexts.passwordChangeRetry).waitFor();
    await page.unroute('**/api/oauth2/password/change');
    expect(errors).toEqual([]);
    await page.context().close();
  }, 60_000);

  it('sends logged-out visitors from private pages to the login page and back', async () => {
    const { email, password } = await confirmedAccount();
    const { page } = await newPage(390, 844);
    const response = await page.goto(`${app.url}/settings/security`);
    expect(response?.status()).toBe(200);
    await page.waitForURL(/\/login\?returnTo=%2Fsettings%2Fsecurity/);
    await waitForHydration(page);
    await shot(page, 'account-login-mobile');
    await page.getByLabel('E-mail', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await page.waitForURL(/\/onboarding\?returnTo=%2Fsettings%2Fsecurity/);
    await page.getByRole('button', { name: 'Get started' }).click();
    await page.getByRole('button', { name: 'Continue' }).click();
    const username = `mobile-${unique()}`;
    await page.getByLabel('Community username', { exact: true }).fill(username);
    await page.getByRole('button', { name: 'Finish' }).click();
    await page.waitForURL(/\/settings\/security$/);
    await page.getByRole('heading', { name: 'Password and sessions', level: 1 }).waitFor();

    // /community/profile is your own designer profile; logged out it asks you to log in first.
    await page.goto(`${app.url}/community/profile`);
    await page.waitForURL(new RegExp(`/community/${username}/profile$`));
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    expect(await page.getByText('This page could not be found').count()).toBe(0);
    const loggedOut = await fetch(`${app.url}/community/profile`, { redirect: 'manual' });
    expect(loggedOut.status).toBe(302);
    expect(loggedOut.headers.get('location')).toBe('/login?returnTo=%2Fcommunity%2Fprofile');
    await page.context().close();
  }, 90_000);

  it('lets a visitor recover a forgotten password from the e-mailed link', async () => {
    const { email } = await confirmedAccount();
    const { page } = await newPage();
    await page.goto(`${app.url}/password-recovery`);
    await waitForHydration(page);
    await page.getByLabel('E-mail', { exact: true }).fill(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByText('If an account exists for this address').waitFor();
    const mail = await sink.waitFor((m) => m.to.includes(email) && /reset-password\?token=/.test(m.body));
    const { token } = linkFrom(mail, '/reset-password');
    await page.goto(`${app.url}/reset-password?token=${encodeURIComponent(token)}`);
    await waitForHydration(page);
    await page.getByLabel('New password', { exact: true }).fill('brand-new-pass');
    await page.getByLabel('Confirm new password', { exact: true }).fill('brand-new-pass');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.getByRole('heading', { name: 'Your password has been changed' }).waitFor();
    expect((await api('/oauth2/login', { email, password: 'brand-new-pass' })).status).toBe(200);
    await page.context().close();
  }, 60_000);

  it('signs in with Google and asks a new account for its community username', async () => {
    const { page, errors } = await newPage();
    const email = `google-${unique()}@example.test`;
    google.signInAs({ sub: `sub-${unique()}`, email, email_verified: true, given_name: 'Grace', family_name: 'Loop' });
    // The provider sends the browser back to APP_URL (http://localhost:<port>): the whole flow runs there.
    const origin = app.url.replace('127.0.0.1', 'localhost');
    await page.goto(`${origin}/login?returnTo=%2Fsettings%2Fprofile`);
    await waitForHydration(page);
    await page.getByRole('link', { name: 'Continue with Google' }).click();
    await page.waitForURL(/\/onboarding/);
    await page.getByRole('button', { name: 'Get started' }).click();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByLabel('Community username', { exact: true }).fill(`grace-${unique()}`);
    await page.getByRole('button', { name: 'Finish' }).click();
    await page.getByRole('button', { name: 'Account: Grace Loop' }).waitFor();
    await page.goto(`${origin}/settings/profile`);
    await waitForHydration(page);
    expect(await page.getByLabel('First name', { exact: true }).inputValue()).toBe('Grace');
    // A Google account without a password sets one without an old password.
    await page.getByRole('link', { name: 'Password & sessions' }).click();
    await page.getByRole('heading', { name: 'Set a password' }).waitFor();
    expect(await page.getByLabel('Current password', { exact: true }).count()).toBe(0);
    expect(errors).toEqual([]);
    await page.context().close();
  }, 90_000);

  it('sets up the first administrator with the instance ID, then configures and tests the mail server', async () => {
    const instanceId = /Instance ID: ([0-9a-f-]{36})/.exec(app.output())?.[1];
    expect(instanceId).toBeTruthy();
    const { page, errors } = await newPage();
    const email = `admin-${unique()}@example.test`;
    const password = 'admin-pass-1';

    await page.goto(`${app.url}/admin/setup`);
    await waitForHydration(page);
    await page.getByLabel('Instance ID', { exact: true }).fill('00000000-0000-0000-0000-000000000000');
    await page.getByLabel('Administrator e-mail', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByLabel('Confirm password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Create administrator' }).click();
    await page.getByText('That is not this instance’s ID').waitFor();
    await page.getByLabel('Instance ID', { exact: true }).fill(instanceId!);
    await page.getByRole('button', { name: 'Create administrator' }).click();
    await page.getByText('The administrator account is ready').waitFor();
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    // The administrator is not asked to join the community first.
    await page.waitForURL(/\/admin\/mail-settings$/);

    // SMTP_URL from the environment is in force until settings are saved here.
    await page.getByRole('heading', { name: 'Mail server', level: 1 }).waitFor();
    await page.getByText('from the SMTP_URL environment variable').waitFor();
    // The instance ID was given at setup in this session: not asked again.
    await page.getByTestId('instance-id-known').waitFor();
    expect(await page.getByLabel('Instance ID', { exact: true }).count()).toBe(0);
    await page.getByLabel('Sender address', { exact: true }).fill('loopwright@example.test');
    await page.getByLabel('Host', { exact: true }).fill('127.0.0.1');
    await page.getByLabel('Port', { exact: true }).fill(String(sink.port));
    await page.getByLabel('Send the test to', { exact: true }).fill('ops@example.test');
    await page.getByRole('button', { name: 'Send test e-mail' }).click();
    await page.getByRole('status').filter({ hasText: /test/i }).first().waitFor();
    await sink.waitFor((m) => m.to.includes('ops@example.test'));
    await page.getByRole('button', { name: 'Check and save' }).click();
    await page.getByText('The connection works and the settings are saved').waitFor();
    await page.getByText('Saved settings', { exact: true }).waitFor();
    await shot(page, 'account-admin-mail-settings');
    // Back on the screen later in the session: a test e-mail still needs no instance ID.
    await page.reload();
    await page.getByLabel('Send the test to', { exact: true }).fill('ops2@example.test');
    await page.getByRole('button', { name: 'Send test e-mail' }).click();
    await sink.waitFor((m) => m.to.includes('ops2@example.test'));
    expect(await page.getByLabel('Instance ID', { exact: true }).count()).toBe(0);

    await page.getByRole('link', { name: 'Mail log' }).click();
    await page.getByRole('heading', { name: 'Mail log', level: 1 }).waitFor();
    // Earlier tests' confirmation and reset mails are listed with their status.
    await page
      .getByRole('cell', { name: /@example\.test$/ })
      .first()
      .waitFor();
    await page.locator('td').getByText('Sent', { exact: true }).first().waitFor();
    await shot(page, 'account-admin-mail-log');
    expect(errors).toEqual([]);
    await page.context().close();
  }, 120_000);
});

// A 1×1 purple PNG.
const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkqP9fDwAE/wJ/kQb2GQAAAABJRU5ErkJggg==',
  'base64',
);
