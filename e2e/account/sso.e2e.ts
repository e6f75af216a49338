import { PrismaPg } from '@prisma/adapter-pg';
import { passwordLoginOffText, SsoTexts } from '@loopwright/contracts';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { PrismaClient } from '../../api/src/generated/prisma/client.js';
import { startOidcProvider, type LoopbackOidcProvider } from '../../api/test/fakes/oidc-provider.js';
import { launchChromium, saveScreenshot, waitForHydration } from '../support/browser.js';
import { freePort } from '../support/built-app.js';
import { startBuiltApp, type BuiltApp } from '../support/served-app.js';
import { createDesigner, loggedInContext } from '../editor/support.js';

/** Rejects the cookie banner so it does not cover the form in screenshots. */
async function noBanner(page: Page) {
  const reject = page.getByRole('button', { name: 'Reject all' });
  if (await reject.isVisible()) await reject.click({ timeout: 2000 }).catch(() => undefined);
}

/** On the provider's own (development) pages: type a login, sign in, then consent. */
async function throughProvider(page: Page, provider: LoopbackOidcProvider, login: string) {
  await page.waitForURL((url) => url.href.startsWith(provider.issuer));
  await page.getByPlaceholder('Enter any login').fill(login);
  await page.getByPlaceholder('and password').fill('anything');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
}

describe.skipIf(!inject('chromiumPath'))('single sign-on in Chromium against a loopback OpenID provider', () => {
  let app: BuiltApp;
  let browser: Browser;
  let provider: LoopbackOidcProvider;
  let prisma: PrismaClient;

  beforeAll(async () => {
    const port = await freePort();
    const appUrl = `http://127.0.0.1:${port}`;
    provider = await startOidcProvider([`${appUrl}/api/sso/callback`]);
    [app, browser] = await Promise.all([startBuiltApp({ PORT: String(port), APP_URL: appUrl }), launchChromium()]);
    prisma = new PrismaClient({ adapter: new PrismaPg({ connectionString: app.databaseUrl, max: 1 }) });
  });
  afterAll(async () => {
    await prisma?.$disconnect();
    await browser?.close();
    await app?.close();
    await provider?.close();
  });

  /** A new administrator on Admin → Single sign-on, the loopback provider typed in (not saved yet). */
  async function ssoSettingsAsNewAdmin() {
    const adminUser = await createDesigner(app);
    await prisma.user.update({ where: { email: adminUser.email }, data: { role: 'admin' } });
    const admin = await (await loggedInContext(browser, app, adminUser)).newPage();
    await admin.goto(`${app.url}/admin/sso`);
    await waitForHydration(admin);
    await noBanner(admin);
    await admin.getByLabel('Issuer URL').fill(provider.issuer);
    await admin.getByLabel('Button label').fill('Studio SSO');
    await admin.getByLabel('Client ID').fill(provider.clientId);
    await admin.getByLabel('Client secret').fill(provider.clientSecret);
    await admin.getByLabel('Allowed e-mail domains').fill('studio.test');
    return { admin, adminUser };
  }

  it('an admin sets it up; a studio member logs in through the provider; the audit log shows the change', async () => {
    const { admin, adminUser } = await ssoSettingsAsNewAdmin();
    await admin.getByLabel(/Create an account on first sign-in/).check();
    await admin.getByRole('button', { name: 'Check and save' }).click();
    await admin.getByText('The provider answered and the settings are saved.').waitFor();
    await admin.evaluate(() => window.scrollTo(0, 0));
    await saveScreenshot(admin, 'admin-sso');

    // A member of the studio: login page → the provider's login and consent → back, signed in.
    provider.accounts.set('ada', {
      email: 'ada@studio.test',
      email_verified: true,
      given_name: 'Ada',
      family_name: 'L',
    });
    const member = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    await member.goto(`${app.url}/login?returnTo=%2Fdiagrams`);
    await waitForHydration(member);
    await noBanner(member);
    const button = member.getByRole('link', { name: 'Log in with Studio SSO' });
    await button.waitFor();
    await saveScreenshot(member, 'login-sso-button');
    await button.click();
    await throughProvider(member, provider, 'ada');
    // A new account chooses its community username first, then goes on to where it started.
    await member.waitForURL(`${app.url}/onboarding?returnTo=%2Fdiagrams`);
    const me = await member.evaluate(() =>
      fetch('/api/oauth2/userinfo', { headers: { 'X-Client-Id': 'loopwright-web' } }).then((r) => r.json()),
    );
    expect(me.content.user).toMatchObject({ email: 'ada@studio.test', fullName: 'Ada L' });
    await member.getByRole('list', { name: 'Sign-up steps' }).waitFor();
    await saveScreenshot(member, 'sso-signed-in-onboarding');

    // Someone outside the allowed domains comes back to the login page with the reason.
    provider.accounts.set('eve', { email: 'eve@elsewhere.test', email_verified: true });
    const outsider = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    await outsider.goto(`${app.url}/register`);
    await waitForHydration(outsider);
    await noBanner(outsider);
    await outsider.getByRole('link', { name: 'Log in with Studio SSO' }).click();
    await throughProvider(outsider, provider, 'eve');
    await outsider.waitForURL(`${app.url}/login?sso=domain`);
    await outsider.getByText(SsoTexts.domainRefused).waitFor();
    await saveScreenshot(outsider, 'login-sso-domain-refused');

    // The change is in the audit log, without the secret.
    await admin.goto(`${app.url}/admin/audit-log`);
    await waitForHydration(admin);
    const row = admin.getByRole('row').filter({ hasText: 'Single sign-on saved' });
    await row.waitFor();
    expect(await row.textContent()).toContain(adminUser.email);
    expect(await admin.content()).not.toContain(provider.clientSecret);
    await saveScreenshot(admin, 'admin-audit-log');
  });

  it('with password login switched off for the domain, its addresses cannot log in, register or reset with a password', async () => {
    // The same provider, now with password login off for studio.test.
    const { admin } = await ssoSettingsAsNewAdmin();
    await admin.getByLabel(/Switch password login off for the allowed domains/).check();
    await admin.getByRole('button', { name: 'Check and save' }).click();
    await admin.getByText('The provider answered and the settings are saved.').waitFor();

    // A studio member who still has a password from before single sign-on.
    const member = await createDesigner(app);
    const email = `${member.username}@studio.test`;
    await prisma.user.update({ where: { email: member.email }, data: { email } });
    const offText = passwordLoginOffText('studio.test', 'Studio SSO');

    const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    await page.goto(`${app.url}/login`);
    await waitForHydration(page);
    await noBanner(page);
    await page.getByText('Addresses at studio.test sign in with Studio SSO only.').waitFor();
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(member.password);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await page.getByText(offText).waitFor();
    expect(page.url()).toBe(`${app.url}/login`);
    await saveScreenshot(page, 'login-sso-password-off');

    await page.goto(`${app.url}/register`);
    await waitForHydration(page);
    await page.getByLabel('E-mail').fill(`new-${member.username}@studio.test`);
    await page.getByLabel('Password', { exact: true }).fill('a-new-password-1');
    await page.getByLabel('Confirm password').fill('a-new-password-1');
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Create free account' }).click();
    await page.getByText(offText).waitFor();
    expect(await prisma.user.count({ where: { email: `new-${member.username}@studio.test` } })).toBe(0);

    await page.goto(`${app.url}/password-recovery?email=${encodeURIComponent(email)}`);
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByText(offText).waitFor();

    // The admin removes the settings: the screen says so and shows single sign-on off, and the
    // member's password works again.
    admin.once('dialog', (dialog) => void dialog.accept());
    await admin.getByRole('button', { name: 'Remove' }).click();
    await admin.getByText('Single sign-on is off and its settings are forgotten.').waitFor();
    await admin.getByText('Single sign-on is not set up.').waitFor();
    expect(await admin.getByLabel('Issuer URL').inputValue()).toBe('');
    await page.goto(`${app.url}/login`);
    await waitForHydration(page);
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(member.password);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await page.waitForURL((url) => url.pathname !== '/login');
  });
});
