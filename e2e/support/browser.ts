import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type Locator, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { repoPaths } from '../../api/src/core/paths.js';

const ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

export function launchChromium(): Promise<Browser> {
  const executablePath = inject('chromiumPath');
  if (!executablePath)
    throw new Error('Chromium is not available; guard browser tests with describe.skipIf(!inject("chromiumPath"))');
  return chromium.launch({ executablePath, headless: true, args: ARGS });
}

const screenshotDir = path.join(repoPaths.root, 'e2e/screenshots');

/**
 * Screenshots are for a person to look at. A CI run has no one looking, so it takes them only with
 * E2E_SCREENSHOTS=1: a full-page screenshot costs Chromium up to a second of CPU, and the suite takes ~190.
 */
const screenshotsWanted = !process.env.CI || process.env.E2E_SCREENSHOTS === '1';

function screenshotFile(name: string): string {
  mkdirSync(screenshotDir, { recursive: true });
  return path.join(screenshotDir, `${name}.png`);
}

/** Saves a screenshot under e2e/screenshots/: the full page, or only what is on screen (`viewport`). */
export async function saveScreenshot(page: Page, name: string, options: { viewport?: boolean } = {}): Promise<void> {
  if (screenshotsWanted) await page.screenshot({ path: screenshotFile(name), fullPage: !options.viewport });
}

/** Saves a screenshot of one element under e2e/screenshots/. */
export async function saveElementScreenshot(element: Locator, name: string): Promise<void> {
  if (screenshotsWanted) await element.screenshot({ path: screenshotFile(name) });
}

export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForSelector('html[data-hydrated="true"]', { timeout: 15_000 });
}

/**
 * Resolves once the page has drawn two more frames: what an input just did (a key, a pointer move)
 * has been handled and rendered. For pacing gestures and for checking that something did not happen.
 */
export async function nextFrames(page: Page): Promise<void> {
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );
}

/** Scrolls the window to `y` and resolves once the page has handled that scroll and drawn the result. */
export async function scrollWindowTo(page: Page, y: number): Promise<void> {
  await page.evaluate(async (top) => {
    const scrolled = new Promise((resolve) => window.addEventListener('scroll', resolve, { once: true }));
    window.scrollTo(0, top);
    await scrolled;
    await new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve())));
  }, y);
}

/**
 * Accepts the cookie banner if the page shows one. The banner is decided when the page hydrates (no
 * saved choice: it shows), so once the page is hydrated and has drawn, its absence is an answer.
 */
export async function acceptCookiesIfAsked(page: Page): Promise<void> {
  await waitForHydration(page);
  await nextFrames(page);
  const accept = page.getByTestId('cookie-banner').getByRole('button', { name: 'Accept all' });
  if (await accept.count()) await accept.click();
}
