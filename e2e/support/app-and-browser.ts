import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchChromium } from './browser.js';
import { startBuiltApp, type BuiltApp } from './served-app.js';

export interface AppAndBrowser {
  app: BuiltApp;
  browser: Browser;
}

/** Starts the built app and Chromium before a file's tests, and stops both after them. */
export function useAppAndBrowser(env?: Record<string, string>): AppAndBrowser {
  const running = {} as AppAndBrowser;
  beforeAll(async () => {
    [running.app, running.browser] = await Promise.all([startBuiltApp(env), launchChromium()]);
  });
  afterAll(async () => {
    await running.browser?.close();
    await running.app?.close();
  });
  return running;
}
