import { defineConfig } from 'vitest/config';

// Kept apart from web/vite.config.ts so the React Router plugin never loads in tests.
const nest = { oxc: { decorator: { legacy: true, emitDecoratorMetadata: true } } };

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'engine', include: ['packages/engine/src/**/*.test.ts'], testTimeout: 60_000 } },
      { test: { name: 'contracts', include: ['packages/contracts/src/**/*.test.ts'] } },
      { test: { name: 'client', include: ['packages/client/src/**/*.test.ts'] } },
      { test: { name: 'web-unit', include: ['web/app/**/*.test.ts'] } },
      { ...nest, test: { name: 'api-unit', include: ['api/src/**/*.spec.ts'] } },
      {
        ...nest,
        test: {
          name: 'api-int',
          include: ['api/src/**/*.int-spec.ts', 'api/test/**/*.int-spec.ts'],
          globalSetup: ['api/test/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.e2e.ts'],
          globalSetup: ['e2e/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
          // Browser runs on a loaded 2-core CI machine: one retry, so a timing hiccup does not block a landing;
          // a real failure still fails twice. Locally every failure shows at once.
          retry: process.env.CI ? 1 : 0,
        },
      },
    ],
  },
});
