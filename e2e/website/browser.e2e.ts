import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startBuiltApp, type BuiltApp } from '../support/served-app.js';
import { launchChromium, nextFrames, saveScreenshot, scrollWindowTo, waitForHydration } from '../support/browser.js';
import { DESKTOP, MOBILE, seriousViolations, withSavedConsent } from './helpers.js';

describe.skipIf(!inject('chromiumPath'))('website in Chromium', () => {
  let app: BuiltApp;
  let browser: Browser;
  beforeAll(async () => {
    // A configured third party (it answers 404 here: failures must be ignored).
    [app, browser] = await Promise.all([
      startBuiltApp({ WEBSITE_ANALYTICS_URL: '/third-party/analytics.js' }),
      launchChromium(),
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  async function open(path: string, viewport = DESKTOP, consent = true): Promise<Page> {
    const context = await browser.newContext({ viewport });
    if (consent) await withSavedConsent(context);
    const page = await context.newPage();
    await page.goto(`${app.url}${path}`);
    await waitForHydration(page);
    return page;
  }

  describe('search bar', () => {
    it('asks for suggestions only for trimmed terms over 2 characters, 600 ms after typing stops', async () => {
      const page = await open('/docs');
      // The page's clock stands still unless the test moves it: the 600 ms are counted exactly.
      await page.clock.install();
      await page.clock.pauseAt(Date.now() + 60_000);
      const requests: string[] = [];
      page.on('request', (r) => r.url().includes('/api/search/suggestions') && requests.push(r.url()));
      const input = page.getByRole('combobox', { name: 'Search', exact: true });
      await input.click();
      await input.pressSequentially('po ');
      await page.clock.runFor(900);
      expect(requests).toHaveLength(0); // "po" trimmed is only 2 characters

      await input.fill('');
      await input.pressSequentially('pool');
      await page.clock.runFor(599);
      expect(requests).toHaveLength(0); // not yet: 600 ms after the last key
      await page.clock.runFor(1);
      await page.getByTestId('search-dropdown').getByText('in Documentation').first().waitFor();
      expect(requests).toHaveLength(1); // one request for the whole word, not one per key
      expect(requests[0]).toContain('context=docs');
      await page.clock.resume();
      const dropdown = page.getByTestId('search-dropdown');
      expect(await dropdown.getByRole('option').count()).toBeLessThanOrEqual(7);
      await expect(dropdown.getByRole('link', { name: 'view all results' }).isVisible()).resolves.toBe(true);
      await saveScreenshot(page, 'website-search-dropdown-desktop');

      // Changing the filter refetches: nothing is a diagram yet.
      await page.getByLabel('Search in').first().selectOption('diagrams');
      await input.focus();
      await dropdown.getByText('no results found').waitFor();
      await page.close();
    });

    it('Enter goes to the filter results page, and updates q when already there; Esc clears', async () => {
      const page = await open('/glossary');
      const input = page.getByRole('combobox', { name: 'Search', exact: true });
      await input.fill('converter');
      await input.press('Enter');
      await page.waitForURL(/\/docs\/search\?q=converter$/);
      await page.getByRole('heading', { name: 'Search the documentation' }).waitFor();
      await page.getByText(/results? for “converter”/).waitFor();

      await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
      const again = page.getByRole('combobox', { name: 'Search', exact: true });
      await again.fill('drain');
      await again.press('Enter');
      await page.waitForURL(/\/docs\/search\?q=drain$/);
      await page.getByText(/results? for “drain”/).waitFor();
      expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1); // same document

      await again.press('Escape');
      expect(await again.inputValue()).toBe('');
      await page.waitForURL(/\/docs\/search\?q=$/);
      await page.close();
    });

    it('shows the mobile dropdown too', async () => {
      const page = await open('/docs', MOBILE);
      const input = page.getByRole('combobox', { name: 'Search', exact: true });
      await input.fill('formula');
      await page.getByTestId('search-dropdown').getByText('in Documentation').first().waitFor();
      await saveScreenshot(page, 'website-search-dropdown-mobile');
      await page.close();
    });
  });

  describe('cookie consent', () => {
    it('shows the banner without a saved choice; Accept all keeps it for 6 months and starts tracking', async () => {
      const page = await open('/', DESKTOP, false);
      const banner = page.getByTestId('cookie-banner');
      await banner.waitFor();
      await saveScreenshot(page, 'website-cookie-banner-desktop');
      await banner.getByRole('button', { name: 'Accept all' }).click();
      await banner.waitFor({ state: 'detached' });
      const saved = await page.evaluate(() => JSON.parse(localStorage.getItem('cookie_preferences')!));
      expect(saved.categories).toEqual({ necessaryCookies: true, analytics: true, chat: true });
      const months = (saved.expiresAt - Date.now()) / (1000 * 60 * 60 * 24 * 30.4);
      expect(months).toBeGreaterThan(5.8);
      expect(months).toBeLessThan(6.2);

      // Consented: a navigation sends a tracking message, and the server sets the anonymous id.
      const tracked = page.waitForResponse((r) => r.url().endsWith('/api/message') && r.status() === 200);
      await page.getByRole('link', { name: 'Read the docs' }).first().click();
      const body = await (await tracked).json();
      expect(body.content.stored).toBe(1);
      const cookies = await page.context().cookies();
      expect(cookies.find((c) => c.name === 'lw_anonymous_id')?.value).toBe(body.content.anonymousId);
      expect(cookies.find((c) => c.name === 'lw_consent')?.value).toBe('analytics%3A1%2Cchat%3A1');

      await page.reload();
      await waitForHydration(page);
      expect(await page.getByTestId('cookie-banner').count()).toBe(0);
      await page.close();
    });

    it('tracks a completed sign-up as a conversion once analytics is consented', async () => {
      const page = await open('/register', DESKTOP, false);
      await page.getByTestId('cookie-banner').getByRole('button', { name: 'Accept all' }).click();
      await page.getByLabel('E-mail', { exact: true }).fill(`tracked-${Date.now()}@example.test`);
      await page.getByLabel('Password', { exact: true }).fill('secret-pass');
      await page.getByLabel('Confirm password', { exact: true }).fill('secret-pass');
      await page.getByLabel('I have read and agreed to the Terms of Service', { exact: true }).check();
      const signUp = page.waitForRequest(
        (r) => r.url().endsWith('/api/message') && r.postDataJSON()?.messages?.[0]?.name === 'Sign up',
      );
      await page.getByRole('button', { name: 'Create free account' }).click();
      expect((await signUp).postDataJSON().messages[0]).toMatchObject({
        category: 'Conversion',
        action: 'email',
        label: 'register page',
      });
      await page.close();
    });

    it('loads a configured third-party script only after consent, and ignores its failure', async () => {
      const page = await open('/about', DESKTOP, false);
      const loads: string[] = [];
      const errors: string[] = [];
      page.on('request', (r) => r.url().includes('/third-party/analytics.js') && loads.push(r.url()));
      page.on('pageerror', (e) => errors.push(e.message));
      await nextFrames(page); // hydrated (open waits for it) and drawn: consent has been applied
      expect(loads).toEqual([]);
      await page.getByTestId('cookie-banner').getByRole('button', { name: 'Accept all' }).click();
      await expect.poll(() => loads.length, { timeout: 5000 }).toBeGreaterThan(0);
      await expect.poll(() => page.locator('#tp-analytics').count()).toBe(0); // removed after its failure
      expect(errors).toEqual([]);
      await page.close();
    });

    it('Reject all removes analytics cookies and sends nothing', async () => {
      const context = await browser.newContext({ viewport: MOBILE });
      await context.addCookies([
        { name: '_ga', value: 'GA1.1.123', url: app.url },
        { name: 'utm_source', value: 'newsletter', url: app.url },
      ]);
      const page = await context.newPage();
      const messages: string[] = [];
      page.on('request', (r) => r.url().endsWith('/api/message') && messages.push(r.url()));
      await page.goto(`${app.url}/pricing`);
      await waitForHydration(page);
      await saveScreenshot(page, 'website-cookie-banner-mobile');
      await page.getByTestId('cookie-banner').getByRole('button', { name: 'Reject all' }).click();
      const names = (await context.cookies()).map((c) => c.name);
      expect(names).not.toContain('_ga');
      expect(names).not.toContain('utm_source');
      await page.getByRole('link', { name: 'Start for free' }).first().click();
      await page.waitForURL((url) => url.pathname !== '/pricing');
      await nextFrames(page);
      expect(messages).toEqual([]);
      await context.close();
    });

    it('shows the banner again once the saved choice has expired, and the preferences dialog saves a choice', async () => {
      const context = await browser.newContext({ viewport: DESKTOP });
      await context.addInitScript(() => {
        if (!sessionStorage.getItem('seeded')) {
          sessionStorage.setItem('seeded', '1');
          localStorage.setItem(
            'cookie_preferences',
            JSON.stringify({
              categories: { necessaryCookies: true, analytics: true, chat: true },
              expiresAt: Date.now() - 1000,
            }),
          );
        }
      });
      const page = await context.newPage();
      await page.goto(`${app.url}/about`);
      await waitForHydration(page);
      await page.getByTestId('cookie-banner').getByRole('button', { name: 'Preferences' }).click();
      const dialog = page.getByRole('dialog', { name: 'Cookie preferences' });
      await dialog.waitFor();
      await dialog.getByRole('checkbox', { name: 'Support chat' }).check();
      await dialog.getByRole('button', { name: 'Save' }).click();
      const saved = await page.evaluate(() => JSON.parse(localStorage.getItem('cookie_preferences')!));
      expect(saved.categories).toEqual({ necessaryCookies: true, analytics: false, chat: true });
      expect(await page.getByTestId('cookie-banner').count()).toBe(0);
      // The footer reopens the preferences.
      await page.getByRole('button', { name: 'Cookie preferences' }).click();
      await dialog.waitFor();
      expect(await dialog.getByRole('checkbox', { name: 'Support chat' }).isChecked()).toBe(true);
      await context.close();
    });
  });

  it('mobile drawer locks the page scroll, hides the chat widget and opens submenus', async () => {
    const page = await open('/about', MOBILE);
    await page.evaluate(() => {
      const chat = document.createElement('div');
      chat.dataset.chatWidget = '';
      chat.id = 'fake-chat';
      chat.textContent = 'chat';
      document.body.appendChild(chat);
    });
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByTestId('mobile-drawer');
    await drawer.waitFor();
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).toBe('hidden');
    expect(await page.locator('#fake-chat').isVisible()).toBe(false);
    await drawer.getByRole('button', { name: 'Community' }).click();
    await drawer.getByRole('link', { name: /Designers for hire/ }).waitFor();
    await expect(drawer.getByRole('link', { name: 'Discord' }).isVisible()).resolves.toBe(true);
    await expect(drawer.getByText('New').first().isVisible()).resolves.toBe(true);
    await expect(drawer.getByRole('link', { name: 'Log in' }).isVisible()).resolves.toBe(true);
    await saveScreenshot(page, 'website-drawer-mobile', { viewport: true }); // the fixed drawer
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).not.toBe('hidden');
    expect(await page.locator('#fake-chat').isVisible()).toBe(true);

    await page.getByRole('button', { name: 'Open menu' }).click();
    await drawer.getByRole('button', { name: 'Learn' }).click();
    await drawer.getByRole('link', { name: /Glossary/ }).click();
    await page.waitForURL(/\/glossary$/);
    await drawer.waitFor({ state: 'detached' });
    await page.close();
  });

  it('follows the browser offline, and the call-to-action opens the register dialog', async () => {
    const page = await open('/about');
    await page.context().setOffline(true);
    await page.getByText('You are offline.').waitFor();
    await page.context().setOffline(false);
    await page.getByText('You are offline.').waitFor({ state: 'detached' });
    await page.locator('.cta-block').getByRole('button', { name: 'Start designing for free' }).click();
    await page.getByRole('dialog', { name: 'To start designing, please create a free public account' }).waitFor();
    await page.close();
  });

  it('footer groups are an accordion under 768 px', async () => {
    const page = await open('/about', MOBILE);
    const group = page.locator('.site-footer__group').first();
    const link = group.getByRole('link').first();
    expect(await link.isVisible()).toBe(false);
    await group.getByRole('button').click();
    expect(await link.isVisible()).toBe(true);
    await page.close();
  });

  describe('header', () => {
    it('hides on scrolling down, ignores moves under 60 px and shows on scrolling up', async () => {
      const page = await open('/docs/your-first-diagram');
      const header = page.getByTestId('site-header');
      const hidden = () => header.evaluate((el) => el.classList.contains('site-header--hidden'));
      const scrollTo = (y: number) => scrollWindowTo(page, y);
      await scrollTo(600);
      expect(await hidden()).toBe(true);
      await scrollTo(560); // up 40 px: ignored
      expect(await hidden()).toBe(true);
      await scrollTo(480); // up 120 px from the last counted position
      expect(await hidden()).toBe(false);
      await scrollTo(500); // down 20 px: ignored
      expect(await hidden()).toBe(false);
      await page.close();
    });

    it('is transparent on the home page at the top and white elsewhere; highlights the current section', async () => {
      const home = await open('/');
      expect(await home.getByTestId('site-header').getAttribute('class')).toContain('site-header--transparent');
      await scrollWindowTo(home, 200);
      expect(await home.getByTestId('site-header').getAttribute('class')).toContain('site-header--white');
      await home.close();
      const docs = await open('/glossary/skill');
      expect(await docs.getByTestId('site-header').getAttribute('class')).toContain('site-header--white');
      const learn = docs.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Learn', exact: true });
      expect(await learn.getAttribute('aria-current')).toBe('page');
      // A highlighted item's submenu shows the handbook promo card, on hover.
      await learn.hover();
      await docs.getByText('Free handbook: Modelling live-ops economies').waitFor();
      await saveScreenshot(docs, 'website-submenu-desktop');
      await docs.close();
    });

    it('shows its search bar only once the in-page search bar has scrolled out (bottom above 80 px)', async () => {
      const page = await open('/glossary');
      const headerSearch = page.locator('.site-header__search');
      expect(await headerSearch.getAttribute('data-visible')).toBe('false');
      const bottom = await page
        .locator('[data-page-search]')
        .evaluate((el) => el.getBoundingClientRect().bottom + window.scrollY);
      await scrollWindowTo(page, bottom - 100); // bottom at 100 px: still visible in page
      expect(await headerSearch.getAttribute('data-visible')).toBe('false');
      await scrollWindowTo(page, bottom - 60); // bottom at 60 px
      expect(await headerSearch.getAttribute('data-visible')).toBe('true');
      await page.close();
    });
  });

  it('scrolls to a hash with a 120 px offset', async () => {
    const page = await open('/terms-and-conditions#privacy-policy');
    await page.waitForFunction(
      () => {
        const top = document.getElementById('privacy-policy')?.getBoundingClientRect().top ?? -1;
        return Math.abs(top - 120) < 4;
      },
      undefined,
      { timeout: 6000 },
    );
    await page.close();
  });

  it('has no serious accessibility violations on the main pages', async () => {
    const context = await browser.newContext({ viewport: DESKTOP, bypassCSP: true });
    await withSavedConsent(context);
    const page = await context.newPage();
    const problems: string[] = [];
    for (const path of [
      '/',
      '/pricing',
      '/docs',
      '/docs/your-first-diagram',
      '/learn',
      '/articles',
      '/articles/why-game-economies-inflate',
      '/glossary',
      '/glossary/skill',
      '/contact',
      '/community/explore',
      '/search-results?q=pool',
      '/no-such-page',
    ]) {
      await page.goto(`${app.url}${path}`);
      await waitForHydration(page);
      problems.push(...(await seriousViolations(page)).map((v) => `${path}: ${v}`));
    }
    expect(problems).toEqual([]);
    await context.close();
  });

  it('screenshots of the main pages at desktop and mobile widths', async () => {
    for (const [name, path] of [
      ['home', '/'],
      ['pricing', '/pricing'],
      ['docs-page', '/docs/your-first-diagram'],
      ['article', '/articles/why-game-economies-inflate'],
      ['glossary', '/glossary'],
      ['contact', '/contact'],
      ['community', '/community/explore'],
    ] as const) {
      for (const [suffix, viewport] of [
        ['desktop', DESKTOP],
        ['mobile', MOBILE],
      ] as const) {
        const page = await open(path, viewport);
        const errors: string[] = [];
        page.on('pageerror', (e) => errors.push(e.message));
        await page.evaluate(async () => {
          // Load lazy images before the full-page picture.
          for (const img of Array.from(document.images)) img.loading = 'eager';
          await Promise.all(
            Array.from(document.images).map((img) =>
              img.complete
                ? Promise.resolve()
                : new Promise((r) => {
                    img.addEventListener('load', r, { once: true });
                    img.addEventListener('error', r, { once: true });
                    setTimeout(r, 2000);
                  }),
            ),
          );
        });
        await saveScreenshot(page, `website-${name}-${suffix}`);
        expect(errors).toEqual([]);
        // Nothing sticks out sideways (a wide table or code block scrolls inside its own box).
        expect(
          await page.evaluate(() => document.documentElement.scrollWidth),
          `${path} at ${suffix}`,
        ).toBeLessThanOrEqual(viewport.width);
        await page.context().close();
      }
    }
  });
});
