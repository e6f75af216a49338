/// <reference lib="webworker" />
import { CompileError, createSession, importDiagram, runBalanceTest, validate, type Session } from '@loopwright/engine';
import { runBatchInWorkers } from '@loopwright/engine/browser';
import { WarmPool } from './warm-pool';
import type {
  BalanceTestAnswer,
  BatchSummary,
  EngineReply,
  EngineRequest,
  Frame,
  QuickRunResult,
  SessionFrame,
} from './protocol';

// The editor's engine thread: validation, quick and interactive runs, imports, and the coordinator
// of multiple runs (which spreads blocks of runs over a pool of nested Web Workers).
const scope = self as unknown as DedicatedWorkerGlobalScope;
const reply = (msg: EngineReply): void => scope.postMessage(msg);
const cancels = new Map<number, AbortController>();
let session: Session | null = null;
const spawnPoolWorker = () =>
  new Worker(new URL('./pool.worker.ts', import.meta.url), { type: 'module', name: 'engine-pool' });
let pool: WarmPool | null = null;

function names(session: Session, ids: readonly string[]): Record<string, string> {
  const p = session.program;
  const out: Record<string, string> = {};
  for (const id of ids) out[id] = p.nodeNames[p.nodeIndex.get(id)!] || id;
  return out;
}

function frameOf(s: Session): Frame {
  const st = s.state();
  const flows: Record<string, number> = {};
  if (st.t > 0) {
    for (const e of s.events(st.t)) {
      if (
        e.connection &&
        e.amount &&
        e.amount > 0 &&
        (e.kind === 'transfer' || e.kind === 'produce' || e.kind === 'route' || e.kind === 'release')
      ) {
        flows[e.connection] = (flows[e.connection] ?? 0) + e.amount;
      }
    }
  }
  return { t: st.t, values: st.values, flows };
}

function quickRun(msg: Extract<EngineRequest, { type: 'quickRun' }>): QuickRunResult {
  const s = createSession(msg.doc, { seed: msg.seed, log: true });
  const limit = msg.steps ?? s.program.settings.stepsLimit;
  const frames: Frame[] = [frameOf(s)];
  const charted = s.program.chartedIds;
  const series: Record<string, number[]> = Object.fromEntries(charted.map((id) => [id, []]));
  let end = 'limit';
  for (let t = 1; t <= limit; t++) {
    const st = s.step();
    frames.push(frameOf(s));
    for (const id of charted) series[id].push(st.values[id]);
    if (st.ended) {
      end = st.end ?? 'limit';
      break;
    }
  }
  return { steps: frames.length - 1, end, frames, series, names: names(s, charted) };
}

function sessionFrame(s: Session): SessionFrame {
  const st = s.state();
  return {
    frame: frameOf(s),
    ended: st.ended,
    end: st.end,
    charted: s.program.chartedIds,
    names: names(s, s.program.chartedIds),
  };
}

async function batch(id: number, msg: Extract<EngineRequest, { type: 'batch' }>): Promise<BatchSummary> {
  pool ??= new WarmPool(spawnPoolWorker, msg.threads);
  const warm = pool;
  const controller = new AbortController();
  cancels.set(id, controller);
  try {
    let last = 0;
    const result = await runBatchInWorkers(msg.doc, {
      runs: msg.runs,
      seed: msg.seed,
      steps: msg.steps,
      threads: msg.threads,
      ...(msg.percentiles ? { percentiles: [...new Set([5, 25, 75, 95, ...msg.percentiles])] } : {}),
      signal: controller.signal,
      createWorker: () => warm.lease(),
      onProgress: (done, total) => {
        const now = performance.now();
        if (now - last > 50 || done === total) {
          last = now;
          reply({ id, type: 'progress', done, total });
        }
      },
    });
    const nameOf: Record<string, string> = {};
    result.stats.ids.forEach((sid, i) => {
      nameOf[sid] = result.stats.names[i] || sid;
    });
    return {
      runs: result.runs,
      completed: result.completed,
      cancelled: result.cancelled,
      steps: result.steps,
      meanSteps: result.meanSteps,
      ends: result.ends,
      names: nameOf,
      summary: result.summary as BatchSummary['summary'],
    };
  } finally {
    cancels.delete(id);
  }
}

async function handle(id: number, msg: EngineRequest): Promise<unknown> {
  switch (msg.type) {
    case 'warm':
      pool ??= new WarmPool(spawnPoolWorker, msg.threads);
      return true;
    case 'validate':
      return validate(msg.doc);
    case 'quickRun':
      return quickRun(msg);
    case 'sessionStart':
      session = createSession(msg.doc, { seed: msg.seed, log: true });
      return sessionFrame(session);
    case 'sessionStep':
      if (!session) throw new Error('No interactive run is going on');
      session.step();
      return sessionFrame(session);
    case 'sessionClick':
      session?.click(msg.node);
      return session ? sessionFrame(session) : null;
    case 'sessionNudge':
      if (session) msg.direction > 0 ? session.raise(msg.node) : session.lower(msg.node);
      return session ? sessionFrame(session) : null;
    case 'batch':
      return batch(id, msg);
    case 'balanceTests':
      return msg.tests.map((spec): BalanceTestAnswer => {
        try {
          return { outcome: runBalanceTest(msg.doc, spec) };
        } catch (e) {
          return { error: e instanceof Error ? e.message : String(e) };
        }
      });
    case 'cancel':
      cancels.get(msg.target)?.abort();
      return true;
    case 'import': {
      const result = importDiagram(msg.text);
      return { diagram: result.diagram, warnings: result.warnings, format: result.format };
    }
  }
}

scope.onmessage = (e: MessageEvent<{ id: number; request: EngineRequest }>) => {
  const { id, request } = e.data;
  handle(id, request).then(
    (value) => reply({ id, type: 'result', value }),
    (error: unknown) =>
      reply({
        id,
        type: 'error',
        message: error instanceof Error ? error.message : String(error),
        problems: error instanceof CompileError ? error.problems : undefined,
      }),
  );
};
