import { DiagramTexts } from '@loopwright/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import type { RunView } from '../editor-context';
import type { EngineClient } from '../engine/engine-client';
import { emptyDiagram, newNode } from '../model/defaults';
import { EditorStore } from '../model/editor-store';
import { addNode } from '../model/ops';
import { ValueStore } from '../model/value-store';
import { RunController } from './run-controller';
import type { ServerRuns } from './run-types';

type Poll = Awaited<ReturnType<ServerRuns['poll']>>;
const running: Poll = { status: 'running', completed: 10, total: 1000, error: null, chart: null };

/** A diagram with a charted pool, and a controller whose server batch answers as the test says. */
function controllerWith(server: Partial<ServerRuns>) {
  const store = new EditorStore(addNode(emptyDiagram(), newNode('pool', 'p1', 'Gold', 0, 0)));
  const engine = { cancel: vi.fn() } as unknown as EngineClient;
  const runs = new RunController(
    engine,
    store,
    new ValueStore<RunView>({ mode: 'idle', frame: null, stepMs: 0 }),
    () => {},
  );
  const full: ServerRuns = {
    start: () => Promise.resolve('play-1'),
    cancel: () => Promise.resolve(),
    poll: () => Promise.resolve(running),
    ...server,
  };
  return { runs, server: full };
}

const serverDown = () =>
  new ApiError({ status: 503, code: 'SERVICE_UNAVAILABLE', message: 'The service is not available right now.' });

describe("a server batch's failures (app.md §8: initializing, executing or stopping quick plays batch)", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('a batch the server ran and failed says "Failed executing quick plays batch" and why', async () => {
    const { runs, server } = controllerWith({
      poll: () => Promise.resolve({ ...running, status: 'failed', error: 'A worker stopped while running block 3' }),
    });
    const done = runs.serverRuns(server, 1000);
    await vi.advanceTimersByTimeAsync(700);
    await done;
    expect(runs.ui.get()).toMatchObject({
      status: 'error',
      error: 'Failed executing quick plays batch: A worker stopped while running block 3',
    });
  });

  it('losing the batch while following it says the same, with the answer', async () => {
    const { runs, server } = controllerWith({ poll: () => Promise.reject(serverDown()) });
    const done = runs.serverRuns(server, 1000);
    await vi.advanceTimersByTimeAsync(700);
    await done;
    expect(runs.ui.get().error).toBe(`${DiagramTexts.batchFailed}: The service is not available right now.`);
  });

  it('a Cancel the server refused says "Failed stopping quick plays batch"', async () => {
    const { runs, server } = controllerWith({ cancel: () => Promise.reject(serverDown()) });
    void runs.serverRuns(server, 1000);
    await vi.advanceTimersByTimeAsync(700);
    runs.cancelBatch();
    await vi.advanceTimersByTimeAsync(0);
    expect(runs.ui.get().error).toBe(`${DiagramTexts.batchStopFailed}: The service is not available right now.`);
  });

  it('a batch the server did not take says "Failed initializing quick plays batch" and why', async () => {
    const { runs, server } = controllerWith({ start: () => Promise.reject(serverDown()) });
    await runs.serverRuns(server, 1000);
    expect(runs.ui.get()).toMatchObject({
      status: 'error',
      error: `${DiagramTexts.batchInitFailed}: The service is not available right now.`,
    });
  });
});
