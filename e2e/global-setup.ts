import { existsSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { builtAppExists, startTestServices } from '../api/test/support/global-services.js';
import { contentTemplate } from './support/content-template.js';

// Chromium's headless shell (what Playwright itself runs for headless tests; Debian's chromium-headless-shell)
// draws the same pages as the full browser for about a third of its CPU. The full browser also works, and is
// what a test of a browser setting the shell lacks (blocked third-party storage) needs.
const FULL_CHROMIUM = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];
const CHROMIUM_CANDIDATES = [process.env.CHROMIUM_PATH, '/usr/bin/chromium-headless-shell', ...FULL_CHROMIUM];
const firstThatExists = (paths: (string | undefined)[]) => paths.find((p): p is string => !!p && existsSync(p)) ?? null;

/** Browser tests drive the built app; they need Chromium (skipped without it, except under CI=true). */
export default async function setup(project: TestProject) {
  if (!builtAppExists()) throw new Error('The app is not built: run `npm run build` (npm test does it for you).');
  const chromiumPath = firstThatExists(CHROMIUM_CANDIDATES);
  const fullChromiumPath = firstThatExists(FULL_CHROMIUM);
  if ((!chromiumPath || !fullChromiumPath) && process.env.CI === 'true')
    throw new Error(
      'Chromium is missing; under CI=true browser tests may not be skipped (apt-get install -y chromium-headless-shell chromium).',
    );
  if (!chromiumPath) console.warn('[tests] Chromium not found (set CHROMIUM_PATH): browser tests will be skipped.');
  const services = await startTestServices();
  project.provide('databaseAdminUrl', services.adminUrl);
  project.provide('databaseTemplate', await contentTemplate(services.adminUrl, services.template));
  project.provide('databasePrefix', services.databasePrefix);
  project.provide('redisUrl', services.redisUrl);
  project.provide('chromiumPath', chromiumPath);
  project.provide('fullChromiumPath', fullChromiumPath);
  return () => services.stop();
}
