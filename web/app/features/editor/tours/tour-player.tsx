import { useReactFlow } from '@xyflow/react';
import { useEffect, useRef } from 'react';
import { useEditor } from '../editor-context';
import { useValue } from '../model/value-store';
import type { TourState } from './tour-state';
import '../../tours/tours.css';

const cssId = (id: string) => id.replace(/["\\]/g, '\\$&');

/**
 * Plays a tour over the editor: the step's elements are highlighted and brought into view, a card
 * shows the text with Previous / Next; Escape (or Close) ends the tour.
 */
export function TourPlayer({ tour }: { tour: TourState }) {
  const at = useValue(tour.playing);
  const steps = useValue(tour.steps);
  const { store } = useEditor();
  const rf = useReactFlow();
  const card = useRef<HTMLDivElement>(null);
  const step = at === null ? null : steps[at];

  useEffect(() => {
    if (at === null) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        e.preventDefault();
        e.stopPropagation();
        tour.stop();
      }
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [at, tour]);

  useEffect(() => {
    if (!step) return;
    card.current?.focus();
    const nodeIds = new Set(store.doc.nodes.map((n) => n.id));
    const nodes = step.nodes.flatMap((id) => {
      if (nodeIds.has(id)) return [{ id }];
      const c = store.doc.connections.find((x) => x.id === id);
      return c ? [{ id: c.from }, ...(nodeIds.has(c.to) ? [{ id: c.to }] : [])] : [];
    });
    if (nodes.length) void rf.fitView({ nodes, padding: 0.6, duration: 300, maxZoom: 1.2 });
  }, [step, store, rf]);

  if (!step || at === null) return null;
  const highlight = step.nodes
    .map((id) => `.react-flow__node[data-id="${cssId(id)}"], .react-flow__edge[data-id="${cssId(id)}"]`)
    .join(',\n');
  return (
    <>
      {highlight ? (
        <style>{`${highlight} { outline: 3px solid #5A55F4; outline-offset: 4px; border-radius: 8px; z-index: 5; }
${step.nodes.map((id) => `.react-flow__edge[data-id="${cssId(id)}"] path`).join(', ')} { stroke: #5A55F4 !important; stroke-width: 4px !important; }`}</style>
      ) : null}
      <div
        className="tour-card"
        role="dialog"
        aria-modal="false"
        aria-labelledby="tour-card-title"
        tabIndex={-1}
        ref={card}
      >
        <p className="tour-card__count">
          Step {at + 1} of {steps.length}
        </p>
        <h2 id="tour-card-title">{step.title}</h2>
        <p>{step.text}</p>
        <div className="tour-card__actions">
          <button type="button" className="button button--ghost" onClick={() => tour.go(-1)} disabled={at === 0}>
            Previous
          </button>
          <button type="button" className="button button--primary" onClick={() => tour.go(1)}>
            {at === steps.length - 1 ? 'Finish' : 'Next'}
          </button>
          <button
            type="button"
            className="button button--ghost tour-card__close"
            onClick={() => tour.stop()}
            aria-label="Close the tour (Escape)"
          >
            Close
          </button>
        </div>
      </div>
    </>
  );
}

/** The header button that starts the tour (shown when the diagram has one). */
export function TourButton({ tour }: { tour: TourState }) {
  const steps = useValue(tour.steps);
  const playing = useValue(tour.playing);
  if (!steps.length) return null;
  return (
    <button
      type="button"
      className="button button--ghost"
      onClick={() => (playing === null ? tour.play() : tour.stop())}
      aria-pressed={playing !== null}
    >
      {playing === null ? 'Play tour' : 'Stop tour'}
    </button>
  );
}
