import type { BrowserContext, Page } from 'playwright-core';
import { DiagramTexts, LibraryTexts } from '@loopwright/contracts';
import { NETWORK_ERROR_MESSAGE } from '@loopwright/client';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { saveScreenshot, waitForHydration } from '../support/browser.js';
import { useAppAndBrowser } from '../support/app-and-browser.js';
import { createDesigner, createDiagram, loggedInContext, openEditor, type Designer } from '../editor/support.js';

/** The answer to one API call (by method and path pattern) never arrives: the connection is lost. */
async function losing(page: Page, method: string, path: RegExp): Promise<void> {
  await page.route(path, (route) => (route.request().method() === method ? route.abort() : route.fallback()));
}

/**
 * app.md §8's texts for failures the screen itself meets (the connection lost on the way), not only
 * the ones the server answers with: the spec's words first, then why.
 */
describe.skipIf(!inject('chromiumPath'))('failure texts on screen in Chromium', () => {
  const running = useAppAndBrowser();
  let designer: Designer;
  let context: BrowserContext;
  beforeAll(async () => {
    designer = await createDesigner(running.app);
    context = await loggedInContext(running.browser, running.app, designer);
  });

  it('Recent Activity that cannot be read says "Activity feed retrieval error"', async () => {
    const page = await context.newPage();
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
    const fuid = await createDiagram(context, running.app, { name: 'Failure texts' });
    const page = await context.newPage();
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
});
