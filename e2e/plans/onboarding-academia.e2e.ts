import { randomBytes } from 'node:crypto';
import { PrismaPg } from '@prisma/adapter-pg';
import { PlanTexts } from '@loopwright/contracts';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { PrismaClient } from '../../api/src/generated/prisma/client.js';
import { hashPassword } from '../../api/src/modules/auth/passwords.js';
import { createPersonalWorkspace } from '../../api/src/modules/workspaces/personal-workspace.js';
import { acceptCookiesIfAsked, launchChromium, saveScreenshot, waitForHydration } from '../support/browser.js';
import { startBuiltApp, type BuiltApp } from '../support/served-app.js';
import { createDesigner, loggedInContext, type Designer } from '../editor/support.js';

/** A confirmed account that has not been through onboarding yet (no username). */
async function newcomer(prisma: PrismaClient): Promise<Designer> {
  const suffix = randomBytes(5).toString('hex');
  const person = { email: `new-${suffix}@example.test`, password: `pw-${suffix}`, username: `new-${suffix}` };
  const user = await prisma.user.create({
    data: { email: person.email, passwordHash: await hashPassword(person.password), emailConfirmedAt: new Date() },
  });
  await createPersonalWorkspace(prisma, user.id);
  return person;
}

async function throughPersonalize(page: Page, app: BuiltApp) {
  await page.goto(`${app.url}/onboarding`);
  await waitForHydration(page);
  await acceptCookiesIfAsked(page);
  await page.getByRole('button', { name: 'Get started' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('heading', { name: 'Choose your plan' }).waitFor();
}

async function finishUsername(page: Page, username: string) {
  await page.getByRole('heading', { name: 'Choose your community username' }).waitFor();
  await page.getByRole('textbox', { name: 'Community username' }).fill(username);
  await page.getByText(`✓ ${username} is available`).waitFor();
  await page.getByRole('button', { name: 'Finish' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/onboarding'));
}

describe.skipIf(!inject('chromiumPath'))(
  'plans in onboarding, Academia approval and account privacy (billing on)',
  () => {
    let app: BuiltApp;
    let browser: Browser;
    let prisma: PrismaClient;
    beforeAll(async () => {
      [app, browser] = await Promise.all([startBuiltApp({ STRIPE_SECRET_KEY: 'sk_test_e2e_plans' }), launchChromium()]);
      prisma = new PrismaClient({ adapter: new PrismaPg({ connectionString: app.databaseUrl, max: 2 }) });
    });
    afterAll(async () => {
      await prisma?.$disconnect();
      await browser?.close();
      await app?.close();
    });

    it('onboarding: Choose plan → Trial start → username, and the trial is running', async () => {
      const person = await newcomer(prisma);
      const context = await loggedInContext(browser, app, person);
      const page = await context.newPage();
      await throughPersonalize(page, app);
      await saveScreenshot(page, 'plans-onboarding-choose-plan');
      await page.getByRole('button', { name: 'Try Essential free for 14 days' }).click();
      await page.getByRole('heading', { name: 'Start your 14-day Essential trial' }).waitFor();
      await page.getByRole('button', { name: 'Start my free trial' }).click();
      await page.getByRole('heading', { name: 'Your Essential trial has started' }).waitFor();
      await saveScreenshot(page, 'plans-onboarding-trial-started');
      await page.getByRole('button', { name: 'Continue' }).click();
      await finishUsername(page, person.username);
      const user = await prisma.user.findUniqueOrThrow({ where: { email: person.email } });
      expect(user).toMatchObject({ trialUsed: true, subscriptionPlan: 1, username: person.username });
      await context.close();
    });

    it('onboarding: Academia application → an admin approves it → the Academia plan with the backlink deadline', async () => {
      const person = await newcomer(prisma);
      const context = await loggedInContext(browser, app, person);
      const page = await context.newPage();
      await throughPersonalize(page, app);
      await page.getByRole('button', { name: 'I teach: apply for the Academia plan' }).click();
      await page.getByRole('heading', { name: 'Apply for the Academia plan' }).waitFor();
      await page.getByRole('button', { name: 'Send my application' }).click();
      await page.getByText('Please acknowledge the backlink requirement').waitFor();
      await page.getByLabel('Educator e-mail').fill('teacher@school.example');
      await page.getByLabel('Course name').fill('Game Economy Design 101');
      await page.getByLabel('Number of students').fill('32');
      await page.getByLabel('Lesson plan').fill('Sources, pools and converters, then balancing a crafting loop.');
      await page.getByLabel('Exam curriculum').fill('Students balance a crafting economy and explain it.');
      await page
        .getByLabel('Why do you want to use Loopwright in your course?')
        .fill('Simulation makes systems thinking tangible.');
      await page.getByLabel(/I will add a backlink/).check();
      await saveScreenshot(page, 'plans-onboarding-academia');
      await page.getByRole('button', { name: 'Send my application' }).click();
      await page.getByText(PlanTexts.academiaApplied).waitFor();
      await page.getByRole('button', { name: 'Continue' }).click();
      await finishUsername(page, person.username);

      const adminPerson = await createDesigner(app);
      await prisma.user.update({ where: { email: adminPerson.email }, data: { role: 'admin' } });
      const admin = await loggedInContext(browser, app, adminPerson);
      const adminPage = await admin.newPage();
      await adminPage.goto(`${app.url}/admin/academia`);
      await acceptCookiesIfAsked(adminPage);
      const card = adminPage.getByRole('article', { name: `Application of ${person.email}` });
      await card.waitFor();
      await saveScreenshot(adminPage, 'plans-admin-academia');
      await card.getByRole('button', { name: 'Approve' }).click();
      await adminPage.getByText(`${person.email} is now on the Academia plan.`).waitFor();
      await admin.close();

      await page.goto(`${app.url}/settings/billing`);
      await page.getByRole('heading', { name: 'Academia plan' }).waitFor();
      expect(await page.locator('.plan-current__name').textContent()).toContain('Academia');
      await page.getByLabel('Page with the backlink').fill('https://school.example/course');
      await page.getByRole('button', { name: 'Send', exact: true }).click();
      await page.getByText('Thank you. We will check the backlink shortly.').waitFor();
      await saveScreenshot(page, 'plans-academia-billing');
      await context.close();
    });

    it('privacy: an older private Free account going public is asked to confirm that it cannot come back', async () => {
      const designer = await createDesigner(app);
      await prisma.user.update({ where: { email: designer.email }, data: { isPrivateAccount: true } });
      const context = await loggedInContext(browser, app, designer);
      const page = await context.newPage();
      await page.goto(`${app.url}/settings/community`);
      await waitForHydration(page);
      await acceptCookiesIfAsked(page);
      await page.getByRole('radio', { name: /^Public/ }).check();
      await page.getByRole('button', { name: 'Save visibility' }).click();
      const dialog = page.getByRole('dialog', { name: 'Make your account public?' });
      await dialog.waitFor();
      expect(await dialog.textContent()).toContain(PlanTexts.publicIsIrreversible);
      await saveScreenshot(page, 'plans-privacy-confirm', { viewport: true });
      await dialog.getByRole('button', { name: 'Yes, make it public' }).click();
      await page.getByText('Your community profile is now public.').waitFor();
      // Back to private: a paid plan is needed, and the upgrade prompt says so.
      await page.getByRole('radio', { name: /^Private/ }).check();
      await page.getByRole('button', { name: 'Save visibility' }).click();
      await page.getByRole('dialog', { name: PlanTexts.privateNeedsPaidPlan }).waitFor();
      expect((await prisma.user.findUniqueOrThrow({ where: { email: designer.email } })).isPrivateAccount).toBe(false);
      await context.close();
    });
  },
);

describe.skipIf(!inject('chromiumPath'))('self-hosted (no Stripe key): billing off', () => {
  let app: BuiltApp;
  let browser: Browser;
  beforeAll(async () => {
    [app, browser] = await Promise.all([startBuiltApp(), launchChromium()]);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it('the pricing page says so, offers no trial, and every workspace has the admin’s plan (no limits)', async () => {
    const context = await loggedInContext(browser, app, await createDesigner(app));
    const page = await context.newPage();
    await page.goto(`${app.url}/pricing`);
    await waitForHydration(page);
    await acceptCookiesIfAsked(page);
    await page.getByText(PlanTexts.selfHosted).waitFor();
    expect(await page.getByRole('link', { name: 'Start 14-day free trial' }).count()).toBe(0);
    await saveScreenshot(page, 'plans-pricing-self-hosted');
    await page.goto(`${app.url}/settings/billing`);
    await page.getByText('Self-hosted instance: billing is off').waitFor();
    expect(await page.locator('.plan-current__name').textContent()).toContain('Enterprise');
    await saveScreenshot(page, 'plans-usage-self-hosted');
    await context.close();
  });
});
