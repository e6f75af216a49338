import { diffDiagrams, showValue, type MergeChoice } from '@loopwright/engine';
import { useEffect, useId, useMemo, useState } from 'react';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { ProposalErrorCode } from '../../../lib/spec';
import { Modal } from '../../../ui/modal';
import { When } from '../../../ui/when';
import { ChangeList } from '../compare/change-list';
import { CompareCanvas } from '../compare/compare-canvas';
import { compareScene } from '../compare/compare-scene';
import { EngineClient } from '../engine/engine-client';
import { normalizeDiagram } from '../model/defaults';
import { proposalsApi, type MergeConflictView, type ProposalDetail } from './proposals-api';
import '../compare/compare.css';
import './proposals.css';

const sideValue = (c: MergeConflictView, side: 'ours' | 'theirs') => {
  const v = c[side];
  if (c.field === '*') return v === null ? 'removed' : 'kept, with changes';
  return showValue(v);
};

/**
 * The source's owner or editor reviews a proposal: the copy's changes against the version it was
 * copied from (canvas and list), every conflict with the source's current version side by side
 * with a choice per property, then Accept (a new version) or Decline.
 */
export function ProposalReview({
  id,
  onClose,
  onAccepted,
  saveFirst,
}: {
  id: string;
  onClose: () => void;
  onAccepted: () => void;
  saveFirst: () => Promise<void>;
}) {
  const titleId = useId();
  const [detail, setDetail] = useState<ProposalDetail | null>(null);
  const [choices, setChoices] = useState<Record<string, MergeChoice>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<string | null>(null);
  const [reload, setReload] = useState(0);
  const [engine] = useState(() => new EngineClient());
  useEffect(() => () => engine.terminate(), [engine]);
  useEffect(() => {
    let live = true;
    proposalsApi.get(id).then(
      (d) => live && setDetail(d),
      (e) => live && setError(errorMessage(e)),
    );
    return () => {
      live = false;
    };
  }, [id, reload]);

  const docs = useMemo(
    () => (detail ? { base: normalizeDiagram(detail.base), proposed: normalizeDiagram(detail.proposed) } : null),
    [detail],
  );
  const scene = useMemo(
    () =>
      docs && detail ? compareScene(docs.base, docs.proposed, diffDiagrams(docs.base, docs.proposed), false) : null,
    [docs, detail],
  );

  const decide = async (accept: boolean) => {
    if (!detail) return;
    setBusy(true);
    setError(null);
    try {
      if (accept) {
        await saveFirst();
        const r = await proposalsApi.accept(id, { sourceVersion: detail.sourceVersion, choices });
        setOutcome(`Merged as version ${r.save.version}. ${detail.proposer.name || 'The proposer'} is notified.`);
        onAccepted();
      } else {
        await proposalsApi.decline(id);
        setOutcome(`Declined. ${detail.proposer.name || 'The proposer'} is notified.`);
      }
    } catch (e) {
      setError(errorMessage(e));
      // The diagram moved on: show the proposal against its version now.
      if (e instanceof ApiError && e.code === ProposalErrorCode.PROPOSAL_SOURCE_MOVED) setReload((r) => r + 1);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal onClose={onClose} labelledBy={titleId} className="compare-view proposal-review">
      <header className="compare-view__head">
        <h2 id={titleId}>Proposed changes</h2>
        {detail ? (
          <p className="proposal-review__from">
            from <strong>{detail.proposer.name || detail.proposer.username}</strong> · copy “{detail.copy.name}” of
            version {detail.baseVersion} · <When at={detail.createdAt} />
          </p>
        ) : null}
        <button type="button" className="editor-dialog__close" aria-label="Close" onClick={onClose}>
          ×
        </button>
      </header>
      {error ? (
        <p className="formula-error proposal-review__error" role="alert">
          {error}
        </p>
      ) : null}
      {detail && docs && scene ? (
        <div className="compare-view__body">
          <div className="compare-view__canvas">
            <p className="compare-view__legend">
              {detail.message ? <q className="proposal-review__message">{detail.message}</q> : 'No message.'}
            </p>
            <CompareCanvas scene={scene} engine={engine} />
          </div>
          <aside className="compare-view__side">
            <h3>What the copy changed</h3>
            <ChangeList diff={detail.diff} before={docs.base} after={docs.proposed} showMoves={false} />
            <section aria-label="Conflicts" className="proposal-review__conflicts">
              <h3>Conflicts ({detail.conflicts.length})</h3>
              {detail.conflicts.length === 0 ? (
                <p className="props__hint">No property was changed on both sides: everything merges by itself.</p>
              ) : (
                <p className="props__hint">
                  Both sides changed these since version {detail.baseVersion}. Choose one per property.
                </p>
              )}
              {detail.conflicts.map((c) => (
                <fieldset key={c.key} className="proposal-conflict">
                  <legend>
                    {c.kind === 'settings' ? 'Settings' : c.name || c.id} · {c.field === '*' ? 'the element' : c.field}
                  </legend>
                  {(['ours', 'theirs'] as const).map((side) => (
                    <label key={side}>
                      <input
                        type="radio"
                        name={c.key}
                        checked={(choices[c.key] ?? 'ours') === side}
                        disabled={!detail.canDecide || !!outcome}
                        onChange={() => setChoices({ ...choices, [c.key]: side })}
                      />{' '}
                      {side === 'ours' ? 'Keep current' : 'Take proposed'}: <code>{sideValue(c, side)}</code>
                    </label>
                  ))}
                </fieldset>
              ))}
              {detail.dropped.length ? (
                <p className="props__hint">
                  Left out: {detail.dropped.length} connection(s) to elements that are no longer there.
                </p>
              ) : null}
            </section>
            {outcome ? (
              <p role="status" className="proposal-review__outcome">
                {outcome}
              </p>
            ) : detail.canDecide ? (
              <div className="proposal-review__actions">
                <button
                  type="button"
                  className="button button--primary"
                  disabled={busy}
                  onClick={() => void decide(true)}
                >
                  Accept and merge
                </button>
                <button
                  type="button"
                  className="button button--ghost"
                  disabled={busy}
                  onClick={() => void decide(false)}
                >
                  Decline
                </button>
              </div>
            ) : (
              <p className="props__hint">This proposal is {detail.status}.</p>
            )}
          </aside>
        </div>
      ) : error ? null : (
        <p className="props__hint" role="status">
          Loading the proposal…
        </p>
      )}
    </Modal>
  );
}
