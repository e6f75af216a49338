import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
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

export const screenshotDir = path.join(repoPaths.root, 'e2e/screenshots');

/** Saves a full-page screenshot under e2e/screenshots/ for a person to look at. */
export async function saveScreenshot(page: Page, name: string): Promise<string> {
  mkdirSync(screenshotDir, { recursive: true });
  const file = path.join(screenshotDir, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
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
