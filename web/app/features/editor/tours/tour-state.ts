import type { TourStep } from '@loopwright/contracts';
import { ValueStore } from '../model/value-store';

/** The tour of the open diagram: its steps (as edited) and the step being played (null: not playing). */
export class TourState {
  readonly steps = new ValueStore<TourStep[]>([]);
  readonly playing = new ValueStore<number | null>(null);
  /** The steps as last loaded or saved: the panel shows unsaved changes against them. */
  readonly saved = new ValueStore<TourStep[] | null>(null);

  /** Saved elsewhere (another tab, another person): shown at once, unless this tab has unsaved changes of its own. */
  showSaved(steps: TourStep[]): void {
    const saved = JSON.stringify(this.saved.get() ?? []);
    if (saved === JSON.stringify(steps)) return;
    const unsaved = saved !== JSON.stringify(this.steps.get());
    this.saved.set(steps.length ? steps : null);
    if (!unsaved) this.steps.set(steps);
  }

  play(from = 0): void {
    if (this.steps.get().length) this.playing.set(from);
  }

  stop(): void {
    this.playing.set(null);
  }

  go(by: 1 | -1): void {
    const at = this.playing.get();
    if (at === null) return;
    const next = at + by;
    if (next < 0) return;
    if (next >= this.steps.get().length) this.stop();
    else this.playing.set(next);
  }
}
