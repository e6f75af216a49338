import type { Play as StoredPlay, StudyRecord } from '@loopwright/contracts';
import { countOf, DiagramTexts } from '@loopwright/contracts';
import { useEffect, useState } from 'react';
import { failureText } from '../../../lib/failure-text';
import { diagramsApi } from '../../diagrams/diagrams-api';
import { useEditor } from '../editor-context';
import { fromStoredPlay } from '../play-convert';
import type { RunController } from '../runs/run-controller';
import { exactDate } from '../../../lib/dates';
import { When } from '../../../ui/when';
import { currentLeverValues } from '@loopwright/engine';
import { describeStudy } from '../balance-studio/study-play';
import type { StudyOutcome } from '../balance-studio/study-protocol';
import { StudyResults } from '../balance-studio/study-results';
import type { EditorDiagram } from '../model/types';
import '../balance-studio/balance-studio.css';

const KIND = {
  quick: 'Quick run',
  interactive: 'Interactive run',
  multiple: 'Multiple runs',
  study: 'Balance study',
} as const;

/** Every run of this diagram, newest first; open one to chart it again, or delete it. */
export function PlayHistoryPanel({ fuid, runs, refresh }: { fuid: string; runs: RunController; refresh: number }) {
  const { store } = useEditor();
  const [plays, setPlays] = useState<StoredPlay[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [studies, setStudies] = useState<Record<string, StudyRecord>>({});
  useEffect(() => {
    let live = true;
    diagramsApi.plays(fuid).then(
      (r) => live && setPlays(r.items),
      (e) => live && setError(failureText(DiagramTexts.playsLoadFailed, e)),
    );
    return () => {
      live = false;
    };
  }, [fuid, refresh]);
  const nameOf = (id: string) => store.doc.nodes.find((n) => n.id === id)?.name || id;
  const open = async (p: StoredPlay) => {
    try {
      const full = await diagramsApi.play(fuid, p.id);
      // A study shows its settings and answer under it, and its charts when its whole answer was kept.
      const study = full.study;
      if (study) {
        setStudies((s) => ({ ...s, [p.id]: study }));
        return;
      }
      if (p.kind === 'study') return;
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
      setError(failureText(DiagramTexts.playsLoadFailed, e));
    }
  };
  const remove = async (p: StoredPlay) => {
    try {
      await diagramsApi.deletePlay(fuid, p.id);
      setPlays((list) => list?.filter((x) => x.id !== p.id) ?? null);
    } catch (e) {
      setError(failureText(DiagramTexts.playDeleteFailed, e));
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
        error ? null : (
          <p className="props__hint">Loading…</p>
        )
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
                  {p.kind === 'study' ? `${countOf(p.runs, 'run')} each · seed ${p.seed} · ` : ''}
                  {p.kind === 'multiple' ? `${p.completedRuns}/${p.runs} runs · ` : ''}
                  {countOf(p.steps, 'step')} · version {p.diagramVersion}
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
              {studies[p.id] ? <StudyDetails study={studies[p.id]} doc={store.doc} /> : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** What a stored study asked and found, enough to run it again (with the play's seed and version). */
function StudyDetails({ study, doc }: { study: StudyRecord; doc: EditorDiagram }) {
  const result = study.result as { levers?: Record<string, number> };
  const outcome = study.outcome as StudyOutcome | undefined;
  const now = outcome ? currentLeverValues(doc, study.levers) : [];
  return (
    <div className="play-list__study">
      <p>{describeStudy(study)}</p>
      <p>
        Levers:{' '}
        {study.levers
          .map((l) => `${l.name} ${l.min}–${l.max}${l.integer ? ' (whole)' : l.log ? ' (log)' : ''}`)
          .join(', ')}
      </p>
      {study.goals.length ? <p>Goals: {study.goals.join('; ')}</p> : null}
      {result.levers ? (
        <p>
          Answer:{' '}
          {Object.entries(result.levers)
            .map(([name, v]) => `${name} = ${v}`)
            .join(', ')}
        </p>
      ) : null}
      {outcome ? (
        <StudyResults
          outcome={outcome}
          doc={doc}
          levers={study.levers}
          labelOf={(name) => name}
          current={Object.fromEntries(study.levers.map((l, i) => [l.name, now[i]]))}
        />
      ) : null}
    </div>
  );
}
