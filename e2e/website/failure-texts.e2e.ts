import type { Page } from 'playwright-core';
import { AuthTexts, ContactTexts, DiagramTexts, LibraryTexts, SocialTexts } from '@loopwright/contracts';
import { NETWORK_ERROR_MESSAGE } from '@loopwright/client';
import { describe, expect, inject, it } from 'vitest';
import { saveScreenshot, waitForHydration } from '../support/browser.js';
import { CLIENT_HEADERS, createDiagram, openEditor, useDesignerSession } from '../editor/support.js';

/** The answer to one API call (by method and path pattern) never arrives: the connection is lost. */
async function losing(page: Page, method: string, path: RegExp): Promise<void> {
  await page.route(path, (route) => (route.request().method() === method ? route.abort() : route.fallback()));
}

/**
 * app.md §8's texts for failures the screen itself meets (the connection lost on the way), not only
 * the ones the server answers with: the spec's words first, then why.
 */
describe.skipIf(!inject('chromiumPath'))('failure texts on screen in Chromium', () => {
  const running = useDesignerSession();

  it('Recent Activity that cannot be read says "Activity feed retrieval error"', async () => {
    const page = await running.context.newPage();
    await losing(page, 'GET', /\/api\/community\/user\/get-activity-feed/);
    await page.goto(`${running.app.url}/activity`);
    await waitForHydration(page);
    await page
      .getByRole('alert')
      .filter({ hasText: `${DiagramTexts.activityFeedFailed}: ${NETWORK_ERROR_MESSAGE}` })
      .waitFor();
    await saveScreenshot(page, 'failure-texts-activity');
    await page.close();
  });

  it('the editor says "Failed loading play history items" and "diagram token cannot be changed"', async () => {
    const fuid = await createDiagram(running.context, running.app, { name: 'Failure texts' });
    const page = await running.context.newPage();
    await losing(page, 'GET', /\/api\/diagrams\/[^/]+\/plays(\?|$)/);
    await losing(page, 'POST', /\/api\/diagrams\/[^/]+\/file-token/);
    await openEditor(page, running.app, fuid);

    await page.getByRole('tab', { name: 'Plays' }).click();
    await page
      .getByRole('region', { name: 'Play history' })
      .getByRole('alert')
      .filter({ hasText: `${DiagramTexts.playsLoadFailed}: ${NETWORK_ERROR_MESSAGE}` })
      .waitFor();
    expect(await page.getByRole('region', { name: 'Play history' }).textContent()).not.toContain('Loading…');
    await saveScreenshot(page, 'failure-texts-play-history');

    await page.getByRole('tab', { name: 'Details' }).click();
    await page.getByRole('button', { name: 'Regenerate token' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: `${LibraryTexts.tokenNotChanged}: ${NETWORK_ERROR_MESSAGE}` })
      .waitFor();
    await page.close();
  });

  it('a logged-in person sends the contact form, and a failed one says why (website.md §8: contact failure)', async () => {
    const page = await running.context.newPage();
    await page.goto(`${running.app.url}/contact`);
    await waitForHydration(page);
    const form = page.locator('form[data-form="contact"]');
    await form.getByLabel('Name', { exact: true }).fill('Ada Designer');
    await form.getByLabel('E-mail', { exact: true }).fill('ada@studio.test');
    await form.getByLabel('Job title').fill('Economy designer');
    await form.getByLabel('Company').fill('Tiny Studio');
    await form.getByLabel('Subject').fill('Team plan');
    await form.getByLabel('Message').fill('We would like a team plan for twelve designers.');
    // Refused the way the API refuses before the form's own handler (the general error envelope).
    await page.route(/\/api\/contact\/form$/, (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({
          success: false,
          error: { code: 'DATABASE_UNAVAILABLE', message: 'Can not query database. Please try again later!' },
        }),
      }),
    );
    await form.getByRole('button').click();
    await form.getByRole('alert').filter({ hasText: 'Can not query database. Please try again later!' }).waitFor();
    await page.unroute(/\/api\/contact\/form$/);
    await form.getByRole('button').click();
    await page.getByText(ContactTexts.contactSent).waitFor();
    await page.close();
  });

  it('hiring a designer who stopped taking work says "Hire designer error" and why', async () => {
    const forHire = (availableForHire: boolean) =>
      running.context.request.put(`${running.app.url}/api/community/user/available-for-hire`, {
        headers: CLIENT_HEADERS,
        data: { availableForHire },
      });
    expect((await forHire(true)).status()).toBe(200);
    const visitor = await running.browser.newContext();
    const page = await visitor.newPage();
    await page.goto(`${running.app.url}/community/${running.designer.username}/profile`);
    await waitForHydration(page);
    await page.getByTestId('hire-button').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill('Studio Lead');
    await dialog.getByLabel('E-mail').fill('lead@studio.test');
    await dialog.getByLabel('Message').fill('We need an economy designer for three months.');
    // Meanwhile the designer stops taking work.
    expect((await forHire(false)).status()).toBe(200);
    await dialog.getByRole('button', { name: 'Send message' }).click();
    await dialog.getByText(`${SocialTexts.hireError}: This designer is not available for hire`).waitFor();
    await saveScreenshot(page, 'failure-texts-hire');
    await visitor.close();
  });

  it('log in: "Error when sending the confirmation link." when the new link cannot be sent; Google failure says retry or contact', async () => {
    const email = `unconfirmed-${Date.now()}@example.test`;
    const password = 'a long enough password';
    const visitor = await running.browser.newContext();
    const registered = await visitor.request.post(`${running.app.url}/api/oauth2/register`, {
      headers: CLIENT_HEADERS,
      data: { email, password, acceptTerms: true },
    });
    expect(registered.status()).toBeLessThan(300);
    const page = await visitor.newPage();
    await losing(page, 'POST', /\/api\/oauth2\/resend-confirmation/);
    await page.goto(`${running.app.url}/login`);
    await waitForHydration(page);
    await page.getByLabel('E-mail', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByText(AuthTexts.emailNotConfirmed).waitFor();
    await page.getByRole('button', { name: 'Send a new confirmation link' }).click();
    await page.getByText(AuthTexts.confirmationSendError).waitFor();

    await page.goto(`${running.app.url}/login?error=google`);
    await page.getByText(AuthTexts.googleFailed).waitFor();
    await visitor.close();
  });
});
