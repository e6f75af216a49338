export * from './live-document.js';
export * from './protocol.js';
export * from './live-facts.js';
export * from './live-memory.js';
