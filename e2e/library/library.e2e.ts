import { WEB_ADDRESS_MESSAGE } from '@loopwright/contracts';
import { PrismaPg } from '@prisma/adapter-pg';
import type { Page } from 'playwright-core';
import { PrismaClient } from '../../api/src/generated/prisma/client.js';
import { describe, expect, inject, it } from 'vitest';
import { saveScreenshot } from '../support/browser.js';
import { CLIENT_HEADERS, createDiagram, useDesignerSession } from '../editor/support.js';

/**
 * The library end to end: a diagram from a template (a tutorial), its tour played, a balance test that
 * passes, the diagram broken so it fails, the Tests list; the template view for a visitor.
 */
describe.skipIf(!inject('chromiumPath'))('templates, tours and balance tests in Chromium', () => {
  const running = useDesignerSession();
  let fuid = '';
  const tourCard = (page: Page) => page.getByRole('dialog', { name: /./ }).filter({ hasText: /Step \d+ of \d+/ });
  const panel = (page: Page) => page.getByRole('tabpanel');

  it('creates a diagram from a tutorial template and plays its tour (next, previous, Escape)', async () => {
    const page = await running.context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${running.app.url}/diagrams`);
    const consent = page.getByRole('button', { name: 'Accept all' });
    if (
      await consent.waitFor({ timeout: 20_000 }).then(
        () => true,
        () => false,
      )
    )
      await consent.click();
    await page.getByRole('tab', { name: 'Templates' }).click();
    await page.getByRole('heading', { name: 'Patterns' }).waitFor({ timeout: 30_000 });
    for (const section of ['Framework', 'Deconstructions'])
      await page.getByRole('heading', { name: section }).waitFor();
    expect(await page.locator('.template-sections .diagram-card').count()).toBeGreaterThanOrEqual(30);
    await saveScreenshot(page, 'library-templates-tab');

    await page.getByRole('tab', { name: 'Tutorials' }).click();
    const tutorial = page.getByRole('listitem').filter({ hasText: 'Tutorial 4: feedback with state connections' });
    await tutorial.waitFor();
    expect(await page.locator('.diagram-grid .diagram-card').count()).toBeGreaterThanOrEqual(6);
    await saveScreenshot(page, 'library-tutorials-tab');
    await tutorial.getByRole('button', { name: 'Start tutorial' }).click();
    await page.waitForURL(/\/diagrams\/[A-Za-z0-9]+\?tour=1$/);
    fuid = new URL(page.url()).pathname.split('/').pop()!;
    await page.getByTestId('editor').waitFor({ timeout: 45_000 });
    expect(await page.locator('.editor-header__title').textContent()).toBe(
      'Tutorial 4: feedback with state connections',
    );

    const card = tourCard(page);
    await card.getByText('Step 1 of 4').waitFor({ timeout: 15_000 });
    await card.getByRole('heading', { name: 'An ordinary loop' }).waitFor();
    // The step's elements are highlighted.
    await expect
      .poll(() => page.locator('.react-flow__node[data-id="Gold"]').evaluate((el) => getComputedStyle(el).outlineStyle))
      .toBe('solid');
    await saveScreenshot(page, 'library-tour-step-1');
    await card.getByRole('button', { name: 'Next' }).click();
    await card.getByText('Step 2 of 4').waitFor();
    await card.getByRole('heading', { name: 'A state connection' }).waitFor();
    await saveScreenshot(page, 'library-tour-step-2');
    await card.getByRole('button', { name: 'Previous' }).click();
    await card.getByText('Step 1 of 4').waitFor();
    await card.getByRole('button', { name: 'Next' }).click();
    await card.getByRole('button', { name: 'Next' }).click();
    await card.getByText('Step 3 of 4').waitFor();
    await page.keyboard.press('Escape');
    await card.waitFor({ state: 'detached' });
    expect(
      await page.locator('.react-flow__node[data-id="Gold"]').evaluate((el) => getComputedStyle(el).outlineStyle),
    ).not.toBe('solid');
    // The Tour panel lists the steps and plays again from the header.
    await page.getByRole('tab', { name: 'Tour' }).click();
    expect(
      await panel(page)
        .getByRole('textbox', { name: /Step \d title/ })
        .count(),
    ).toBe(4);
    await page.getByRole('button', { name: 'Play tour' }).first().click();
    await card.getByText('Step 1 of 4').waitFor();
    await card.getByRole('button', { name: 'Close the tour (Escape)' }).click();
    await card.waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
    await page.close();
  });

  it('saves and runs a balance test that passes, breaks the diagram so it fails, and the Tests list shows both', async () => {
    const page = await running.context.newPage();
    await page.goto(`${running.app.url}/diagrams/${fuid}`);
    await page.getByTestId('editor').waitFor({ timeout: 45_000 });
    await page.getByRole('tab', { name: 'Tests' }).click();
    const form = page.getByRole('form', { name: 'New balance test' });
    await form.getByLabel('Name').fill('Drills grow steadily');
    await form.getByLabel('Element').selectOption({ label: 'pool Drills' });
    await form.getByLabel('After step').fill('30');
    await form.getByLabel('Minimum').fill('15');
    await form.getByLabel('Maximum').fill('25');
    await form.getByLabel('In at least % of runs').fill('95');
    await form.getByLabel('Runs', { exact: true }).fill('200');
    await form.getByLabel('Seed').fill('42');
    await form.getByRole('button', { name: 'Save test' }).click();
    const test = page.getByRole('listitem', { name: 'Balance test Drills grow steadily' });
    await test
      .getByText('pool Drills after 30 steps is between 15 and 25 in at least 95% of 200 runs, seed 42')
      .waitFor();
    await test.getByRole('button', { name: 'Run test' }).click();
    await test.getByText(/^Passed · 100\.0% · v\d+$/).waitFor({ timeout: 30_000 });
    await saveScreenshot(page, 'library-balance-test-pass');

    // Break the balance: Gold starts at 1000, so a drill is bought every step.
    await page.getByRole('button', { name: 'Outline' }).click();
    const outline = page.getByRole('region', { name: 'Outline' });
    await outline.getByLabel('Start of Gold').fill('1000');
    await page.getByRole('button', { name: 'Outline' }).click();
    await test.getByRole('button', { name: 'Run test' }).click();
    await test.getByText(/^Failed · 0\.0% · v\d+$/).waitFor({ timeout: 30_000 });
    const history = await test
      .getByRole('list', { name: 'History of Drills grow steadily' })
      .locator('li')
      .allTextContents();
    expect(history).toHaveLength(2);
    expect(history[0]).toMatch(/✗ fail 0\.0%/);
    expect(history[1]).toMatch(/✓ pass 100\.0%/);
    await saveScreenshot(page, 'library-balance-test-fail');

    await page.goto(`${running.app.url}/diagrams`);
    await page.getByRole('tab', { name: 'Tests' }).click();
    const listed = page.getByRole('listitem', { name: 'Balance test Drills grow steadily' });
    await listed.getByText(/^Failed/).waitFor({ timeout: 20_000 });
    await listed.getByRole('link', { name: 'Tutorial 4: feedback with state connections' }).waitFor();
    await listed.getByRole('button', { name: 'Run test' }).click();
    await expect
      .poll(() =>
        listed
          .getByRole('list', { name: /History/ })
          .locator('li')
          .count(),
      )
      .toBe(3);
    await saveScreenshot(page, 'library-tests-list');
    await page.close();
  });

  it('opens a template read-only; a visitor who uses it gets the log-in dialog', async () => {
    const page = await running.context.newPage();
    await page.goto(`${running.app.url}/templates/patterns/attrition?name=Attrition`);
    await page.getByTestId('editor').waitFor({ timeout: 45_000 });
    await page.getByText('Template · Patterns · read-only').waitFor();
    await page.getByRole('tab', { name: 'About' }).click();
    await panel(page)
      .getByText(/Two armies wear each other down/)
      .waitFor();
    await saveScreenshot(page, 'library-template-view');
    await page.close();

    const visitor = await running.browser.newContext({ viewport: { width: 1280, height: 800 } });
    const anon = await visitor.newPage();
    await anon.goto(`${running.app.url}/templates/patterns/attrition?name=Attrition`);
    await anon.getByTestId('editor').waitFor({ timeout: 45_000 });
    await anon.getByRole('button', { name: 'Use this template' }).first().click();
    await anon.getByText('To use this template, please create a free public account').waitFor({ timeout: 15_000 });
    await saveScreenshot(anon, 'library-template-visitor-login');
    await visitor.close();
  });
});

describe.skipIf(!inject('chromiumPath'))(
  'Global Settings, the diagram token and profile web addresses in Chromium',
  () => {
    const running = useDesignerSession();

    it('stores editor preferences and applies them in the editor; regenerates the diagram token', async () => {
      const page = await running.context.newPage();
      await page.goto(`${running.app.url}/settings/global`);
      const consent = page.getByRole('button', { name: 'Accept all' });
      if (
        await consent.waitFor({ timeout: 20_000 }).then(
          () => true,
          () => false,
        )
      )
        await consent.click();
      await page.getByRole('heading', { name: 'Global Settings', level: 1 }).waitFor({ timeout: 30_000 });
      await page.getByLabel('Show the grid on the canvas').uncheck();
      await page.getByLabel('Default time steps of a new diagram').fill('0');
      await page.getByRole('button', { name: 'Save preferences' }).click();
      await page.getByText('At least 1 step').waitFor();
      await page.getByLabel('Default time steps of a new diagram').fill('250');
      await page.getByLabel('Theme').selectOption('dark');
      await page.getByLabel('Number format').selectOption('compact');
      await page.getByRole('button', { name: 'Save preferences' }).click();
      await page.getByText('Your preferences are saved.').waitFor();
      await saveScreenshot(page, 'library-global-settings');
      await page.reload();
      await expect
        .poll(() => page.getByLabel('Default time steps of a new diagram').inputValue(), { timeout: 30_000 })
        .toBe('250');
      expect(await page.getByLabel('Show the grid on the canvas').isChecked()).toBe(false);

      await page.goto(`${running.app.url}/diagrams`);
      await page.getByRole('button', { name: 'New diagram' }).click();
      await page.getByTestId('editor').waitFor({ timeout: 45_000 });
      await expect.poll(() => page.evaluate(() => document.body.className)).toContain('lw-no-grid');
      expect(await page.evaluate(() => document.body.className)).toContain('lw-theme-dark');
      expect(await page.locator('.react-flow__background').isVisible()).toBe(false);
      await page.getByRole('tab', { name: 'Page setup' }).click();
      expect(await page.getByRole('tabpanel').getByLabel('Steps limit').inputValue()).toBe('250');
      await saveScreenshot(page, 'library-editor-preferences');

      await page.getByRole('tab', { name: 'Details' }).click();
      const token = page.getByTestId('file-token');
      await token.waitFor({ timeout: 15_000 });
      const before = await token.textContent();
      await page.getByRole('button', { name: 'Regenerate token' }).click();
      await expect.poll(() => token.textContent()).not.toBe(before);
      expect(await token.textContent()).toMatch(/^ft_/);

      // Values on the canvas follow the number format (compact).
      const big = await createDiagram(running.context, running.app, {
        name: 'Big numbers',
        document: {
          version: 1,
          nodes: [{ id: 'bank', type: 'pool', name: 'Bank', x: 0, y: 0, start: 12345 }],
          connections: [],
        },
      });
      await page.goto(`${running.app.url}/diagrams/${big}`);
      await page.getByTestId('editor').waitFor({ timeout: 45_000 });
      await expect.poll(() => page.getByTestId('node-value').first().textContent(), { timeout: 15_000 }).toBe('12.3K');
      await page.close();
    });

    it('checks profile web addresses as URLs', async () => {
      const page = await running.context.newPage();
      await page.goto(`${running.app.url}/settings/profile`);
      const consent = page.getByRole('button', { name: 'Accept all' });
      if (
        await consent.waitFor({ timeout: 15_000 }).then(
          () => true,
          () => false,
        )
      )
        await consent.click();
      await page.getByLabel('LinkedIn').waitFor({ timeout: 30_000 });
      await page.getByLabel('LinkedIn').fill('linkedin in/eddie');
      await page.getByRole('button', { name: 'Save profile' }).click();
      await page.getByText(WEB_ADDRESS_MESSAGE).waitFor();
      await saveScreenshot(page, 'library-profile-web-address');
      // A link without its scheme is taken as https (K7).
      await page.getByLabel('LinkedIn').fill('linkedin.com/in/eddie');
      await page.getByRole('button', { name: 'Save profile' }).click();
      await expect.poll(() => page.getByText(WEB_ADDRESS_MESSAGE).count()).toBe(0);
      await page.close();
    });
  },
);

describe.skipIf(!inject('chromiumPath'))('admins publish a diagram as a template in Chromium', () => {
  const running = useDesignerSession();

  it('publishes from Document details; the template appears in the Templates tab', async () => {
    const prisma = new PrismaClient({ adapter: new PrismaPg({ connectionString: running.app.databaseUrl, max: 1 }) });
    const page = await running.context.newPage();
    try {
      const me = await (
        await running.context.request.get(`${running.app.url}/api/oauth2/userinfo`, { headers: CLIENT_HEADERS })
      ).json();
      await prisma.user.update({ where: { id: me.content.user.id }, data: { role: 'admin' } });
      const fuid = await createDiagram(running.context, running.app, {
        name: 'Mana loop',
        document: {
          version: 1,
          nodes: [
            { id: 's', type: 'source', name: 'Well', activation: 'automatic', x: 0, y: 0 },
            { id: 'mana', type: 'pool', name: 'Mana', x: 200, y: 0 },
          ],
          connections: [{ id: 'c', kind: 'resource', from: 's', to: 'mana', formula: '1' }],
        },
      });
      await page.goto(`${running.app.url}/diagrams/${fuid}`);
      await page.getByTestId('editor').waitFor({ timeout: 45_000 });
      const consent = page.getByRole('button', { name: 'Accept all' });
      if (
        await consent.waitFor({ timeout: 5000 }).then(
          () => true,
          () => false,
        )
      )
        await consent.click();
      await page.getByRole('tab', { name: 'Details' }).click();
      await page.getByLabel('Template section (admin)').selectOption('patterns');
      await page.getByRole('button', { name: 'Publish as template' }).click();
      await page
        .getByRole('status')
        .filter({ hasText: 'Published:' })
        .getByRole('link', { name: 'Mana loop' })
        .waitFor({ timeout: 15_000 });
      await saveScreenshot(page, 'library-admin-publish');
      await page.goto(`${running.app.url}/diagrams`);
      await page.getByRole('tab', { name: 'Templates' }).click();
      await page
        .getByRole('region', { name: 'Patterns' })
        .getByRole('link', { name: 'Mana loop', exact: true })
        .waitFor({ timeout: 20_000 });
    } finally {
      await prisma.$disconnect();
      await page.close();
    }
  });
});
