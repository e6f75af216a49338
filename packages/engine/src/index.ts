export * from './schema.js';
export { compile, analyze } from './compile.js';
export { inspect, validate } from './validate.js';
export { CompileError, formatProblem, type Problem } from './problems.js';
export { FormulaError } from './formula/lexer.js';
export { parseFormula } from './formula/parser.js';
export type { Program } from './program.js';
export { Machine, type MachineOptions } from './machine.js';
export { run, type RunOptions, type RunResult } from './run.js';
export { createSession, type Session, type SessionOptions, type SessionState } from './session.js';
export type { SimEvent, SimEventKind } from './events.js';
export { Rng } from './random.js';
export {
  importDiagram,
  importMachinationsXml,
  importMxGraphXml,
  type ImportResult,
  type ImportWarning,
} from './import/index.js';
export {
  runBatch,
  runBatchSync,
  batchResultOf,
  newBatchStats,
  type BatchOptions,
  type BatchResult,
  type BatchRun,
} from './batch.js';
export {
  batchWork,
  blockWorks,
  runBatchBlock,
  splitIntoBlocks,
  BLOCK_NODE_STEPS,
  type BatchBlockInput,
  type BlockRange,
  type BlockWork,
} from './blocks.js';
export { encodeStats, decodeStats } from './stats-codec.js';
export { SeriesStats, DEFAULT_PERCENTILES, MAX_BUCKETS, type SeriesSummary } from './stats.js';
export {
  runBatchOnWorkers,
  createWorkerHandler,
  type WorkerPort,
  type WorkerRequest,
  type WorkerReply,
} from './parallel.js';
export {
  parseAssertion,
  parseAssertionTree,
  AssertError,
  type Assertion,
  type AssertNode,
  type StatSource,
} from './assert.js';
export {
  runBalanceTest,
  describeBalanceTest,
  BalanceTestError,
  NOTHING_PLOTTED,
  type BalanceTestSpec,
  type BalanceTestOutcome,
} from './balance.js';
export * from './study/index.js';
export * from './diff/index.js';
