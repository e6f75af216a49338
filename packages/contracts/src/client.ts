// What page bundles may import: spec constants and rules with no zod and no schemas.
// (The main entry builds zod schemas at import; a test keeps this graph free of them.)
export * from './constants.js';
export * from './search-rules.js';
export * from './tracking-rules.js';
export * from './website.js';
export * from './diagrams-texts.js';
export * from './proposals-texts.js';
