import { DiagramTexts } from '@loopwright/contracts';
import { failureText } from '../../../lib/failure-text';
import type { RunView } from '../editor-context';
import type { EngineClient } from '../engine/engine-client';
import type { BatchSummary, Frame, QuickRunResult, SessionFrame } from '../engine/protocol';
import type { EditorStore } from '../model/editor-store';
import { ValueStore } from '../model/value-store';
import { IDLE_RUN, SPEEDS, type ChartData, type Play, type RunUiState, type ServerRuns } from './run-types';

function playId(): string {
  return `play-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}`;
}

/**
 * Runs of the open diagram: quick runs played back step by step on the canvas, interactive runs,
 * and multiple runs on a pool of Web Workers. The engine computes in its worker; this only plays
 * back frames and keeps the chart data, and hands every finished run to `onPlay`.
 */
export class RunController {
  readonly ui = new ValueStore<RunUiState>(IDLE_RUN);
  private frames: Frame[] = [];
  private timer: ReturnType<typeof setTimeout> | null = null;
  private batchId: number | null = null;
  private sessionSeries: Record<string, number[]> = {};
  private sessionMeta: { charted: string[]; names: Record<string, string> } = { charted: [], names: {} };

  constructor(
    private readonly engine: EngineClient,
    private readonly store: EditorStore,
    private readonly view: ValueStore<RunView>,
    private readonly onPlay: (play: Play) => void,
  ) {
    // An edit ends a quick or interactive run: the canvas goes back to showing the document.
    let doc = store.doc;
    store.subscribe(() => {
      if (store.doc === doc) return;
      doc = store.doc;
      const kind = this.ui.get().kind;
      if (kind === 'quick' || kind === 'interactive') this.stop();
    });
  }

  private patch(p: Partial<RunUiState>): void {
    this.ui.set({ ...this.ui.get(), ...p });
  }

  private stepMs(): number {
    return 1000 / SPEEDS[Math.min(SPEEDS.length - 1, this.ui.get().speed)];
  }

  private show(frame: Frame | null, mode: RunView['mode']): void {
    this.view.set({ mode, frame, stepMs: this.stepMs() });
  }

  private seed(): number {
    return this.store.doc.settings.seed ?? 0;
  }

  /** The plan's most steps per run (null: unlimited); a run stops there rather than be refused afterwards. */
  private runStepsCap: number | null = null;

  setRunStepsLimit(limit: number | null): void {
    this.runStepsCap = limit;
  }

  /** Steps a run takes: the document's limit, within the plan's. */
  private steps(): number {
    const own = this.store.doc.settings.stepsLimit;
    return this.runStepsCap === null ? own : Math.min(own, this.runStepsCap);
  }

  private stopTimer(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  async quickRun(): Promise<void> {
    this.stop();
    this.patch({
      kind: 'quick',
      status: 'running',
      error: null,
      progress: null,
      chart: null,
      frameIndex: 0,
      frameCount: 0,
    });
    try {
      const result = await this.engine.call<QuickRunResult>({
        type: 'quickRun',
        doc: this.store.doc,
        seed: this.seed(),
        steps: this.steps(),
      });
      this.frames = result.frames;
      const chart: ChartData = {
        kind: 'single',
        steps: result.steps,
        end: result.end,
        series: Object.entries(result.series).map(([id, values]) => ({ id, name: result.names[id] ?? id, values })),
      };
      this.patch({
        frameCount: result.frames.length,
        frameIndex: 0,
        chart: { ...chart, steps: 0, series: chart.series.map((s) => ({ ...s, values: [] })) },
      });
      this.onPlay({
        id: playId(),
        kind: 'quick',
        createdAt: new Date().toISOString(),
        count: 1,
        totalSteps: result.steps,
        seed: this.seed(),
        end: result.end,
        version: null,
        chart,
      });
      this.fullChart = chart;
      this.show(this.frames[0], 'quick');
      this.play();
    } catch (e) {
      this.patch({ status: 'error', error: (e as Error).message });
    }
  }

  private fullChart: Extract<ChartData, { kind: 'single' }> | null = null;

  /** Shows frame i on the canvas and the chart up to it. */
  seek(i: number): void {
    if (!this.frames.length) return;
    const index = Math.max(0, Math.min(this.frames.length - 1, i));
    this.show(this.frames[index], 'quick');
    const full = this.fullChart;
    const done = index === this.frames.length - 1;
    this.patch({
      frameIndex: index,
      status: done ? 'done' : this.ui.get().status,
      chart: full
        ? { ...full, steps: index, series: full.series.map((s) => ({ ...s, values: s.values.slice(0, index) })) }
        : null,
    });
  }

  play(): void {
    if (!this.frames.length) return;
    this.stopTimer();
    if (this.ui.get().frameIndex >= this.frames.length - 1) this.seek(0);
    this.patch({ status: 'running' });
    const tick = () => {
      const next = this.ui.get().frameIndex + 1;
      this.seek(next);
      if (next < this.frames.length - 1) this.timer = setTimeout(tick, this.stepMs());
      else {
        this.timer = null;
        this.patch({ status: 'done' });
      }
    };
    this.timer = setTimeout(tick, this.stepMs());
  }

  pause(): void {
    this.stopTimer();
    if (this.ui.get().kind === 'quick') this.patch({ status: 'paused' });
  }

  /** One step forward: of the playback, or of the interactive run. */
  async step(): Promise<void> {
    if (this.ui.get().kind === 'interactive') return this.interactiveStep();
    this.pause();
    this.seek(this.ui.get().frameIndex + 1);
  }

  /** Jumps to the end of the playback. */
  finish(): void {
    this.stopTimer();
    this.seek(this.frames.length - 1);
  }

  setSpeed(speed: number): void {
    this.patch({ speed });
    const v = this.view.get();
    this.view.set({ ...v, stepMs: this.stepMs() });
  }

  async startInteractive(): Promise<void> {
    this.stop();
    this.patch({ kind: 'interactive', status: 'paused', error: null, progress: null, chart: null });
    try {
      const f = await this.engine.call<SessionFrame>({ type: 'sessionStart', doc: this.store.doc, seed: this.seed() });
      this.sessionMeta = { charted: f.charted, names: f.names };
      this.sessionSeries = Object.fromEntries(f.charted.map((id) => [id, []]));
      this.applySession(f);
    } catch (e) {
      this.patch({ status: 'error', error: (e as Error).message });
    }
  }

  private applySession(f: SessionFrame): void {
    this.show(f.frame, 'interactive');
    const chart: ChartData = {
      kind: 'single',
      steps: f.frame.t,
      end: f.end ?? 'limit',
      series: this.sessionMeta.charted.map((id) => ({
        id,
        name: this.sessionMeta.names[id] ?? id,
        values: this.sessionSeries[id] ?? [],
      })),
    };
    this.patch({ frameIndex: f.frame.t, frameCount: f.frame.t + 1, chart, status: f.ended ? 'done' : 'paused' });
  }

  private async interactiveStep(): Promise<void> {
    const limit = this.steps();
    if (this.ui.get().status === 'done' || this.ui.get().frameIndex >= limit) return;
    const f = await this.engine.call<SessionFrame>({ type: 'sessionStep' });
    for (const id of this.sessionMeta.charted) (this.sessionSeries[id] ??= []).push(f.frame.values[id]);
    this.applySession(f);
    if (f.ended || f.frame.t >= limit) this.endInteractive();
  }

  async interact(action: { click: string } | { nudge: string; direction: 1 | -1 }): Promise<void> {
    if (this.ui.get().kind !== 'interactive') return;
    const f = await this.engine.call<SessionFrame>(
      'click' in action
        ? { type: 'sessionClick', node: action.click }
        : { type: 'sessionNudge', node: action.nudge, direction: action.direction },
    );
    if (f) this.show(f.frame, 'interactive');
  }

  /** Ends an interactive run and keeps it in the play history. */
  endInteractive(): void {
    const chart = this.ui.get().chart;
    if (this.ui.get().kind !== 'interactive' || !chart || chart.kind !== 'single' || chart.steps === 0) return;
    this.onPlay({
      id: playId(),
      kind: 'interactive',
      createdAt: new Date().toISOString(),
      count: 1,
      totalSteps: chart.steps,
      seed: this.seed(),
      end: chart.end,
      version: null,
      chart,
    });
    this.patch({ status: 'done' });
  }

  /** Multiple runs show only the chart: with nothing plotted they refuse to start (app.md §5). */
  private refuseWithoutChart(): boolean {
    if (this.store.doc.nodes.some((n) => n.showInChart)) return false;
    this.stop();
    this.patch({ kind: 'idle', status: 'error', error: DiagramTexts.nothingPlotted, progress: null, chart: null });
    return true;
  }

  async multipleRuns(runs: number, threads: number): Promise<void> {
    if (this.refuseWithoutChart()) return;
    this.stop();
    this.patch({ kind: 'batch', status: 'running', error: null, progress: { done: 0, total: runs }, chart: null });
    this.show(null, 'batch');
    const { id, done } = this.engine.start<BatchSummary>(
      { type: 'batch', doc: this.store.doc, runs, seed: this.seed(), steps: this.steps(), threads },
      (d, total) => this.patch({ progress: { done: d, total } }),
    );
    this.batchId = id;
    try {
      const r = await done;
      if (this.batchId !== id) return;
      const chart: ChartData = {
        kind: 'batch',
        steps: r.steps,
        runs: r.runs,
        completed: r.completed,
        cancelled: r.cancelled,
        summary: r.summary,
        names: r.names,
        ends: r.ends,
      };
      this.patch({ status: r.cancelled ? 'cancelled' : 'done', chart, progress: { done: r.completed, total: r.runs } });
      if (r.completed > 0) {
        this.onPlay({
          id: playId(),
          kind: 'multiple',
          createdAt: new Date().toISOString(),
          count: r.completed,
          totalSteps: Math.round(r.meanSteps * r.completed),
          seed: this.seed(),
          end: Object.entries(r.ends)
            .map(([k, v]) => `${k} ${v}`)
            .join(', '),
          version: null,
          chart,
        });
      }
    } catch (e) {
      if (this.batchId === id) this.patch({ status: 'error', error: (e as Error).message });
    } finally {
      if (this.batchId === id) this.batchId = null;
    }
  }

  /** A large batch on the server queue: progress by polling its play; the server keeps it in the history. */
  async serverRuns(server: ServerRuns, runs: number): Promise<void> {
    if (this.refuseWithoutChart()) return;
    this.stop();
    this.patch({ kind: 'batch', status: 'running', error: null, progress: { done: 0, total: runs }, chart: null });
    const ticket = ++this.serverTicket;
    // Cancel pressed while the batch is still being submitted: cancel it as soon as it has an id.
    let cancelledEarly = false;
    this.serverCancel = () => (cancelledEarly = true);
    try {
      // The server did not take, run or stop the batch: app.md §8's text for each, with the reason.
      const playId = await server.start(runs, this.seed()).catch((e: unknown) => {
        throw new Error(failureText(DiagramTexts.batchInitFailed, e));
      });
      this.serverCancel = () =>
        void server
          .cancel(playId)
          .catch((e: unknown) => this.patch({ error: failureText(DiagramTexts.batchStopFailed, e) }));
      if (cancelledEarly) this.cancelBatch();
      for (;;) {
        await new Promise((r) => setTimeout(r, 700));
        if (ticket !== this.serverTicket) return;
        const p = await server.poll(playId).catch((e: unknown) => {
          throw new Error(failureText(DiagramTexts.batchFailed, e));
        });
        this.patch({ progress: { done: p.completed, total: p.total } });
        if (p.status === 'cancelled') {
          this.patch({ status: 'cancelled' });
          return;
        }
        if (p.status === 'failed') throw new Error(failureText(DiagramTexts.batchFailed, p.error ?? ''));
        if (p.status === 'done') {
          this.patch({ status: 'done', chart: p.chart });
          return;
        }
      }
    } catch (e) {
      if (ticket === this.serverTicket) this.patch({ status: 'error', error: (e as Error).message });
    }
  }

  private serverTicket = 0;
  private serverCancel: (() => void) | null = null;

  cancelBatch(): void {
    if (this.serverCancel) {
      this.serverCancel();
      this.serverCancel = null;
    }
    if (this.batchId !== null) this.engine.cancel(this.batchId);
  }

  /** Shows a play from the history in the chart. */
  open(play: Play): void {
    this.stop();
    this.patch({
      kind: play.kind === 'multiple' ? 'batch' : 'quick',
      status: 'done',
      chart: play.chart,
      progress: null,
      error: null,
      frameCount: 0,
      frameIndex: 0,
    });
  }

  /** Stops whatever runs and clears the canvas of run values. */
  stop(): void {
    this.stopTimer();
    this.serverTicket++;
    if (this.batchId !== null) this.cancelBatch();
    this.batchId = null;
    this.endInteractive();
    this.frames = [];
    this.fullChart = null;
    this.show(null, 'idle');
    const { speed, chart } = this.ui.get();
    this.ui.set({ ...IDLE_RUN, speed, chart });
  }
}
