import { diagramSlug } from '@loopwright/contracts';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { economyDocument } from '../../api/test/factories/diagrams.js';
import { linkFrom, startSmtpSink, type SmtpSink } from '../../api/test/fakes/smtp-sink.js';
import { CLIENT_HEADERS, createDesigner, loggedInContext, type Designer } from '../editor/support.js';
import {
  launchChromium,
  nextFrames,
  saveElementScreenshot,
  saveScreenshot,
  waitForHydration,
} from '../support/browser.js';
import { startBuiltApp, type BuiltApp } from '../support/served-app.js';

/** A screenshot without the cookie banner (`viewport`: only what is on screen). */
async function shot(page: Page, name: string, options: { viewport?: boolean } = {}) {
  const reject = page.getByRole('button', { name: 'Reject all' });
  if (await reject.isVisible()) await reject.click({ timeout: 2000 }).catch(() => undefined);
  await saveScreenshot(page, name, options);
}

/** Opens the page and rejects cookies if asked (the banner is decided when the page hydrates). */
async function open(page: Page, url: string) {
  await page.goto(url);
  await waitForHydration(page);
  await nextFrames(page);
  const reject = page.getByRole('button', { name: 'Reject all' });
  if (await reject.count()) await reject.click();
}

describe.skipIf(!inject('chromiumPath'))('community: likes, follows, hire and running a diagram', () => {
  let app: BuiltApp;
  let browser: Browser;
  let sink: SmtpSink;
  let owner: Designer;
  let fan: Designer;
  let ownerContext: BrowserContext;
  let fanContext: BrowserContext;
  let fuid: string;
  let diagramUrl: string;
  const name = 'Idle miner core loop';

  beforeAll(async () => {
    sink = await startSmtpSink();
    [app, browser] = await Promise.all([startBuiltApp({ SMTP_URL: sink.url }), launchChromium()]);
    [owner, fan] = await Promise.all([createDesigner(app), createDesigner(app)]);
    [ownerContext, fanContext] = await Promise.all([
      loggedInContext(browser, app, owner),
      loggedInContext(browser, app, fan),
    ]);
    const created = await ownerContext.request.post(`${app.url}/api/diagrams`, {
      headers: CLIENT_HEADERS,
      data: {
        name,
        description: 'A core loop with a converter: income turns into upgrades, a dice mine adds ore.',
        document: economyDocument(),
      },
    });
    fuid = (await created.json()).content.diagram.fuid;
    expect(
      (
        await ownerContext.request.put(`${app.url}/api/diagrams/${fuid}/privacy`, {
          headers: CLIENT_HEADERS,
          data: { community: true },
        })
      ).status(),
    ).toBe(200);
    diagramUrl = `${app.url}/community/${owner.username}/${diagramSlug(name)}-${fuid}`;
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
    await sink?.close();
  });

  it('a designer likes a diagram (count +1 on the page and on the card), sees it under Liked, follows, and the tabs show it', async () => {
    const page = await fanContext.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));

    await open(page, diagramUrl);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(name);
    const like = page.getByTestId('like-button').first();
    await expect.poll(() => like.getAttribute('aria-pressed')).toBe('false');
    expect(await like.getByTestId('like-count').textContent()).toBe('0');
    await like.click();
    await expect.poll(() => like.getAttribute('aria-pressed')).toBe('true');
    expect(await like.getByTestId('like-count').textContent()).toBe('1');
    // One like, not "1 likes".
    expect(await like.getAttribute('aria-label')).toBe('Unlike (1 like)');
    // Related glossary terms and share buttons are on the page too.
    await page.getByRole('heading', { name: 'Related glossary terms' }).waitFor();
    expect(await page.locator('.related-terms a').allTextContents()).toEqual(expect.arrayContaining(['Converter']));
    await page.getByRole('button', { name: 'Discord' }).waitFor();
    await shot(page, 'community-diagram-liked');

    // The card on the owner's profile: the same count, liked.
    await open(page, `${app.url}/community/${owner.username}/profile`);
    const card = page.locator('.diagram-card').filter({ hasText: name });
    await expect.poll(() => card.getByTestId('like-button').getAttribute('aria-pressed')).toBe('true');
    expect(await card.getByTestId('like-count').textContent()).toBe('1');
    expect(await card.getByTestId('live-like-count').textContent()).toBe('1');
    expect(await page.locator('.profile-head').textContent()).toContain('1 public diagram');

    // Follow the owner from the profile: follower count +1.
    const follow = page.locator('.profile-head').getByTestId('follow-button');
    await follow.click();
    await expect.poll(() => follow.textContent()).toBe('Following');
    await expect
      .poll(() => page.locator('.profile-head').getByTestId('profile-counts').textContent())
      .toBe('1 follower · 1 public diagram');
    await shot(page, 'community-profile-followed');

    // The fan's own profile: Liked and Following tabs.
    await open(page, `${app.url}/community/${fan.username}/liked`);
    expect(await page.locator('.tab.is-active').textContent()).toBe('Liked');
    await page.locator('.diagram-card').filter({ hasText: name }).waitFor();
    await shot(page, 'community-profile-liked-tab');
    await page.getByRole('link', { name: 'Following' }).click();
    await page.waitForURL(`**/community/${fan.username}/following`);
    await page
      .locator('.designer-card')
      .filter({ hasText: `@${owner.username}` })
      .waitFor();
    // The owner's Followers tab lists the fan.
    await open(page, `${app.url}/community/${owner.username}/followers`);
    await page
      .locator('.designer-card')
      .filter({ hasText: `@${fan.username}` })
      .waitFor();
    await shot(page, 'community-profile-followers-tab');

    // Unlike brings the count back.
    await open(page, diagramUrl);
    const again = page.getByTestId('like-button').first();
    await expect.poll(() => again.getAttribute('aria-pressed')).toBe('true');
    await again.click();
    await expect.poll(() => again.getByTestId('like-count').textContent()).toBe('0');

    // Like and follow from the editor too (the public diagram opens view-only for the fan).
    await page.goto(`${app.url}/diagrams/${fuid}`);
    await page.getByTestId('editor').waitFor({ timeout: 45_000 });
    const editorLike = page.locator('.editor-social').getByTestId('like-button');
    await expect.poll(() => editorLike.getAttribute('aria-pressed')).toBe('false');
    await editorLike.click();
    await expect.poll(() => editorLike.getByTestId('like-count').textContent()).toBe('1');
    await expect
      .poll(() => page.locator('.editor-social').getByTestId('follow-button').textContent())
      .toBe('Following');
    await saveElementScreenshot(page.locator('.editor-social'), 'community-editor-like-follow');

    // Fork from the community page: a copy of the fan's own opens in the editor; the fork count shows it.
    await open(page, diagramUrl);
    const fork = page.getByTestId('fork-button');
    expect(await fork.getByTestId('fork-count').textContent()).toBe('0');
    await fork.click();
    await page.waitForURL((url) => url.pathname.startsWith('/diagrams/') && !url.pathname.endsWith(fuid), {
      timeout: 20_000,
    });
    await open(page, diagramUrl);
    expect(await page.getByTestId('fork-button').getByTestId('fork-count').textContent()).toBe('1');
    expect(errors).toEqual([]);
  });

  it('hires the designer: the message reaches the designer by e-mail with the sender as reply-to', async () => {
    // The designer says so in the profile settings.
    const settings = await ownerContext.newPage();
    await open(settings, `${app.url}/settings/community`);
    await settings.getByLabel('Available for hire').check();
    await settings.getByText('You are now listed as available for hire.').waitFor();
    await shot(settings, 'community-settings-available-for-hire', { viewport: true });
    await settings.reload();
    await waitForHydration(settings);
    await expect.poll(() => settings.getByLabel('Available for hire').isChecked()).toBe(true);

    const page = await fanContext.newPage();
    await open(page, `${app.url}/community/${owner.username}/profile`);
    await page.getByTestId('hire-button').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: /Hire designer/ }).waitFor();
    // Required fields first.
    await dialog.getByLabel('E-mail').fill('not-an-address');
    await dialog.getByRole('button', { name: 'Send message' }).click();
    await dialog.getByText('Please insert a valid email address').waitFor();
    await dialog.getByText('Please enter a message').waitFor();
    await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill('Studio Lead');
    await dialog.getByLabel('E-mail').fill('lead@studio.test');
    await dialog.getByLabel('Company').fill('Tiny Studio');
    await dialog.getByLabel('Project name').fill('Idle RPG');
    await dialog.getByLabel('Message').fill('We need an economy designer for three months.');
    await dialog.getByLabel('Send me a copy').check();
    await shot(page, 'community-hire-modal', { viewport: true });
    await dialog.getByRole('button', { name: 'Send message' }).click();
    await dialog.getByText('Your message was sent to the designer.').waitFor();
    expect(await dialog.textContent()).not.toContain(owner.email);

    const mail = await sink.waitFor((m) => m.to.includes(owner.email));
    expect(mail.subject).toBe('Studio Lead wants to hire you through Loopwright');
    expect(mail.body).toMatch(/^Reply-To: lead@studio\.test/m);
    expect(mail.body).toContain('We need an economy designer for three months.');
    const copy = await sink.waitFor((m) => m.to.includes('lead@studio.test'));
    expect(copy.body).not.toContain(owner.email);
  });

  it('a visitor: Like opens the log-in dialog; Play runs the diagram here and the chart moves; the embed runs too', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await open(page, diagramUrl);

    await page.getByTestId('like-button').first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('To like this diagram, please create a free public account').waitFor();
    await shot(page, 'community-visitor-like-dialog', { viewport: true });
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await page.getByTestId('follow-button').first().click();
    await page.getByRole('dialog').getByText('To follow this user, please create a free public account').waitFor();
    await page.keyboard.press('Escape');

    // Play sits under the picture of the diagram, not over its node labels.
    const picture = (await page.locator('.play-panel .article__image').boundingBox())!;
    const play = (await page.getByTestId('play-button').boundingBox())!;
    expect(play.y).toBeGreaterThanOrEqual(picture.y + picture.height);
    await shot(page, 'community-play-under-picture', { viewport: true });
    // The playback lasts about 5 s, which a busy machine can spend between two reads from here: the page
    // itself records every step the player's bar shows.
    await page.evaluate(() => {
      const shown: number[] = [];
      (window as unknown as { playerSteps: number[] }).playerSteps = shown;
      new MutationObserver(() => {
        const bar = document.querySelector('[data-testid="community-player"] .community-player__bar strong');
        const step = Number(/Step (\d+)/.exec(bar?.textContent ?? '')?.[1] ?? 0);
        if (step && shown.at(-1) !== step) shown.push(step);
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    await page.getByTestId('play-button').click();
    const player = page.getByTestId('community-player');
    await player.locator('[data-testid="chart-canvas"] canvas').first().waitFor({ timeout: 30_000 });
    const shownSteps = () => page.evaluate(() => (window as unknown as { playerSteps: number[] }).playerSteps);
    // The chart moves: the bar shows one step after another, each further on.
    await expect.poll(async () => (await shownSteps()).length).toBeGreaterThan(1);
    const steps = await shownSteps();
    expect(steps).toEqual([...steps].sort((a, b) => a - b));
    await page.locator('.community-player__bar strong').scrollIntoViewIfNeeded();
    await shot(page, 'community-visitor-playing', { viewport: true });
    await expect.poll(() => player.getAttribute('data-status'), { timeout: 20_000 }).toBe('done');
    const values = await player.getByTestId('player-values').textContent();
    expect(values).toMatch(/Gold: \d+/);
    expect(page.url()).toBe(diagramUrl);
    await shot(page, 'community-visitor-played', { viewport: true });

    // The embed: framable by any site, runnable.
    const embedCode = await page.getByTestId('embed-code').textContent();
    expect(embedCode).toContain(`/embed/${fuid}`);
    const response = await page.goto(`${app.url}/embed/${fuid}`);
    expect(response?.headers()['x-frame-options']).toBeUndefined();
    expect(response?.headers()['content-security-policy'] ?? '').toContain('frame-ancestors *');
    await waitForHydration(page);
    await page.getByTestId('play-button').click();
    await expect
      .poll(() => page.getByTestId('community-player').getAttribute('data-status'), { timeout: 30_000 })
      .toBe('done');
    await shot(page, 'community-embed-played', { viewport: true });
    expect(errors).toEqual([]);
    await context.close();
  });
  it('after signing up from a like, the first log-in opens the diagram in a new tab', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await open(page, diagramUrl);
    await page.getByTestId('like-button').first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('To like this diagram, please create a free public account').waitFor();
    const email = `liker-${fuid.slice(0, 6).toLowerCase()}@example.test`;
    await dialog.getByLabel('E-mail').fill(email);
    await dialog.getByLabel('Password', { exact: true }).fill('pw-liker-1');
    await dialog.getByLabel('I have read and agreed to the Terms of Service').check();
    await dialog.getByRole('button', { name: 'Create free account' }).click();
    await dialog.waitFor({ state: 'detached' });
    const mail = await sink.waitFor((m) => m.to.includes(email) && /confirm-email\?token=/.test(m.body));
    await page.goto(`${app.url}/confirm-email?token=${encodeURIComponent(linkFrom(mail, '/confirm-email').token)}`);
    await page.getByRole('heading', { name: 'Your e-mail address is confirmed' }).waitFor();
    await page.getByRole('link', { name: 'Log in' }).last().click();
    await page.waitForURL(/\/login\?confirmed=1/);
    await page.getByLabel('E-mail', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill('pw-liker-1');
    const opened = context.waitForEvent('page');
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    const tab = await opened;
    await tab.waitForURL(diagramUrl);
    await context.close();
  });
});
