import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startSmtpSink, type SmtpSink } from '../../api/test/fakes/smtp-sink.js';
import { acceptCookiesIfAsked, launchChromium, nextFrames, saveScreenshot } from '../support/browser.js';
import { startBuiltApp, type BuiltApp } from '../support/served-app.js';
import {
  CLIENT_HEADERS,
  createDesigner,
  createDiagram,
  loggedInContext,
  openEditor,
  type Designer,
} from '../editor/support.js';

// Two designers and a visitor: the owner names the file and shares it by e-mail, the invitee gets
// the mail and a notification, opens it view-only, runs it and makes a copy; the owner publishes
// it, a visitor opens it from the community page, runs it and is asked to sign up to copy it.
const dice = {
  version: 1,
  settings: { stepsLimit: 30 },
  variables: [],
  nodes: [
    { id: 'roll', type: 'source', name: 'Roll', x: 0, y: 0, activation: 'automatic' },
    { id: 'coins', type: 'pool', name: 'Coins', x: 240, y: 0, start: 0 },
    { id: 'chart', type: 'chart', name: 'Dice chart', x: 480, y: -40 },
  ],
  connections: [{ id: 'c1', kind: 'resource', from: 'roll', to: 'coins', formula: 'D6' }],
};

describe.skipIf(!inject('chromiumPath'))('sharing, view-only and copies in Chromium', () => {
  let app: BuiltApp;
  let browser: Browser;
  let sink: SmtpSink;
  let owner: Designer;
  let invitee: Designer;
  let ownerContext: BrowserContext;
  let inviteeContext: BrowserContext;
  let fuid: string;
  let copyFuid: string;

  beforeAll(async () => {
    sink = await startSmtpSink();
    [app, browser] = await Promise.all([startBuiltApp({ SMTP_URL: sink.url }), launchChromium()]);
    [owner, invitee] = await Promise.all([createDesigner(app), createDesigner(app)]);
    [ownerContext, inviteeContext] = await Promise.all([
      loggedInContext(browser, app, owner),
      loggedInContext(browser, app, invitee),
    ]);
    await ownerContext.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.url });
  });
  afterAll(async () => {
    await ownerContext?.close();
    await inviteeContext?.close();
    await browser?.close();
    await app?.close();
    await sink?.close();
  });

  const node = (page: Page, name: string): Locator =>
    page.locator('.react-flow__node').filter({ has: page.getByTestId(`node-${name}`) });
  const caption = (page: Page) => page.locator('.chart-panel__caption').textContent();
  const shot = (page: Page, name: string) => saveScreenshot(page, name, { viewport: true });

  /** Quick run to the end, then 20 multiple runs, all in the browser. */
  async function runIt(page: Page) {
    await page.getByRole('button', { name: '▶ Quick run' }).click();
    await page.getByRole('button', { name: 'To end' }).click();
    await expect.poll(() => caption(page), { timeout: 20_000 }).toContain('Step 30');
    await page.getByLabel('Runs', { exact: true }).fill('20');
    await page.getByRole('button', { name: 'Multiple runs' }).click();
    await expect.poll(() => caption(page), { timeout: 20_000 }).toContain('20 of 20 runs');
  }

  /** Nothing can change: no palette, no undo, properties disabled, Delete does nothing. */
  async function expectViewOnly(page: Page) {
    const banner = page.getByRole('region', { name: 'View only' });
    await banner.waitFor();
    expect(await page.getByRole('button', { name: 'Undo' }).count()).toBe(0);
    expect(await page.locator('.palette').count()).toBe(0);
    await node(page, 'Coins').click();
    await page.getByRole('tab', { name: 'Properties' }).click();
    const start = page.getByRole('tabpanel').getByLabel('Start');
    await start.waitFor();
    expect(await start.isDisabled()).toBe(true);
    await page.keyboard.press('Delete');
    await nextFrames(page);
    expect(await node(page, 'Coins').count()).toBe(1);
    return banner;
  }

  it('the owner names the file, shares it by e-mail; the rules and texts of the spec hold', async () => {
    fuid = await createDiagram(ownerContext, app, { document: dice }); // named Untitled
    const page = await ownerContext.newPage();
    const errors = await openEditor(page, app, fuid);
    await page.getByRole('button', { name: 'Share', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Please name the file before sharing it').waitFor();
    expect(await dialog.getByRole('button', { name: 'Invite' }).isDisabled()).toBe(true);
    expect(await dialog.getByTestId('privacy-summary').textContent()).toBe('Who can open it: Only me');
    await shot(page, 'share-dialog-name-first');
    await dialog.getByLabel('File name').fill('Dice economy');
    await dialog.getByRole('button', { name: 'Save the name' }).click();
    await dialog.getByRole('heading', { name: 'Share “Dice economy”' }).waitFor();

    const email = dialog.getByLabel('E-mail');
    await email.fill('not-an-address');
    await dialog.getByRole('button', { name: 'Invite' }).click();
    await dialog.getByText('Please insert a valid email address').waitFor();
    await email.fill(invitee.email);
    await dialog.getByLabel('Permission', { exact: true }).selectOption('viewer');
    await dialog.getByRole('button', { name: 'Invite' }).click();
    await dialog.getByText(`Shared with ${invitee.email} as Viewer`).waitFor();
    expect(await dialog.getByLabel(`Permission of ${invitee.email}`).inputValue()).toBe('viewer');
    expect(await dialog.getByTestId('privacy-summary').textContent()).toBe('Who can open it: Specific people');
    // One permission per e-mail: the same person again is refused.
    await email.fill(invitee.email.toUpperCase());
    await dialog.getByRole('button', { name: 'Invite' }).click();
    await dialog.getByText('Sharing with an existing person is refused').waitFor();
    await shot(page, 'share-dialog-people');
    await dialog.getByRole('button', { name: 'Close' }).click();
    expect(await page.locator('.editor-header__title').textContent()).toBe('Dice economy');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('the invitee gets the e-mail and a notification, opens the diagram view-only, runs it and makes a copy with a forked-from notice', async () => {
    const mail = await sink.waitFor((m) => m.to.includes(invitee.email));
    const link = /https?:\/\/[^\s"<>]*\/diagrams\/([A-Za-z0-9]+)/.exec(mail.body);
    expect(link?.[1]).toBe(fuid);

    const page = await inviteeContext.newPage();
    await page.goto(`${app.url}/diagrams`);
    const bell = page.getByRole('button', { name: 'Notifications, 1 unread' });
    await bell.waitFor({ timeout: 20_000 });
    await bell.click();
    await page.getByRole('region', { name: 'Notifications' }).getByText('shared "Dice economy" with you').waitFor();
    await saveScreenshot(page, 'share-invitee-notification');

    const errors = await openEditor(page, app, fuid);
    const banner = await expectViewOnly(page);
    expect(await banner.textContent()).toContain('You have view-only access to this diagram by Eddie Tor');
    expect(await page.getByRole('button', { name: 'Share', exact: true }).count()).toBe(0);
    await runIt(page);
    await shot(page, 'share-invitee-view-only');

    await banner.getByRole('button', { name: 'Make a Copy' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/diagrams/') && !url.pathname.endsWith(fuid), {
      timeout: 20_000,
    });
    await page.getByTestId('editor').waitFor({ timeout: 45_000 });
    const notice = page.getByTestId('forked-from');
    await notice.waitFor();
    expect(await notice.textContent()).toBe(`Forked from Dice economy by @${owner.username}`);
    copyFuid = new URL(page.url()).pathname.split('/').pop()!;
    expect(await page.getByRole('region', { name: 'View only' }).count()).toBe(0);
    expect(await page.locator('.editor-header__title').textContent()).toBe('Dice economy (copy)');
    await shot(page, 'share-copy-forked-from');
    expect(errors).toEqual([]);
    await page.close();

    // The owner is told about the copy.
    const notes = await ownerContext.request.get(`${app.url}/api/notifications`, { headers: CLIENT_HEADERS });
    expect(JSON.stringify(await notes.json())).toContain('made a copy of \\"Dice economy\\"');
  });

  it('the owner lets the link view and publishes to the community: copy link, public URL and share thumbnail', async () => {
    const page = await ownerContext.newPage();
    await openEditor(page, app, fuid);
    await page.getByRole('button', { name: 'Share', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Link access').selectOption('view');
    await expect.poll(() => dialog.getByTestId('privacy-summary').textContent()).toContain('Combined');
    await dialog.getByRole('button', { name: 'Copy link' }).click();
    await dialog.getByText('Link copied').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${app.url}/diagrams/${fuid}`);
    await dialog.getByLabel(/Publish to the community/).click();
    const publicUrl = dialog.getByLabel('Public URL');
    await publicUrl.waitFor();
    expect(await publicUrl.inputValue()).toBe(`${app.url}/open-public/${fuid}`);
    const thumb = dialog.getByRole('img', { name: 'Share preview of Dice economy' });
    await expect
      .poll(() => thumb.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), { timeout: 15_000 })
      .toBeGreaterThan(0);
    expect(await dialog.getByTestId('privacy-summary').textContent()).toBe(
      'Who can open it: Combined (specific people, anyone with the link (can view), public on community)',
    );
    expect(await dialog.getByRole('link', { name: 'LinkedIn' }).getAttribute('href')).toBe(
      `https://www.linkedin.com/sharing/share-offsite/?url=${encodeURIComponent(`${app.url}/open-public/${fuid}`)}`,
    );
    await shot(page, 'share-dialog-published');
    await page.close();
  });

  it('a visitor opens the public diagram from its community page, runs it, and is asked to sign up to make a copy', async () => {
    const visitor = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await visitor.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    // /open-public/{fuid} leads to the community page.
    await page.goto(`${app.url}/open-public/${fuid}`);
    await page.waitForURL((url) => url.pathname.startsWith(`/community/${owner.username}/`));
    await page.getByRole('heading', { name: 'Dice economy' }).waitFor();
    await acceptCookiesIfAsked(page);
    await page.getByRole('link', { name: 'Open in Loopwright' }).click();
    await page.getByTestId('editor').waitFor({ timeout: 45_000 });
    expect(new URL(page.url()).pathname).toBe(`/diagrams/${fuid}`);
    const banner = await expectViewOnly(page);
    expect(await banner.textContent()).toContain('This is a public diagram by Eddie Tor');
    await runIt(page);
    await shot(page, 'share-visitor-view-only');
    await banner.getByRole('button', { name: 'Make a Copy' }).click();
    const dialog = page.getByRole('dialog');
    await dialog
      .getByRole('heading', { name: 'To make a copy of this diagram, please create a free public account' })
      .waitFor();
    await shot(page, 'share-visitor-copy-login');

    // Then the copy: logging in from the dialog comes back here and makes it.
    await dialog.getByRole('link', { name: 'Log in instead' }).click();
    await page.waitForURL(/\/login\?/);
    await page.getByLabel('E-mail', { exact: true }).fill(invitee.email);
    await page.getByLabel('Password', { exact: true }).fill(invitee.password);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/diagrams/') && !url.pathname.endsWith(fuid), {
      timeout: 30_000,
    });
    await page.getByTestId('forked-from').waitFor({ timeout: 45_000 });
    expect(await page.getByTestId('forked-from').textContent()).toBe(`Forked from Dice economy by @${owner.username}`);
    expect(errors).toEqual([]);
    await visitor.close();
  });

  it('a person without an account follows the invitation e-mail, signs up, confirms, onboards and lands on the shared diagram', async () => {
    const email = `newcomer-${Date.now()}@example.test`;
    const share = await ownerContext.request.post(`${app.url}/api/diagrams/${fuid}/shares`, {
      headers: CLIENT_HEADERS,
      data: { email, role: 'viewer' },
    });
    expect(share.status()).toBe(201);
    const mail = await sink.waitFor((m) => m.to.includes(email));
    const signUp = new URL(/https?:\/\/[^\s"<>]*\/register\?[^\s"<>]*/.exec(mail.body)![0].replace(/&amp;/g, '&'));
    expect(signUp.searchParams.get('returnTo')).toBe(`/diagrams/${fuid}`);

    const context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
    const page = await context.newPage();
    await page.goto(`${app.url}${signUp.pathname}${signUp.search}`);
    const emailField = page.getByLabel('E-mail', { exact: true });
    await expect.poll(() => emailField.inputValue(), { timeout: 15_000 }).toBe(email);
    await page.getByLabel('Password', { exact: true }).fill('correct horse 1');
    await page.getByLabel('Confirm password', { exact: true }).fill('correct horse 1');
    await page.getByLabel('I have read and agreed to the Terms of Service', { exact: true }).check();
    await page.getByRole('button', { name: 'Create free account' }).click();
    await page.getByRole('heading', { name: 'Check your inbox' }).waitFor();

    const confirmation = await sink.waitFor((m) => m.to.includes(email) && /confirm-email\?token=/.test(m.body));
    const confirmUrl = new URL(
      /https?:\/\/[^\s"<>]*\/confirm-email\?[^\s"<>]*/.exec(confirmation.body)![0].replace(/&amp;/g, '&'),
    );
    await page.goto(`${app.url}${confirmUrl.pathname}${confirmUrl.search}`);
    await page.getByRole('heading', { name: 'Your e-mail address is confirmed' }).waitFor();
    await page.getByRole('link', { name: 'Log in' }).last().click();
    await page.getByLabel('E-mail', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill('correct horse 1');
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await page.waitForURL(/\/onboarding/);
    await page.getByRole('button', { name: 'Get started' }).click();
    await page.getByLabel('What describes you best?', { exact: true }).selectOption('Game designer');
    await page.getByLabel('What do you want to design?', { exact: true }).selectOption('Game economy');
    await page.getByLabel('Company', { exact: true }).fill('Tiny Forge');
    await page.getByRole('button', { name: 'Continue' }).click();
    const username = `newcomer.${Date.now()}`;
    await page.getByLabel('Community username', { exact: true }).fill(username);
    await page.getByText(`${username} is available`).waitFor();
    await page.getByRole('button', { name: 'Finish' }).click();
    await page.waitForURL((url) => url.pathname === `/diagrams/${fuid}`, { timeout: 30_000 });
    await page.getByRole('region', { name: 'View only' }).waitFor({ timeout: 45_000 });
    await shot(page, 'share-newcomer-lands-on-diagram');
    await context.close();
  });

  it('a private diagram is 404 for the other user; the owner duplicates from the list', async () => {
    const secret = await createDiagram(ownerContext, app, { name: 'Secret plan', document: dice });
    const page = await inviteeContext.newPage();
    await page.goto(`${app.url}/diagrams/${secret}`);
    await page.getByRole('heading', { name: 'Diagram not found' }).waitFor({ timeout: 45_000 });
    await shot(page, 'share-private-404');
    await page.close();

    const list = await ownerContext.newPage();
    await list.goto(`${app.url}/diagrams`);
    await list.getByRole('button', { name: 'Actions for Secret plan' }).click();
    await list.getByRole('menuitem', { name: 'Duplicate' }).click();
    await list.getByRole('link', { name: 'Secret plan (copy)' }).waitFor({ timeout: 20_000 });
    await list.getByRole('button', { name: 'Actions for Dice economy', exact: true }).click();
    await list.getByRole('menuitem', { name: 'Share…' }).click();
    const dialog = list.getByRole('dialog');
    await dialog.getByLabel(`Permission of ${invitee.email}`).waitFor();
    expect(await dialog.getByLabel(/Publish to the community/).isChecked()).toBe(true);
    await shot(list, 'share-list-row-menu-dialog');
    await list.close();
  });

  it("the copy's community page and editor show where it was forked from, and that the source is gone once deleted", async () => {
    const published = await inviteeContext.request.put(`${app.url}/api/diagrams/${copyFuid}/privacy`, {
      headers: CLIENT_HEADERS,
      data: { community: true },
    });
    expect(published.status()).toBe(200);
    const visitor = await browser.newContext({ viewport: { width: 1280, height: 860 } });
    const page = await visitor.newPage();
    await page.goto(`${app.url}/open-public/${copyFuid}`);
    await page.getByRole('heading', { name: 'Dice economy (copy)' }).waitFor();
    const notice = page.getByTestId('forked-from');
    expect(await notice.textContent()).toBe('Forked from Dice economy');
    expect(await notice.getByRole('link', { name: 'Dice economy' }).getAttribute('href')).toBe(
      `/community/${owner.username}/dice-economy-${fuid}`,
    );
    await saveScreenshot(page, 'share-community-forked-from');

    // The invitee has the source open, view-only, while its owner deletes it.
    const viewer = await inviteeContext.newPage();
    await openEditor(viewer, app, fuid);
    expect(
      (await ownerContext.request.delete(`${app.url}/api/diagrams/${fuid}`, { headers: CLIENT_HEADERS })).status(),
    ).toBe(200);
    // The viewer is told at once (live), and a copy of it is refused with the spec's text.
    await viewer.getByText('This diagram was deleted or is no longer public').waitFor();
    await shot(viewer, 'share-copy-unavailable');
    const copy = await inviteeContext.request.post(`${app.url}/api/diagrams/${fuid}/copies`, {
      headers: CLIENT_HEADERS,
      data: {},
    });
    expect(copy.status()).toBe(404);
    expect((await copy.json()).error.message).toBe('The diagram you are trying to copy is no longer available');
    await viewer.close();

    await page.reload();
    await page.getByRole('heading', { name: 'Dice economy (copy)' }).waitFor();
    expect(await page.getByTestId('forked-from').textContent()).toBe(
      'Forked from a diagram (source no longer available)',
    );
    await visitor.close();

    const editor = await inviteeContext.newPage();
    await openEditor(editor, app, copyFuid);
    expect(await editor.getByTestId('forked-from').textContent()).toBe(
      'Forked from a diagram (source no longer available)',
    );
    await shot(editor, 'share-copy-source-gone');
    await editor.goto(`${app.url}/diagrams/${fuid}`);
    await editor.getByRole('heading', { name: 'Diagram not found' }).waitFor({ timeout: 45_000 });
    await editor.close();
  });
});
