/// <reference lib="webworker" />
// One worker of the multiple-runs pool: the engine's own block handler.
import '@loopwright/engine/browser/worker';
