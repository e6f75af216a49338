import { PrismaPg } from '@prisma/adapter-pg';
import { DiagramTexts, PlanTexts } from '@loopwright/contracts';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { PrismaClient } from '../../api/src/generated/prisma/client.js';
import { startSmtpSink, type SmtpSink } from '../../api/test/fakes/smtp-sink.js';
import { acceptCookiesIfAsked, launchChromium, saveScreenshot, waitForHydration } from '../support/browser.js';
import { startBuiltApp, type BuiltApp } from '../support/served-app.js';
import {
  CLIENT_HEADERS,
  createDesigner,
  createDiagram,
  loggedInContext,
  openEditor,
  type Designer,
} from '../editor/support.js';

/** A valid document of `n` components (pools only). */
const pools = (n: number) => ({
  version: 1,
  settings: { stepsLimit: 100, seed: 1 },
  nodes: Array.from({ length: n }, (_, i) => ({
    id: `p${i}`,
    type: 'pool',
    name: `P${i}`,
    x: (i % 40) * 60,
    y: Math.floor(i / 40) * 60,
    start: 0,
  })),
  connections: [],
  variables: [],
});

/**
 * Billing on (a Stripe key is set; no Stripe call is made on this path): a Public designer hits a
 * limit and sees the upgrade prompt, starts the 14-day trial from the pricing page, gets the higher
 * limits, and the trial-expiry job (run now from the admin screen) takes them back to Public with
 * an in-app notice and an e-mail.
 */
describe.skipIf(!inject('chromiumPath'))('plans: pricing → trial → raised limits → expiry', () => {
  let app: BuiltApp;
  let browser: Browser;
  let sink: SmtpSink;
  let prisma: PrismaClient;
  let designer: Designer;
  let context: BrowserContext;

  beforeAll(async () => {
    sink = await startSmtpSink();
    [app, browser] = await Promise.all([
      startBuiltApp({ SMTP_URL: sink.url, STRIPE_SECRET_KEY: 'sk_test_e2e_plans' }),
      launchChromium(),
    ]);
    prisma = new PrismaClient({ adapter: new PrismaPg({ connectionString: app.databaseUrl, max: 2 }) });
    designer = await createDesigner(app);
    context = await loggedInContext(browser, app, designer);
  });
  afterAll(async () => {
    await context?.close();
    await prisma?.$disconnect();
    await browser?.close();
    await app?.close();
    await sink?.close();
  });

  const saveDocument = async (fuid: string, document: unknown) => {
    const current = (
      await (await context.request.get(`${app.url}/api/diagrams/${fuid}`, { headers: CLIENT_HEADERS })).json()
    ).content.diagram.version as number;
    return context.request.put(`${app.url}/api/diagrams/${fuid}/document`, {
      headers: CLIENT_HEADERS,
      data: { baseVersion: current, document },
    });
  };

  it('walks the whole trial', async () => {
    // On Public: 500 components per workspace, 10 tags.
    const big = await createDiagram(context, app, { name: 'Big economy', document: pools(490) });
    const over = await saveDocument(big, pools(600));
    expect(over.status()).toBe(402);
    expect((await over.json()).error).toMatchObject({
      code: 'PLAN_LIMIT_REACHED',
      message: DiagramTexts.componentsLimit,
    });
    for (let i = 0; i < 10; i++)
      await context.request.post(`${app.url}/api/tags`, { headers: CLIENT_HEADERS, data: { name: `Tag ${i}` } });

    // A limit hit in the editor: the upgrade prompt, leading to the plan comparison.
    const small = await createDiagram(context, app, { name: 'Small economy', document: pools(3) });
    const page = await context.newPage();
    await openEditor(page, app, small); // accepts the cookie banner too
    await page.getByRole('tab', { name: 'Tags' }).click();
    await page.getByRole('tabpanel').getByLabel('New tag').fill('one too many');
    await page.getByRole('tabpanel').getByRole('button', { name: 'Add' }).click();
    const prompt = page.getByRole('dialog', { name: PlanTexts.tagLimit });
    await prompt.waitFor();
    expect(await prompt.textContent()).toContain('Your Public plan includes 10 unique tags');
    await saveScreenshot(page, 'plans-upgrade-prompt', { viewport: true });
    await prompt.getByRole('link', { name: 'Compare plans' }).click();
    await page.waitForURL(`${app.url}/plans`);
    await page.getByRole('table', { name: 'Plans compared' }).waitFor();
    await acceptCookiesIfAsked(page);
    expect(await page.locator('.plan-current__name').textContent()).toContain('Public');
    await saveScreenshot(page, 'plans-comparison');

    // Pricing → Start 14-day free trial (Professional) → the trial start screen → started.
    await page.goto(`${app.url}/pricing`);
    await waitForHydration(page);
    await acceptCookiesIfAsked(page);
    const professional = page.locator('.plan', { has: page.getByRole('heading', { name: 'Professional' }) });
    expect(await professional.getByRole('link', { name: 'Start 14-day free trial' }).getAttribute('href')).toBe(
      '/start-trial/studio/monthly',
    );
    await professional.getByRole('link', { name: 'Start 14-day free trial' }).click();
    await page.waitForURL(`${app.url}/start-trial/studio/monthly`);
    await page.getByRole('heading', { name: 'Start your 14-day Professional trial' }).waitFor();
    await saveScreenshot(page, 'plans-trial-start');
    await page.getByRole('button', { name: 'Start my free trial' }).click();
    await page.getByRole('heading', { name: 'Your Professional trial has started' }).waitFor();
    await saveScreenshot(page, 'plans-trial-started');

    // Limits raised: the diagram saves over the Public component limit; an eleventh tag is fine.
    expect((await saveDocument(big, pools(600))).status()).toBe(200);
    expect(
      (
        await context.request.post(`${app.url}/api/tags`, { headers: CLIENT_HEADERS, data: { name: 'Eleventh' } })
      ).status(),
    ).toBe(201);

    // Usage & Billing: the plan, the trial end and the usage bars.
    await page.goto(`${app.url}/settings/billing`);
    await page.getByRole('heading', { name: 'Usage & Billing', level: 1 }).waitFor();
    await page.getByText('Your free trial ends on').waitFor();
    expect(await page.locator('.plan-current__name').textContent()).toContain('Professional');
    expect(await page.getByRole('meter', { name: 'Components per team' }).getAttribute('aria-valuetext')).toBe(
      '603 of 10000',
    );
    await saveScreenshot(page, 'plans-usage-billing-trial');

    // The trial ends: the expiry job, run now from the admin screen, downgrades once.
    const user = await prisma.user.findUniqueOrThrow({ where: { email: designer.email } });
    const workspace = await prisma.workspace.findUniqueOrThrow({ where: { personalUserId: user.id } });
    await prisma.subscription.update({
      where: { workspaceId: workspace.id },
      data: { trialEndsAt: new Date(Date.now() - 60_000) },
    });
    const adminDesigner = await createDesigner(app);
    await prisma.user.update({ where: { email: adminDesigner.email }, data: { role: 'admin' } });
    const admin = await loggedInContext(browser, app, adminDesigner);
    const adminPage = await admin.newPage();
    await adminPage.goto(`${app.url}/admin/plans`);
    await acceptCookiesIfAsked(adminPage);
    await adminPage.getByRole('button', { name: 'Downgrade expired trials now' }).click();
    await adminPage.getByText('1 expired trial(s) downgraded to Public.').waitFor();
    await saveScreenshot(adminPage, 'plans-admin');
    await adminPage.getByRole('button', { name: 'Downgrade expired trials now' }).click();
    await adminPage.getByText('0 expired trial(s) downgraded to Public.').waitFor();
    await admin.close();

    // Downgraded, with the in-app notice and the e-mail.
    await page.goto(`${app.url}/settings/billing`);
    await page.getByRole('heading', { name: 'Usage & Billing', level: 1 }).waitFor();
    expect(await page.locator('.plan-current__name').textContent()).toContain('Public');
    const bell = page.getByRole('button', { name: /^Notifications/ });
    await expect.poll(async () => (await bell.getAttribute('aria-label')) ?? '', { timeout: 15_000 }).toMatch(/unread/);
    await bell.click();
    await page
      .getByRole('region', { name: 'Notifications' })
      .getByText(PlanTexts.trialEndedNotice.replace('{plan}', 'Professional'))
      .waitFor();
    await saveScreenshot(page, 'plans-downgraded');
    const mail = await sink.waitFor(
      (m) => m.to.includes(designer.email) && m.subject === 'Your Professional trial has ended',
    );
    expect(mail.body).toContain('Your workspace is now on the Public plan');
    expect(
      sink.messages.filter((m) => m.to.includes(designer.email) && /trial has ended/.test(m.subject)),
    ).toHaveLength(1);

    // Public limits again: keeping what is there saves, growing past the limit does not.
    expect((await saveDocument(big, pools(600))).status()).toBe(200);
    expect((await saveDocument(big, pools(601))).status()).toBe(402);
  });
});
