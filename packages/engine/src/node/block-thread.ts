import { parentPort } from 'node:worker_threads';
import { blockWorks } from '../blocks.js';
import type { BlockThreadReply, BlockThreadRequest } from './block-threads.js';

// One worker thread of a BlockThreads pool: runs blocks of any registered work.
const port = parentPort!;
// Blocks of one job arrive in a row: keeping its input object lets the work reuse what it compiled from it.
const PROGRESS_EVERY_MS = 250;
let last: { key: string; input: unknown } | null = null;
port.on('message', (msg: BlockThreadRequest) => {
  try {
    const work = blockWorks[msg.kind];
    if (!work) throw new Error(`no block work named ${msg.kind}`);
    if (last?.key !== msg.key) last = { key: msg.key, input: msg.input };
    let said = 0;
    const progress = (done: number, total: number) => {
      const now = Date.now();
      if (now - said < PROGRESS_EVERY_MS) return;
      said = now;
      const reply: BlockThreadReply = { id: msg.id, progress: { done, total } };
      port.postMessage(reply);
    };
    const bytes = work.runBlock(last.input as never, msg.first, msg.count, progress);
    const reply: BlockThreadReply = { id: msg.id, bytes };
    port.postMessage(reply, [bytes.buffer as ArrayBuffer]);
  } catch (e) {
    const reply: BlockThreadReply = { id: msg.id, error: e instanceof Error ? e.message : String(e) };
    port.postMessage(reply);
  }
});
