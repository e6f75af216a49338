import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { PrismaPg } from '@prisma/adapter-pg';
import type { Page } from 'playwright-core';
import { DiagramTexts } from '@loopwright/contracts';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { PrismaClient } from '../../api/src/generated/prisma/client.js';
import { saveScreenshot, waitForHydration } from '../support/browser.js';
import { useAppAndBrowser } from '../support/app-and-browser.js';
import {
  chartValue,
  createDesigner,
  createDiagram,
  getDiagram,
  loggedInContext,
  openEditor,
  type Designer,
} from '../editor/support.js';
import { MOBILE, withSavedConsent } from './helpers.js';

/**
 * Issue 34, item 8 and 9 screens: the mobile drawer's account footer (B16), the template catalogue's
 * Webinars and Book sections with thumbnails (item 9), multiple runs refused with nothing plotted
 * (H28), and Recent Activity's dates after a week (O26).
 */
/** The names of the tracking messages the page sends (POST /api/message). */
function trackedNames(page: Page): string[] {
  const names: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/api/message') && r.method() === 'POST')
      for (const m of (r.postDataJSON()?.messages ?? []) as { name: string }[]) names.push(m.name);
  });
  return names;
}

describe.skipIf(!inject('chromiumPath'))('the last spec rows in Chromium', () => {
  const running = useAppAndBrowser();
  let designer: Designer;
  let prisma: PrismaClient;
  beforeAll(async () => {
    designer = await createDesigner(running.app);
    prisma = new PrismaClient({ adapter: new PrismaPg({ connectionString: running.app.databaseUrl, max: 1 }) });
  });
  afterAll(() => prisma?.$disconnect());

  it('the mobile drawer ends with who is logged in: name, e-mail, community profile, My app and Log out (B16)', async () => {
    const context = await loggedInContext(running.browser, running.app, designer, MOBILE);
    const page = await context.newPage();
    await page.goto(`${running.app.url}/about`);
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByTestId('mobile-drawer');
    const footer = drawer.locator('.drawer__footer');
    await footer.getByText(designer.email).waitFor();
    await footer.getByText('Eddie Tor').waitFor();
    expect(await footer.getByRole('link', { name: 'Community profile' }).getAttribute('href')).toBe(
      `/community/${designer.username}/profile`,
    );
    expect(await footer.getByRole('link', { name: /My app/ }).getAttribute('href')).toBe('/diagrams');
    await footer.getByRole('link', { name: 'Community profile' }).scrollIntoViewIfNeeded();
    await saveScreenshot(page, 'spec-rows-drawer-account');
    await footer.getByRole('button', { name: 'Log out' }).click();
    await page.getByRole('button', { name: 'Open menu' }).click();
    await drawer.locator('.drawer__footer').getByRole('link', { name: 'Log in' }).waitFor();
    await context.close();
  });

  it('the content column follows the xl and xxl breakpoints (O16: 1230, 1600)', async () => {
    const page = await running.browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`${running.app.url}/about`);
    const width = () => page.locator('.site-header__inner').evaluate((el) => el.getBoundingClientRect().width);
    expect(await width()).toBe(1180); // xl: from 1230 px
    await page.setViewportSize({ width: 1700, height: 900 });
    expect(await width()).toBe(1440); // xxl: from 1600 px
    await saveScreenshot(page, 'spec-rows-xxl');
    await page.setViewportSize({ width: 1100, height: 800 });
    expect(await width()).toBe(1100); // below xl the column is the window
    await page.close();
  });

  it('the Templates tab has Webinars and Book sections, each card with a thumbnail (item 9)', async () => {
    const context = await loggedInContext(running.browser, running.app, designer);
    const page = await context.newPage();
    await page.goto(`${running.app.url}/diagrams`);
    await waitForHydration(page);
    const consent = page.getByRole('button', { name: 'Accept all' });
    if (await consent.isVisible()) await consent.click();
    await page.getByRole('tab', { name: 'Templates' }).click();
    for (const section of ['Patterns', 'Framework', 'Deconstructions', 'Webinars', 'Book'])
      await page.getByRole('heading', { name: section, exact: true }).waitFor({ timeout: 30_000 });
    expect(await page.locator('.template-sections .diagram-card').count()).toBeGreaterThanOrEqual(74);
    const book = page.locator('section', { has: page.getByRole('heading', { name: 'Book', exact: true }) });
    const first = book.locator('.diagram-card').first();
    await first.scrollIntoViewIfNeeded();
    await expect
      .poll(() => first.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBe(320);
    await saveScreenshot(page, 'spec-rows-templates-book', { viewport: true }); // the Book section in view
    await context.close();
  });

  const firstPool = JSON.parse(readFileSync('content/templates/first-pool.json', 'utf8'));

  it('the home diagram list pages past 100 with Load more', async () => {
    const owner = await createDesigner(running.app);
    const user = await prisma.user.findUniqueOrThrow({ where: { email: owner.email } });
    const workspace = await prisma.workspace.findFirstOrThrow({ where: { personalUserId: user.id } });
    const key = () => randomUUID().replace(/-/g, '').slice(0, 16);
    await prisma.diagram.createMany({
      data: Array.from({ length: 103 }, (_, i) => ({
        fuid: key(),
        fileToken: randomUUID(),
        name: `Economy ${String(i + 1).padStart(3, '0')}`,
        workspaceId: workspace.id,
        ownerId: user.id,
        document: { ...firstPool.document, nodes: [], connections: [] },
      })),
    });
    const context = await loggedInContext(running.browser, running.app, owner);
    const page = await context.newPage();
    await page.goto(`${running.app.url}/diagrams`);
    await waitForHydration(page);
    const cards = page.locator('.diagram-grid > .diagram-card');
    await page.getByText('100 of 103 diagrams').waitFor({ timeout: 30_000 });
    expect(await cards.count()).toBe(100);
    await page.getByRole('button', { name: 'Load more' }).click();
    await expect.poll(() => cards.count()).toBe(103);
    expect(await page.getByRole('button', { name: 'Load more' }).count()).toBe(0);
    await context.close();
  });

  it('multiple runs refuse to start with nothing plotted, with the spec text (H28)', async () => {
    const context = await loggedInContext(running.browser, running.app, designer);
    const document = {
      ...firstPool.document,
      nodes: firstPool.document.nodes.map((n: object) => ({ ...n, showInChart: false })),
    };
    const fuid = await createDiagram(context, running.app, { name: 'Nothing plotted', document });
    const page = await context.newPage();
    await openEditor(page, running.app, fuid);
    await page.getByRole('button', { name: 'Multiple runs' }).click();
    await page
      .getByRole('toolbar', { name: 'Run controls' })
      .getByRole('alert')
      .getByText(DiagramTexts.nothingPlotted)
      .waitFor();
    expect(await page.getByRole('progressbar', { name: 'Multiple runs progress' }).count()).toBe(0);
    await saveScreenshot(page, 'spec-rows-multiple-runs-nothing-plotted');
    await context.close();
  });

  it('the functional panel edits the diagram variables that formulas use by name (H41)', async () => {
    const context = await loggedInContext(running.browser, running.app, designer);
    const document = {
      ...firstPool.document,
      connections: firstPool.document.connections.map((c: object) => ({ ...c, formula: 'mint_rate' })),
      variables: [{ name: 'mint_rate', formula: '2' }],
    };
    const fuid = await createDiagram(context, running.app, { name: 'With a variable', document });
    const page = await context.newPage();
    await openEditor(page, running.app, fuid);
    await page.getByRole('tab', { name: 'Functional' }).click();
    const panel = page.getByRole('region', { name: 'Functional' });
    expect(await panel.getByLabel('Name of variable 1').inputValue()).toBe('mint_rate');
    await panel.getByLabel('Formula of mint_rate').fill('5');
    await panel.getByRole('button', { name: 'Add variable' }).click();
    await panel.getByLabel('Name of variable 2').fill('mint_rate');
    await panel.getByRole('alert').getByText('Another variable has this name.').waitFor();
    await panel.getByLabel('Name of variable 2').fill('bonus');
    await saveScreenshot(page, 'spec-rows-functional-panel');
    await page.getByRole('button', { name: '▶ Quick run' }).click();
    await page.getByRole('button', { name: 'To end' }).click();
    await page.getByRole('button', { name: 'Show values' }).click();
    expect(await chartValue(page, 'Coins', 2)).toBe('10'); // 5 a step: the variable's new value
    await expect
      .poll(async () => (await getDiagram(context, running.app, fuid)).document as unknown as { variables: object[] })
      .toMatchObject({
        variables: [
          { name: 'mint_rate', formula: '5' },
          { name: 'bonus', formula: '1' },
        ],
      });
    await context.close();
  });

  it('Recent Activity says MMM DD, YYYY for anything older than a week (O26)', async () => {
    const user = await prisma.user.findUniqueOrThrow({ where: { email: designer.email } });
    const old = new Date(Date.now() - 30 * 86_400_000);
    await prisma.activity.createMany({
      data: [
        { type: 'follow-user', eventId: randomUUID(), actorId: user.id, subjectUserId: user.id, createdAt: old },
        { type: 'follow-user', eventId: randomUUID(), actorId: user.id, subjectUserId: user.id },
      ],
    });
    const context = await loggedInContext(running.browser, running.app, designer);
    await withSavedConsent(context, true);
    const page = await context.newPage();
    const tracked = trackedNames(page);
    await page.goto(`${running.app.url}/activity`);
    await waitForHydration(page);
    const times = page.locator('time');
    await times.nth(1).waitFor();
    const shown = await times.allTextContents();
    const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
    expect(shown).toContain(
      `${months[old.getMonth()]} ${String(old.getDate()).padStart(2, '0')}, ${old.getFullYear()}`,
    );
    expect(shown).toContain('just now');
    await saveScreenshot(page, 'spec-rows-recent-activity');
    await expect.poll(() => tracked).toContain('Activity feed view'); // D3
    await context.close();
  });
});

// The hosted product (billing on) offers "Book a demo"; a self-hosted pricing page shows no sales calls.
describe.skipIf(!inject('chromiumPath'))('the pricing page of the hosted product in Chromium', () => {
  const running = useAppAndBrowser({ STRIPE_SECRET_KEY: 'sk_test_spec_rows' });

  it('"Book a demo" on the pricing page is tracked as a book-demo intent and fills the contact subject (M11)', async () => {
    const context = await running.browser.newContext();
    await withSavedConsent(context, true);
    const page = await context.newPage();
    const tracked = trackedNames(page);
    await page.goto(`${running.app.url}/pricing`);
    await waitForHydration(page);
    // With billing on the FAQ answers the trial and payment questions (left out on a self-hosted instance).
    await page.locator('.faq').getByText('Do I need a credit card for the trial?').waitFor();
    await page.getByRole('link', { name: 'Book a demo' }).click();
    await page.waitForURL(/\/contact\?subject=Book%20a%20demo$/);
    await expect.poll(() => tracked).toContain('Book a demo intent');
    await saveScreenshot(page, 'spec-rows-book-a-demo');
    expect(await page.getByLabel('Subject').inputValue()).toBe('Book a demo');
    await context.close();
  });
});
