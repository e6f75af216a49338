import { PrismaPg } from '@prisma/adapter-pg';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { PrismaClient } from '../../api/src/generated/prisma/client.js';
import { saveScreenshot } from '../support/browser.js';
import { useAppAndBrowser } from '../support/app-and-browser.js';
import {
  createDesigner,
  createDiagram,
  getDiagram,
  loggedInContext,
  openEditor,
  waitForSaved,
} from '../editor/support.js';

const economy = (stepsLimit: number) => ({
  version: 1,
  settings: { stepsLimit, seed: 1 },
  variables: [],
  nodes: [
    { id: 'mine', type: 'source', name: 'Mine', x: 0, y: 0, activation: 'automatic' },
    { id: 'ore', type: 'pool', name: 'Ore', x: 240, y: 0, start: 0 },
  ],
  connections: [{ id: 'c1', kind: 'resource', from: 'mine', to: 'ore', formula: '1' }],
});

/** Billing on (a Stripe key; no Stripe call on these paths): the designer is on Public (250 time steps, 250 run steps). */
describe.skipIf(!inject('chromiumPath'))('a plan limit never stops saving', () => {
  const running = useAppAndBrowser({ STRIPE_SECRET_KEY: 'sk_test_e2e_limits' });
  let context: BrowserContext;
  beforeAll(async () => {
    context = await loggedInContext(running.browser, running.app, await createDesigner(running.app));
  });
  afterAll(async () => {
    await context?.close();
  });

  const node = (page: Page, name: string) =>
    page.locator('.react-flow__node').filter({ has: page.getByTestId(`node-${name}`) });
  const caption = (page: Page) => page.locator('.chart-panel__caption').textContent();

  it('a steps limit over the plan is taken back with the message; later edits save; reopening shows no prompt', async () => {
    const { app } = running;
    const fuid = await createDiagram(context, app, { name: 'Mine economy', document: economy(100) });
    const page = await context.newPage();
    const errors = await openEditor(page, app, fuid);

    await page.getByRole('tab', { name: 'Page setup' }).click();
    await page.getByRole('tabpanel').getByLabel('Steps limit').fill('1000');
    const prompt = page.getByRole('dialog', { name: 'Limit reached' });
    await prompt.waitFor({ timeout: 15_000 });
    expect(await prompt.textContent()).toContain('Your Public plan includes 250');
    await saveScreenshot(page, 'limits-steps-refused');
    await prompt.getByRole('button', { name: 'Not now' }).click();
    await waitForSaved(page);
    expect(await page.getByRole('tabpanel').getByLabel('Steps limit').inputValue()).toBe('100');
    expect((await getDiagram(context, app, fuid)).document).toMatchObject({ settings: { stepsLimit: 100 } });

    // Every other edit still saves.
    await node(page, 'Ore').click();
    await page.getByRole('tab', { name: 'Properties' }).click();
    await page.getByRole('tabpanel').getByLabel('Start').fill('5');
    await waitForSaved(page);
    expect((await getDiagram(context, app, fuid)).document.nodes[1].start).toBe(5);

    // Opening it again: no draft over the limit, no prompt.
    await page.reload();
    await page.getByTestId('editor').waitFor({ timeout: 45_000 });
    await page.locator('.react-flow__renderer').waitFor();
    // An edit that makes the round trip to the server: a prompt from the opening would have come first.
    await node(page, 'Ore').click();
    await page.getByRole('tab', { name: 'Properties' }).click();
    await page.getByRole('tabpanel').getByLabel('Start').fill('6');
    await waitForSaved(page);
    expect((await getDiagram(context, app, fuid)).document.nodes[1].start).toBe(6);
    expect(await page.getByRole('dialog', { name: 'Limit reached' }).count()).toBe(0);
    expect(await page.getByTestId('save-status').textContent()).not.toContain('Changes not saved');
    expect(errors).toEqual([]);
    await page.close();
  });

  it("quick run stops at the plan's run steps and the play is kept", async () => {
    const { app } = running;
    const fuid = await createDiagram(context, app, { name: 'Old long economy', document: economy(100) });
    // A document saved with a higher steps limit while on a bigger plan (a downgrade keeps it).
    const prisma = new PrismaClient({ adapter: new PrismaPg({ connectionString: app.databaseUrl, max: 1 }) });
    try {
      await prisma.diagram.update({
        where: { fuid },
        data: { document: economy(600), timeStepsLimit: 600 },
      });
    } finally {
      await prisma.$disconnect();
    }
    const page = await context.newPage();
    const errors = await openEditor(page, app, fuid);
    // The editor is in step with the live document before the run starts (a first sync replaces the document a run reads).
    await waitForSaved(page);
    await page.getByRole('button', { name: '▶ Quick run' }).click();
    await page.getByRole('button', { name: 'To end' }).click();
    await expect.poll(() => caption(page), { timeout: 20_000 }).toContain('Step 250');
    await page.getByRole('tab', { name: 'Plays' }).click();
    await expect
      .poll(() => page.getByRole('tabpanel').textContent(), { timeout: 10_000 })
      .toMatch(/Quick run[\s\S]*250/);
    expect(await page.getByRole('dialog', { name: 'Limit reached' }).count()).toBe(0);
    await saveScreenshot(page, 'limits-quick-run-capped');
    expect(errors).toEqual([]);
    await page.close();
  });
});
