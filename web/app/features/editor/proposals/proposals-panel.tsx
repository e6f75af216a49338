import { useEffect, useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { When } from '../../../ui/when';
import { proposalsApi, type Proposal } from './proposals-api';

const STATUS: Record<Proposal['status'], string> = { open: 'Open', accepted: 'Accepted', declined: 'Declined' };

/** The editor's Proposals panel: changes proposed from copies of this diagram, and those this copy sent. */
export function ProposalsPanel({
  fuid,
  refresh,
  onReview,
}: {
  fuid: string;
  refresh: number;
  onReview: (id: string) => void;
}) {
  const [lists, setLists] = useState<{ received: Proposal[]; sent: Proposal[] } | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    proposalsApi.list(fuid).then(
      (r) => live && setLists(r),
      (e) => live && setError(errorMessage(e)),
    );
    return () => {
      live = false;
    };
  }, [fuid, refresh]);
  const item = (p: Proposal, sent: boolean) => (
    <li key={p.id} className="play-list__item">
      <div className="play-list__open">
        <strong>
          {sent ? `To ${p.source.name}` : `From ${p.proposer.name || p.proposer.username}`} · {STATUS[p.status]}
        </strong>
        <span>
          <When at={p.createdAt} />
          {p.message ? ` · “${p.message}”` : ''}
        </span>
      </div>
      <button
        type="button"
        className="link-button"
        aria-label={`Review the proposal ${sent ? `to ${p.source.name}` : `from ${p.proposer.name || p.proposer.username}`}`}
        onClick={() => onReview(p.id)}
      >
        {p.status === 'open' && !sent ? 'Review' : 'View'}
      </button>
    </li>
  );
  return (
    <section className="props" aria-label="Proposals">
      <h2 className="props__title">Proposals</h2>
      <p className="props__hint">
        Owners of copies of this diagram can propose their changes; review them against the version they copied and
        merge what you want.
      </p>
      {error ? (
        <p className="formula-error" role="alert">
          {error}
        </p>
      ) : null}
      {lists === null ? (
        <p className="props__hint">Loading…</p>
      ) : (
        <>
          {lists.received.length === 0 ? <p className="props__hint">No proposals received.</p> : null}
          <ul className="play-list">{lists.received.map((p) => item(p, false))}</ul>
          {lists.sent.length ? (
            <>
              <h3 className="props__title">Sent from this copy</h3>
              <ul className="play-list">{lists.sent.map((p) => item(p, true))}</ul>
            </>
          ) : null}
        </>
      )}
    </section>
  );
}
