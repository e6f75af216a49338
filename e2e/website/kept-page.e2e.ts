import { describe, expect, inject, it } from 'vitest';
import { useAppAndBrowser } from '../support/app-and-browser.js';
import { waitForHydration } from '../support/browser.js';

const THIRD_PARTY = 'https://analytics.example.test/tag.js';

/** A page answered from the page cache (the same bytes for everyone, no nonce) runs in a browser as a rendered one does. */
describe.skipIf(!inject('chromiumPath'))('a kept page in the browser', () => {
  const env = useAppAndBrowser({ PAGE_CACHE_SECONDS: '600', WEBSITE_ANALYTICS_URL: THIRD_PARTY });

  it('hydrates under its content security policy and loads a consented third-party script', async () => {
    const { app, browser } = env;
    await fetch(`${app.url}/community/see-all`).then((r) => r.text());
    const context = await browser.newContext();
    const page = await context.newPage();
    const refused: string[] = [];
    page.on('console', (m) => /content security policy/i.test(m.text()) && refused.push(m.text()));
    const thirdParty: string[] = [];
    await page.route(THIRD_PARTY, (route) => {
      thirdParty.push(route.request().url());
      return route.fulfill({ contentType: 'text/javascript', body: 'window.keptThirdParty = true;' });
    });
    const response = await page.goto(`${app.url}/community/see-all`);
    expect(response!.headers()['x-page-cache']).toBe('hit');
    await waitForHydration(page);
    await page.getByTestId('cookie-banner').getByRole('button', { name: 'Accept all' }).click();
    await expect.poll(() => page.evaluate(() => (window as { keptThirdParty?: boolean }).keptThirdParty)).toBe(true);
    expect(thirdParty).toEqual([THIRD_PARTY]);
    expect(refused).toEqual([]);
    await context.close();
  });
});
