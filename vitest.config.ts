import { defineConfig } from 'vitest/config';
import { SlowestFirst } from './e2e/support/slowest-first.js';

// Kept apart from web/vite.config.ts so the React Router plugin never loads in tests.
const cpuLog = process.env.TEST_CPU_LOG ? ['e2e/support/cpu-log.ts'] : [];
const nest = { oxc: { decorator: { legacy: true, emitDecoratorMetadata: true } } };

export default defineConfig({
  test: {
    sequence: { sequencer: SlowestFirst },
    // Files of the unit and integration projects at a time. Vitest's own default is one fewer than the
    // cores, which on a 2-core machine runs them one by one; an integration file mostly waits on
    // PostgreSQL and HTTP, and each has its own database and Redis prefix, so two share the cores well.
    maxWorkers: Number(process.env.TEST_WORKERS) || 2,
    projects: [
      {
        test: {
          setupFiles: cpuLog,
          name: 'engine',
          include: ['packages/engine/src/**/*.test.ts'],
          testTimeout: 60_000,
        },
      },
      { test: { setupFiles: cpuLog, name: 'contracts', include: ['packages/contracts/src/**/*.test.ts'] } },
      { test: { setupFiles: cpuLog, name: 'collab', include: ['packages/collab/src/**/*.test.ts'] } },
      { test: { setupFiles: cpuLog, name: 'client', include: ['packages/client/src/**/*.test.ts'] } },
      { test: { setupFiles: cpuLog, name: 'web-unit', include: ['web/app/**/*.test.ts'] } },
      // Files reuse their worker's imports of the API (as api-int below): no api-unit file mocks a module.
      { ...nest, test: { setupFiles: cpuLog, name: 'api-unit', include: ['api/src/**/*.spec.ts'], isolate: false } },
      {
        ...nest,
        test: {
          name: 'api-int',
          setupFiles: cpuLog,
          include: ['api/src/**/*.int-spec.ts', 'api/test/**/*.int-spec.ts'],
          globalSetup: ['api/test/global-setup.ts'],
          // A file's worker imports the whole API (Nest, Prisma, every module) before its first test: about as
          // long as the file's own tests. Files reuse their worker's imports instead; each still starts its
          // own app with its own database and Redis prefix, and the API's module-level state is only caches.
          isolate: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        // The global setup loads content/ through the API's repository (decorated classes).
        ...nest,
        test: {
          name: 'e2e',
          setupFiles: cpuLog,
          include: ['e2e/**/*.e2e.ts'],
          globalSetup: ['e2e/global-setup.ts'],
          // Files share the cores: a test may take twice as long as it would alone.
          testTimeout: 120_000,
          hookTimeout: 120_000,
          // A condition in the browser can take a while on a busy machine: wait for it up to 15 s.
          expect: { poll: { timeout: 15_000 } },
          // Every file starts its own app (own database, port, data directory, Redis prefix) and its own
          // Chromium, so files run side by side. Most of a browser test is waiting (the app, the page, a
          // push), so a few files at once keep 2 cores busy; they run after the other projects, whose
          // in-process apps would otherwise compete with them.
          pool: 'forks',
          maxWorkers: Number(process.env.E2E_WORKERS) || 3,
          // A worker runs file after file, keeping what it imported: the test support, Playwright and the built
          // app (api/dist, which Node itself imports, so every file serves the very build production runs).
          isolate: false,
          server: { deps: { external: [/\/api\/dist\//] } },
          sequence: { groupOrder: 1 },
          // One retry under CI, so a timing hiccup does not block a landing; a real failure still fails
          // twice, and a test that passed only on its retry is named as flaky in npm test's closing line.
          retry: process.env.CI ? 1 : 0,
        },
      },
    ],
  },
});
