export * from './live-document.js';
export * from './protocol.js';
