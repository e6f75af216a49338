// ESLint over the whole repository: type-aware TypeScript rules, React hooks and accessibility for the web.
import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'web/build/**',
      'web/.react-router/**',
      'api/src/generated/**',
      '.data/**',
      'test-results/**',
      'e2e/screenshots/**',
    ],
  },
  js.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    extends: [tseslint.configs.recommendedTypeChecked],
    rules: {
      // React and Nest ignore what an event handler or callback returns; async handlers catch their own errors.
      '@typescript-eslint/no-misused-promises': [
        'error',
        { checksVoidReturn: { attributes: false, arguments: false } },
      ],
      // React Router's loaders and actions signal 404s and redirects by throwing a Response or data().
      '@typescript-eslint/only-throw-error': [
        'error',
        {
          allow: [
            { from: 'lib', name: 'Response' },
            { from: 'package', package: 'react-router', name: 'DataWithResponseInit' },
          ],
        },
      ],
      // `cond ? a() : b()` as a statement is a house style for two-way toggles.
      '@typescript-eslint/no-unused-expressions': ['error', { allowTernary: true, allowShortCircuit: true }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
    },
    languageOptions: {
      parserOptions: {
        // One program for the API, the packages and every test (tsconfig.eslint.json): with a program per
        // tsconfig, the tests' program typed the API and the packages it imports a second time.
        project: ['./web/tsconfig.json', './tsconfig.eslint.json'],
        tsconfigRootDir: import.meta.dirname,
      },
    },
  },
  {
    // The web app is checked with its own compiler settings (DOM, bundler resolution), as tsc -p web does.
    files: ['web/**/*.{ts,tsx}'],
    languageOptions: { parserOptions: { project: ['./web/tsconfig.json'] } },
  },
  {
    files: ['web/app/**/*.{ts,tsx}'],
    extends: [reactHooks.configs.flat['recommended-latest'], jsxA11y.flatConfigs.recommended],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      // These three are React Compiler diagnostics; the app is not built with the compiler. Reading the
      // latest callback from a ref and setting client-only state after hydration are deliberate here.
      'react-hooks/refs': 'off',
      'react-hooks/set-state-in-effect': 'off',
      'react-hooks/preserve-manual-memoization': 'off',
      'react-hooks/incompatible-library': 'off',
      // Radio cards put the label text two elements deep (label > div > strong).
      'jsx-a11y/label-has-associated-control': ['error', { depth: 3 }],
    },
  },
  {
    // Prisma's CLI reads this file; it belongs to no TypeScript project.
    files: ['prisma.config.ts'],
    extends: [tseslint.configs.disableTypeChecked],
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    // Benchmarks hand these functions to page.evaluate: they run in the browser.
    files: ['bench/editor/**/*.mjs'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['**/*.spec.ts', '**/*.int-spec.ts', '**/*.test.ts', 'api/test/**/*.ts', 'e2e/**/*.ts'],
    rules: {
      // Tests read response bodies as parsed JSON (typed any on purpose) and assert their shape;
      // typing every body would restate the contracts the assertions already check.
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-explicit-any': 'off',
    },
  },
);
