import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchChromium, saveScreenshot, waitForHydration } from '../support/browser.js';
import { startBuiltApp, type BuiltApp } from '../support/served-app.js';
import { withSavedConsent } from './helpers.js';

describe('the site icon and web manifest', () => {
  let app: BuiltApp;
  beforeAll(async () => {
    app = await startBuiltApp();
  });
  afterAll(() => app?.close());

  it('serves /favicon.ico and links a manifest whose icons load', async () => {
    const icon = await fetch(`${app.url}/favicon.ico`);
    expect(icon.status).toBe(200);
    expect(icon.headers.get('content-type')).toMatch(/icon/);
    expect((await icon.arrayBuffer()).byteLength).toBeGreaterThan(500);

    const html = await (await fetch(`${app.url}/`)).text();
    const href = /<link[^>]*rel="manifest"[^>]*href="([^"]+)"/.exec(html)?.[1];
    expect(href).toBe('/manifest.webmanifest');
    const manifest = await (await fetch(`${app.url}${href}`)).json();
    expect(manifest).toMatchObject({ name: 'Loopwright', start_url: '/diagrams' });
    for (const entry of manifest.icons as { src: string }[]) {
      expect((await fetch(`${app.url}${entry.src}`)).status, entry.src).toBe(200);
    }
  });
});

describe.skipIf(!inject('chromiumPath'))('the header search at narrow desktop widths', () => {
  let app: BuiltApp;
  let browser: Browser;
  beforeAll(async () => {
    [app, browser] = await Promise.all([startBuiltApp(), launchChromium()]);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it('never covers the Log in button once opened, from 769 to 1280 px', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 700 } });
    await withSavedConsent(context);
    const page = await context.newPage();
    await page.goto(`${app.url}/about`);
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Open search' }).click();
    await page.locator('.site-header__search .search-bar--header').waitFor();
    const overlaps: string[] = [];
    for (const width of [769, 800, 900, 992, 1000, 1024, 1100, 1180, 1280]) {
      await page.setViewportSize({ width, height: 700 });
      const layout = await page.evaluate(() => {
        const bar = document.querySelector('.site-header__search .search-bar')!.getBoundingClientRect();
        const actions = document.querySelector('.site-header__actions')!.getBoundingClientRect();
        const login = [...document.querySelectorAll('.site-header__actions a')].find(
          (a) => a.textContent?.trim() === 'Log in',
        );
        const box = login?.getBoundingClientRect();
        const shown = !!box && box.width > 0;
        const onTop = shown ? login!.contains(document.elementFromPoint(box.left + 4, box.top + box.height / 2)) : true;
        return { barRight: bar.right, actionsLeft: actions.left, shown, onTop };
      });
      if (layout.barRight > layout.actionsLeft + 0.5 || !layout.onTop)
        overlaps.push(`${width}px: ${JSON.stringify(layout)}`);
      if (width === 1024) await saveScreenshot(page, 'header-search-1024');
    }
    expect(overlaps).toEqual([]);
    await context.close();
  });
});
