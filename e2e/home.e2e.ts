import { describe, expect, inject, it } from 'vitest';
import { useAppAndBrowser } from './support/app-and-browser.js';
import { saveScreenshot, waitForHydration } from './support/browser.js';

describe.skipIf(!inject('chromiumPath'))('public shell in Chromium', () => {
  const running = useAppAndBrowser();

  it('renders the home page on the server, then hydrates it', async () => {
    const html = await (await fetch(`${running.app.url}/`)).text();
    expect(html).toContain('<h1>Design game economies you can run, not just read</h1>');

    const page = await running.browser.newPage({ viewport: { width: 1280, height: 800 } });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
    const response = await page.goto(`${running.app.url}/`);
    expect(response?.status()).toBe(200);
    await waitForHydration(page);
    expect(await page.title()).toBe('Loopwright — design, simulate and balance game economies');
    expect(errors).toEqual([]);
    await saveScreenshot(page, 'home-desktop');

    // After hydration, links navigate on the client: the document is not reloaded.
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 42));
    await page.getByRole('link', { name: 'Read the docs' }).first().click();
    await page.getByRole('heading', { level: 1, name: 'Introduction to Loopwright' }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(42);
    await page.close();
  });

  it('serves the same page under /en and remembers the locale in a cookie', async () => {
    const page = await running.browser.newPage();
    const response = await page.goto(`${running.app.url}/en/`);
    expect(response?.status()).toBe(200);
    await waitForHydration(page);
    expect(await page.locator('h1').textContent()).toBe('Design game economies you can run, not just read');
    const cookies = await page.context().cookies();
    expect(cookies.find((c) => c.name === 'i18n_redirected')?.value).toBe('en');
    await page.close();
  });

  it('shows the not-found page with status 404 for unknown paths', async () => {
    const page = await running.browser.newPage({ viewport: { width: 390, height: 844 } });
    for (const path of ['/no-such-page', '/en/no/such/page']) {
      const response = await page.goto(`${running.app.url}${path}`);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole('heading', { name: 'This page could not be found' }).isVisible()).resolves.toBe(true);
    }
    await waitForHydration(page);
    await saveScreenshot(page, 'not-found-mobile');
    await page.getByRole('link', { name: 'Homepage' }).click();
    await page.waitForURL(`${running.app.url}/`);
    await page.close();
  });
});
