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
