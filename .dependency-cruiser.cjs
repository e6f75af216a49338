/**
 * Module boundaries, checked by `npm test` (scripts/test.mjs runs `depcruise` before vitest).
 * npx depcruise api/src packages/contracts/src packages/engine/src web/app --config .dependency-cruiser.cjs
 */

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'Files must not import each other in a circle: split out what both need, or invert the dependency.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'no-cross-module-repository',
      severity: 'error',
      comment: "Other modules use a module's service (its exported API), never its repository.",
      from: { path: '^api/src/modules/([^/]+)/' },
      to: { path: '^api/src/modules/[^/]+/.+\\.repository\\.ts$', pathNot: '^api/src/modules/$1/' },
    },
    {
      name: 'no-repository-outside-modules',
      severity: 'error',
      comment: 'Core, server and web code reach feature data through services.',
      from: { path: '^api/src/(core|server|web)/' },
      to: { path: '^api/src/modules/.+\\.repository\\.ts$' },
    },
    {
      name: 'engine-stands-alone',
      severity: 'error',
      comment: 'The simulation engine depends on nothing else of ours.',
      from: { path: '^packages/engine/src/' },
      to: { path: '^(api|web|packages/contracts)/' },
    },
    {
      name: 'contracts-stand-alone',
      severity: 'error',
      comment: 'Contracts are shared by api and web and import neither.',
      from: { path: '^packages/contracts/src/' },
      to: { path: '^(api|web)/' },
    },
    {
      name: 'web-lib-ui-not-features',
      severity: 'error',
      comment:
        'web/app/lib (plumbing) and web/app/ui (design-system pieces) sit below the features: features compose them, never the other way.',
      from: { path: '^web/app/(lib|ui)/' },
      to: { path: '^web/app/features/' },
    },
    {
      name: 'web-features-one-way',
      severity: 'error',
      scope: 'folder',
      comment:
        'Features depend on each other one way only: move what both need down into lib/ or ui/, or let one talk to the other through a small public entry.',
      from: { path: '^web/app/(features/[^/]+|lib|ui)$' },
      to: { path: '^web/app/(features/[^/]+|lib|ui)$', circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['(^|/)(dist|build|generated)/', '\\.d\\.ts$'] },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs'] },
  },
};
