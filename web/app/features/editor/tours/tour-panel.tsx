import type { TourStep } from '@loopwright/contracts';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { useEditor } from '../editor-context';
import { useSelection } from '../model/editor-store';
import { useValue } from '../model/value-store';
import type { TourState } from './tour-state';
import { toursApi } from '../../tours/tours-api';

/** The Tour panel: the author writes ordered steps, each pointing at the selected elements, saves, plays. */
export function TourPanel({ fuid, tour, canEdit }: { fuid: string; tour: TourState; canEdit: boolean }) {
  const { store } = useEditor();
  const steps = useValue(tour.steps);
  const saved = useValue(tour.saved);
  const selection = useSelection(store);
  const [status, setStatus] = useState<{ error?: string; note?: string }>({});
  const selected = [...selection.nodes, ...selection.connections];
  const set = (next: TourStep[]) => tour.steps.set(next);
  const change = (i: number, patch: Partial<TourStep>) => set(steps.map((s, j) => (j === i ? { ...s, ...patch } : s)));
  const move = (i: number, by: -1 | 1) => {
    const next = [...steps];
    [next[i], next[i + by]] = [next[i + by], next[i]];
    set(next);
  };
  const nameOf = (id: string) => store.doc.nodes.find((n) => n.id === id)?.name || id;
  const save = async () => {
    try {
      const stored = await toursApi.save(fuid, steps);
      tour.saved.set(stored);
      tour.steps.set(stored);
      setStatus({ note: 'Tour saved' });
    } catch (e) {
      setStatus({ error: errorMessage(e) });
    }
  };
  const remove = async () => {
    try {
      await toursApi.remove(fuid);
      tour.saved.set(null);
      tour.steps.set([]);
      setStatus({ note: 'Tour deleted' });
    } catch (e) {
      setStatus({ error: errorMessage(e) });
    }
  };
  const dirty = JSON.stringify(saved ?? []) !== JSON.stringify(steps);
  return (
    <section className="tour-panel" aria-label="Tour">
      <p>
        A tour walks a viewer through the diagram step by step. Select elements on the canvas, then add a step that
        points at them.
      </p>
      {steps.length ? (
        <ol>
          {steps.map((s, i) => (
            <li key={i}>
              {canEdit ? (
                <>
                  <input
                    aria-label={`Step ${i + 1} title`}
                    value={s.title}
                    maxLength={120}
                    onChange={(e) => change(i, { title: e.target.value })}
                    placeholder="Title"
                  />
                  <textarea
                    aria-label={`Step ${i + 1} text`}
                    value={s.text}
                    rows={3}
                    maxLength={1000}
                    onChange={(e) => change(i, { text: e.target.value })}
                    placeholder="What the viewer should notice"
                  />
                </>
              ) : (
                <>
                  <strong>{s.title}</strong>
                  <span>{s.text}</span>
                </>
              )}
              <span className="tour-panel__ids">
                Points at: {s.nodes.length ? s.nodes.map(nameOf).join(', ') : 'nothing'}
              </span>
              <div className="tour-panel__row">
                <button type="button" className="button button--ghost" onClick={() => tour.play(i)}>
                  Play from here
                </button>
                {canEdit ? (
                  <>
                    <button
                      type="button"
                      className="button button--ghost"
                      disabled={!selected.length}
                      onClick={() => change(i, { nodes: selected })}
                    >
                      Point at selection
                    </button>
                    <button
                      type="button"
                      className="button button--ghost"
                      aria-label={`Move step ${i + 1} up`}
                      disabled={i === 0}
                      onClick={() => move(i, -1)}
                    >
                      ↑
                    </button>
                    <button
                      type="button"
                      className="button button--ghost"
                      aria-label={`Move step ${i + 1} down`}
                      disabled={i === steps.length - 1}
                      onClick={() => move(i, 1)}
                    >
                      ↓
                    </button>
                    <button
                      type="button"
                      className="button button--ghost"
                      aria-label={`Remove step ${i + 1}`}
                      onClick={() => set(steps.filter((_, j) => j !== i))}
                    >
                      Remove
                    </button>
                  </>
                ) : null}
              </div>
            </li>
          ))}
        </ol>
      ) : (
        <p>This diagram has no tour yet.</p>
      )}
      {canEdit ? (
        <div className="tour-panel__row">
          <button
            type="button"
            className="button button--ghost"
            onClick={() =>
              set([
                ...steps,
                {
                  title: selected.length ? nameOf(selected[0]) : `Step ${steps.length + 1}`,
                  text: '',
                  nodes: selected,
                },
              ])
            }
          >
            Add step{selected.length ? ` (${selected.length} selected)` : ''}
          </button>
          <button type="button" className="button button--primary" disabled={!dirty} onClick={() => void save()}>
            Save tour
          </button>
          {saved ? (
            <button type="button" className="button button--ghost" onClick={() => void remove()}>
              Delete tour
            </button>
          ) : null}
        </div>
      ) : null}
      {steps.length ? (
        <button type="button" className="button button--ghost" onClick={() => tour.play()}>
          Play tour
        </button>
      ) : null}
      {status.error ? (
        <p className="tour-panel__error" role="alert">
          {status.error}
        </p>
      ) : status.note ? (
        <p role="status">{status.note}</p>
      ) : null}
    </section>
  );
}
