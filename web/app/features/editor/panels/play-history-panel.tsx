import type { Play as StoredPlay } from '@loopwright/contracts';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { diagramsApi } from '../../diagrams/diagrams-api';
import { useEditor } from '../editor-context';
import { fromStoredPlay } from '../play-convert';
import type { RunController } from '../runs/run-controller';
import { exactDate } from '../../../lib/dates';
import { When } from '../../../ui/when';

const KIND = { quick: 'Quick run', interactive: 'Interactive run', multiple: 'Multiple runs' } as const;

/** Every run of this diagram, newest first; open one to chart it again, or delete it. */
export function PlayHistoryPanel({ fuid, runs, refresh }: { fuid: string; runs: RunController; refresh: number }) {
  const { store } = useEditor();
  const [plays, setPlays] = useState<StoredPlay[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    diagramsApi.plays(fuid).then(
      (r) => live && setPlays(r.items),
      (e) => live && setError(errorMessage(e)),
    );
    return () => {
      live = false;
    };
  }, [fuid, refresh]);
  const nameOf = (id: string) => store.doc.nodes.find((n) => n.id === id)?.name || id;
  const open = async (p: StoredPlay) => {
    try {
      const full = await diagramsApi.play(fuid, p.id);
      const chart = fromStoredPlay(full, nameOf);
      if (chart)
        runs.open({
          id: p.id,
          kind: p.kind,
          createdAt: p.createdAt,
          count: p.runs,
          totalSteps: p.totalSteps,
          seed: p.seed,
          end: '',
          version: p.diagramVersion,
          chart,
        });
    } catch (e) {
      setError(errorMessage(e));
    }
  };
  const remove = async (p: StoredPlay) => {
    try {
      await diagramsApi.deletePlay(fuid, p.id);
      setPlays((list) => list?.filter((x) => x.id !== p.id) ?? null);
    } catch (e) {
      setError(errorMessage(e));
    }
  };
  return (
    <section className="props" aria-label="Play history">
      <h2 className="props__title">Play history</h2>
      {error ? (
        <p className="formula-error" role="alert">
          {error}
        </p>
      ) : null}
      {plays === null ? (
        <p className="props__hint">Loading…</p>
      ) : plays.length === 0 ? (
        <p className="props__hint">No runs yet.</p>
      ) : (
        <ul className="play-list">
          {plays.map((p) => (
            <li key={p.id} className="play-list__item">
              <button
                type="button"
                className="play-list__open"
                onClick={() => void open(p)}
                disabled={p.status === 'queued' || p.status === 'running'}
              >
                <strong>{KIND[p.kind]}</strong>
                <When at={p.createdAt} />
                <span>
                  {p.kind === 'multiple' ? `${p.completedRuns}/${p.runs} runs · ` : ''}
                  {p.steps} steps · version {p.diagramVersion}
                  {p.server ? ` · server ${p.status}` : ''}
                </span>
              </button>
              <button
                type="button"
                className="link-button"
                aria-label={`Delete ${KIND[p.kind]} of ${exactDate(p.createdAt)}`}
                onClick={() => void remove(p)}
              >
                Delete
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
