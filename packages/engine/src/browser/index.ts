export { runBatchInWorkers, defaultCreateWorker, type BrowserBatchOptions } from './pool.js';
export * from '../index.js';
