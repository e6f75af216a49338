import type { Revision } from '@loopwright/contracts';
import { diffDiagrams, type DiagramDiff } from '@loopwright/engine';
import { useEffect, useId, useMemo, useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { Modal } from '../../../ui/modal';
import { diagramsApi } from '../../diagrams/diagrams-api';
import { EngineClient } from '../engine/engine-client';
import { normalizeDiagram } from '../model/defaults';
import type { EditorDiagram } from '../model/types';
import { versionRange } from '../panels/versions-panel';
import { BehaviourDiff } from './behaviour-diff';
import { ChangeList } from './change-list';
import { CompareCanvas } from './compare-canvas';
import { compareScene, MARK_COLOURS } from './compare-scene';
import './compare.css';
import { exactDate } from '../../../lib/dates';

export const CURRENT = 'current';

export interface ComparePair {
  from: string;
  to: string;
}

interface Loaded {
  key: string;
  before: EditorDiagram;
  after: EditorDiagram;
  diff: DiagramDiff;
}

/**
 * Two versions side by side in one picture: the newer one on the canvas with added elements green,
 * removed ones as red ghosts and changed ones amber; every change with old → new; layout moves on
 * request; and how the two behave on the same seeds.
 */
export function CompareView({
  fuid,
  versions,
  initial,
  current,
  onClose,
}: {
  fuid: string;
  versions: Revision[];
  initial: ComparePair;
  /** The open document, unsaved edits included. */
  current: () => EditorDiagram;
  onClose: () => void;
}) {
  const titleId = useId();
  const [pair, setPair] = useState(initial);
  const [showMoves, setShowMoves] = useState(false);
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [engine] = useState(() => new EngineClient());
  useEffect(() => () => engine.terminate(), [engine]);

  const label = (ref: string) => {
    if (ref === CURRENT) return 'Current';
    const r = versions.find((v) => v.id === ref);
    return r ? versionRange(r) : 'Version';
  };
  const key = `${pair.from}→${pair.to}`;
  useEffect(() => {
    let live = true;
    const load = async (ref: string) =>
      ref === CURRENT ? current() : normalizeDiagram((await diagramsApi.version(fuid, ref)).document);
    setError(null);
    Promise.all([load(pair.from), load(pair.to)]).then(
      ([before, after]) => live && setLoaded({ key, before, after, diff: diffDiagrams(before, after) }),
      (e) => live && setError(errorMessage(e)),
    );
    return () => {
      live = false;
    };
    // `current` reads the editor when the pair is chosen, not on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fuid, key]);
  const ready = loaded?.key === key ? loaded : null;
  const scene = useMemo(
    () => (ready ? compareScene(ready.before, ready.after, ready.diff, showMoves) : null),
    [ready, showMoves],
  );

  const picker = (which: keyof ComparePair, text: string) => (
    <label className="compare-view__pick">
      {text}
      <select
        aria-label={`Compare ${text.toLowerCase()}`}
        value={pair[which]}
        onChange={(e) => setPair({ ...pair, [which]: e.target.value })}
      >
        <option value={CURRENT}>Current</option>
        {versions.map((v) => (
          <option key={v.id} value={v.id}>
            {versionRange(v)} · {exactDate(v.updatedAt)}
          </option>
        ))}
      </select>
    </label>
  );

  return (
    <Modal onClose={onClose} labelledBy={titleId} className="compare-view">
      <header className="compare-view__head">
        <h2 id={titleId}>Compare versions</h2>
        {picker('from', 'From')}
        {picker('to', 'To')}
        <label className="compare-view__moves">
          <input type="checkbox" checked={showMoves} onChange={(e) => setShowMoves(e.target.checked)} /> Show layout
          moves
        </label>
        <button type="button" className="editor-dialog__close" aria-label="Close" onClick={onClose}>
          ×
        </button>
      </header>
      {error ? (
        <p className="formula-error" role="alert">
          {error}
        </p>
      ) : null}
      {ready && scene ? (
        <div className="compare-view__body">
          <div className="compare-view__canvas">
            <p className="compare-view__legend" aria-label="Legend">
              <span style={{ borderColor: MARK_COLOURS.added }}>Added {ready.diff.added.length}</span>
              <span style={{ borderColor: MARK_COLOURS.removed }} className="is-ghost">
                Removed {ready.diff.removed.length}
              </span>
              <span style={{ borderColor: MARK_COLOURS.changed }}>Changed {ready.diff.changed.length}</span>
              {showMoves ? (
                <span style={{ borderColor: MARK_COLOURS.moved }}>Moved {ready.diff.moved.length}</span>
              ) : (
                <span className="is-quiet">{ready.diff.moved.length} layout moves hidden</span>
              )}
            </p>
            <CompareCanvas key={key} scene={scene} engine={engine} />
          </div>
          <aside className="compare-view__side">
            <ChangeList diff={ready.diff} before={ready.before} after={ready.after} showMoves={showMoves} />
            <BehaviourDiff
              key={key}
              fuid={fuid}
              engine={engine}
              before={ready.before}
              after={ready.after}
              labels={[label(pair.from), label(pair.to)]}
            />
          </aside>
        </div>
      ) : error ? null : (
        <p className="props__hint" role="status">
          Loading both versions…
        </p>
      )}
    </Modal>
  );
}
