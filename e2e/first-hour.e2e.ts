import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startSmtpSink, type SmtpSink } from '../api/test/fakes/smtp-sink.js';
import { cloneRunDatabase } from '../api/test/support/run-database.js';
import { launchChromium, saveScreenshot, waitForHydration } from './support/browser.js';
import { withSavedConsent } from './website/helpers.js';
import { freePort, runNode, waitForReady, type RunningProcess } from './support/built-app.js';

const INSTANCE_ID = /Instance ID: ([0-9a-f-]{36})/;

/**
 * A self-hoster's first hour on a fresh instance without any mail server: the first admin, a
 * newcomer confirmed through the admin's mail log and users screen, onboarding that ends in the
 * app, then a restart and mail settings saved with the instance ID printed at that second start.
 */
describe.skipIf(!inject('chromiumPath'))('the first hour on a fresh instance with no SMTP', () => {
  let browser: Browser;
  let database: { url: string };
  let sink: SmtpSink;
  let app: RunningProcess | undefined;
  let url = '';
  const dataDir = mkdtempSync(path.join(tmpdir(), 'lw-first-hour-'));
  const env = async () => ({
    DATABASE_URL: database.url,
    PORT: String(await freePort()),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    NODE_ENV: 'production',
    APP_SECRET: secret,
    LOG_LEVEL: 'info',
  });
  const secret = randomBytes(32).toString('hex');
  const admin = { email: 'owner@example.test', password: 'owner-pass-1' };

  async function start(): Promise<string> {
    const vars = await env();
    app = runNode('scripts/start.mjs', [], vars);
    url = `http://127.0.0.1:${vars.PORT}`;
    await waitForReady(url, app, 90_000);
    for (let i = 0; i < 50 && !INSTANCE_ID.test(app.output()); i++) await new Promise((r) => setTimeout(r, 100));
    const id = INSTANCE_ID.exec(app.output())?.[1];
    expect(id, app.output()).toBeTruthy();
    return id!;
  }

  async function newPage(context?: BrowserContext): Promise<Page> {
    const ctx = context ?? (await browser.newContext({ viewport: { width: 1280, height: 860 } }));
    await withSavedConsent(ctx);
    return ctx.newPage();
  }

  async function shot(page: Page, name: string) {
    await page.evaluate(() => window.scrollTo(0, 0));
    await saveScreenshot(page, name);
  }

  async function logIn(page: Page, email: string, password: string, returnTo?: string) {
    await page.goto(`${url}/login${returnTo ? `?returnTo=${encodeURIComponent(returnTo)}` : ''}`);
    await waitForHydration(page);
    await page.getByLabel('E-mail', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
  }

  async function register(page: Page, email: string, password: string) {
    await page.goto(`${url}/register`);
    await waitForHydration(page);
    await page.getByLabel('E-mail', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByLabel('Confirm password', { exact: true }).fill(password);
    await page.getByLabel('I have read and agreed to the Terms of Service', { exact: true }).check();
    await page.getByRole('button', { name: 'Create free account' }).click();
    // No mail server: the page says an administrator confirms the account.
    await page.getByRole('heading', { name: 'Your account waits for an administrator' }).waitFor();
  }

  beforeAll(async () => {
    [browser, database, sink] = await Promise.all([launchChromium(), cloneRunDatabase(), startSmtpSink()]);
  });
  afterAll(async () => {
    await app?.stop('SIGINT');
    await browser?.close();
    await sink?.close();
  });

  it('walks from the first admin to a newcomer working in the app, then saves mail settings after a restart', async () => {
    const firstId = await start();
    expect(readFileSync(path.join(dataDir, 'instance-id'), 'utf8').trim()).toBe(firstId);

    // The first administrator: straight to the admin screens, no community username asked.
    const adminPage = await newPage();
    await adminPage.goto(`${url}/admin/setup`);
    await waitForHydration(adminPage);
    await adminPage.getByLabel('Instance ID', { exact: true }).fill(firstId);
    await adminPage.getByLabel('Administrator e-mail', { exact: true }).fill(admin.email);
    await adminPage.getByLabel('Password', { exact: true }).fill(admin.password);
    await adminPage.getByLabel('Confirm password', { exact: true }).fill(admin.password);
    await adminPage.getByRole('button', { name: 'Create administrator' }).click();
    await adminPage.getByText('The administrator account is ready').waitFor();
    await adminPage.getByLabel('Password', { exact: true }).fill(admin.password);
    await adminPage.getByRole('button', { name: 'Log in', exact: true }).click();
    await adminPage.waitForURL(/\/admin\/mail-settings$/);
    await adminPage.getByText('No mail server', { exact: true }).waitFor();
    // The instance ID given at the setup is not asked again in this browser session.
    expect(await adminPage.getByLabel('Instance ID', { exact: true }).count()).toBe(0);

    // A newcomer registers; the confirmation waits in the mail log with its body and link.
    const newcomer = { email: 'newcomer@example.test', password: 'newcomer-pass-1' };
    const newcomerPage = await newPage();
    await register(newcomerPage, newcomer.email, newcomer.password);

    await adminPage.goto(`${url}/admin/mail-log`);
    const row = adminPage.getByRole('row').filter({ hasText: newcomer.email });
    await row.waitFor();
    // The status badge sits inside its own cell, in words.
    const badge = await row.getByText('Kept (no mail server)').boundingBox();
    const cell = await row.getByRole('cell').first().boundingBox();
    expect(badge!.x).toBeGreaterThanOrEqual(cell!.x);
    expect(badge!.y).toBeGreaterThanOrEqual(cell!.y);
    expect(badge!.x + badge!.width).toBeLessThanOrEqual(cell!.x + cell!.width);
    const mailFilters = adminPage.getByRole('search', { name: 'Filter the mail log' });
    await mailFilters.getByLabel('Search', { exact: true }).fill('nobody-like-this');
    await mailFilters.getByRole('button', { name: 'Search', exact: true }).click();
    await adminPage.getByText('No messages match these filters.').waitFor();
    await mailFilters.getByLabel('Search', { exact: true }).fill('newcomer');
    await mailFilters.getByRole('button', { name: 'Search', exact: true }).click();
    await row.waitFor();
    await shot(adminPage, 'first-hour-mail-log');
    await row.getByRole('link').click();
    await adminPage.getByRole('heading', { name: 'Links in this message' }).waitFor();
    const link = await adminPage
      .getByRole('link', { name: /\/confirm-email\?token=/ })
      .first()
      .getAttribute('href');
    expect(link).toMatch(/\/confirm-email\?token=/);
    await adminPage
      .getByText(/confirm/i)
      .first()
      .waitFor();
    await shot(adminPage, 'first-hour-mail-message');

    // The newcomer follows the link the admin passed on, logs in, onboards and lands in the app.
    await newcomerPage.goto(link!.replace(/^https?:\/\/[^/]+/, url));
    await newcomerPage.getByRole('heading', { name: 'Your e-mail address is confirmed' }).waitFor();
    await logIn(newcomerPage, newcomer.email, newcomer.password);
    await newcomerPage.waitForURL(/\/onboarding/);
    await newcomerPage.getByRole('button', { name: 'Get started' }).click();
    await newcomerPage.getByRole('button', { name: 'Continue' }).click();
    await newcomerPage.getByLabel('Community username', { exact: true }).fill('newcomer');
    await newcomerPage.getByText('newcomer is available').waitFor();
    await newcomerPage.getByRole('button', { name: 'Finish' }).click();
    await newcomerPage.waitForURL(/\/diagrams\?welcome=1$/);
    await newcomerPage.getByRole('heading', { name: 'Welcome to Loopwright! Start your first diagram' }).waitFor();
    await newcomerPage.getByRole('button', { name: 'Start blank' }).waitFor();
    const suggestions = await newcomerPage.locator('.first-diagram').textContent();
    expect(suggestions).toContain('Investment loop');
    expect(suggestions).not.toMatch(/ENGINE\.md|example \d/);
    await shot(newcomerPage, 'first-hour-welcome');

    // The first diagram, then two quick saves more: one history entry says which versions it covers.
    await newcomerPage.getByRole('button', { name: 'Use the template Investment loop' }).click();
    await newcomerPage.waitForURL(/\/diagrams\/[A-Za-z0-9]{16}$/);
    const fuid = new URL(newcomerPage.url()).pathname.split('/').pop()!;
    await newcomerPage.goto(`${url}/diagrams`);
    const headers = { 'X-Client-Id': 'loopwright-web' };
    for (const start of [5, 6]) {
      const { diagram } = (await (await newcomerPage.request.get(`${url}/api/diagrams/${fuid}`, { headers })).json())
        .content;
      const document = {
        ...diagram.document,
        nodes: diagram.document.nodes.map((n: { id: string }) => (n.id === 'Gold' ? { ...n, start } : n)),
      };
      expect(
        (
          await newcomerPage.request.put(`${url}/api/diagrams/${fuid}/document`, {
            headers,
            data: { baseVersion: diagram.version, document },
          })
        ).status(),
      ).toBe(200);
    }
    const history = (await (await newcomerPage.request.get(`${url}/api/diagrams/${fuid}/versions`, { headers })).json())
      .content.items;
    expect(history[0].firstVersion).toBeLessThan(history[0].version);
    await newcomerPage.goto(`${url}/diagrams/${fuid}`);
    await newcomerPage.getByRole('tab', { name: 'Versions' }).click();
    const entry = `Versions ${history[0].firstVersion}–${history[0].version}, ${history[0].saves} saves (current)`;
    await newcomerPage.getByText(entry).waitFor();
    await newcomerPage
      .getByRole('button', { name: `View versions ${history[0].firstVersion}–${history[0].version}` })
      .waitFor();
    await saveScreenshot(newcomerPage, 'first-hour-version-history', { viewport: true });

    // Shared with the community, the diagram counts on the newcomer's profile.
    expect(
      (
        await newcomerPage.request.put(`${url}/api/diagrams/${fuid}/privacy`, { headers, data: { community: true } })
      ).status(),
    ).toBe(200);
    await newcomerPage.goto(`${url}/community/newcomer/profile`);
    await newcomerPage.getByText('0 followers · 1 public diagram', { exact: true }).waitFor();
    await newcomerPage.getByRole('link', { name: 'Investment loop' }).first().waitFor();
    await shot(newcomerPage, 'first-hour-profile');

    // The users screen: state, plan, last login; a second newcomer is confirmed from here.
    const other = { email: 'second@example.test', password: 'second-pass-1' };
    const otherPage = await newPage();
    await register(otherPage, other.email, other.password);
    await adminPage.goto(`${url}/admin/users`);
    const newcomerRow = adminPage.getByRole('row').filter({ hasText: newcomer.email });
    await newcomerRow.waitFor();
    // Self-hosted with billing off: every workspace has the plan the administrator chose (Enterprise by default).
    expect(await newcomerRow.textContent()).toMatch(/Confirmed.*Enterprise/);
    expect(await newcomerRow.getByText('Never').count()).toBe(0); // they logged in
    const otherRow = adminPage.getByRole('row').filter({ hasText: other.email });
    expect(await otherRow.getByText('Unconfirmed').isVisible()).toBe(true);
    await shot(adminPage, 'first-hour-users');
    await otherRow.getByRole('button', { name: `Confirm ${other.email}` }).click();
    await adminPage.getByText(`${other.email} is confirmed and can log in.`).waitFor();
    await otherRow.getByText('Confirmed', { exact: true }).waitFor();
    await logIn(otherPage, other.email, other.password);
    await otherPage.waitForURL(/\/onboarding/);

    // Disabling logs the second newcomer out and keeps them out, with a clear message.
    adminPage.once('dialog', (dialog) => void dialog.accept());
    await otherRow.getByRole('button', { name: `Disable ${other.email}` }).click();
    await otherRow.getByText('Disabled', { exact: true }).waitFor();
    await logIn(otherPage, other.email, other.password);
    await otherPage.getByText('This account has been disabled by an administrator.').first().waitFor();
    const userFilters = adminPage.getByRole('search', { name: 'Filter the users' });
    await userFilters.getByLabel('Search', { exact: true }).fill('second');
    await userFilters.getByRole('button', { name: 'Search', exact: true }).click();
    await adminPage.waitForURL(/search=second/);
    await expect.poll(() => adminPage.getByRole('row').count()).toBe(2); // the header and one account
    await shot(adminPage, 'first-hour-users-filtered');

    // Restart: the instance ID is printed again, and saving mail settings takes it.
    expect(await app!.stop('SIGINT')).toBe(0);
    const secondId = await start();
    expect(secondId).toBe(firstId);
    const printed = runNode('scripts/start.mjs', ['--instance-id'], { DATABASE_URL: database.url, DATA_DIR: dataDir });
    expect(await printed.exited()).toBe(0);
    expect(printed.output().trim()).toBe(secondId);

    // The instance ID is asked once per sign-in session, and the server remembers it on the session:
    // after the restart, in a new tab of the same sign-in (nothing kept in the tab), it is not asked.
    const afterRestart = await adminPage.context().newPage();
    await adminPage.close();
    await afterRestart.goto(`${url}/admin/mail-settings`);
    await waitForHydration(afterRestart);
    await afterRestart.getByTestId('instance-id-known').waitFor();
    expect(await afterRestart.getByLabel('Instance ID', { exact: true }).count()).toBe(0);
    await afterRestart.getByLabel('Sender address', { exact: true }).fill('loopwright@example.test');
    await afterRestart.getByLabel('Host', { exact: true }).fill('127.0.0.1');
    await afterRestart.getByLabel('Port', { exact: true }).fill(String(sink.port));
    await afterRestart.getByRole('button', { name: 'Check and save' }).click();
    await afterRestart.getByText('The connection works and the settings are saved').waitFor();
    await shot(afterRestart, 'first-hour-mail-settings-after-restart');
    for (const context of browser.contexts()) await context.close();
  }, 240_000);
});
