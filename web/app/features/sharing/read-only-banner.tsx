import type { DiagramSummary } from '@loopwright/contracts';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { useSession } from '../account/session';
import { COPY_AFTER_LOGIN, useMakeCopy } from './make-copy';
import './sharing.css';

/** Why this diagram opened view-only, in one sentence. */
export function readOnlyReason(diagram: Pick<DiagramSummary, 'owner' | 'privacy'>, loggedIn: boolean): string {
  const owner = diagram.owner.name || (diagram.owner.username ? `@${diagram.owner.username}` : 'its owner');
  if (!loggedIn && diagram.privacy.community)
    return `This is a public diagram by ${owner}: you can look around and run it, but not change it.`;
  if (!loggedIn && diagram.privacy.linkAccess === 'edit')
    return `Anyone with this link may edit this diagram by ${owner} once logged in: until then you can look around and run it.`;
  if (!loggedIn)
    return `This diagram by ${owner} is shared by link for viewing only: you can look around and run it, but not change it.`;
  return `You have view-only access to this diagram by ${owner}: you can look around and run it, but only its owner and editors can change it.`;
}

/**
 * The banner over a view-only diagram (Viewer, link viewer, visitor of a public diagram): why, and
 * Make a Copy. Coming back from the login dialog with ?copy=1 makes the copy straight away.
 */
export function ReadOnlyBanner({ diagram }: { diagram: Pick<DiagramSummary, 'fuid' | 'owner' | 'privacy'> }) {
  const { user } = useSession();
  const { copy, busy, error } = useMakeCopy(diagram.fuid);
  const [params, setParams] = useSearchParams();
  const asked = useRef(false);
  useEffect(() => {
    if (!user || asked.current || params.get(COPY_AFTER_LOGIN) !== '1') return;
    asked.current = true;
    setParams(
      (p) => {
        p.delete(COPY_AFTER_LOGIN);
        return p;
      },
      { replace: true },
    );
    void copy();
  }, [user, params, setParams, copy]);
  return (
    <div className="read-only-banner" role="region" aria-label="View only">
      <span className="read-only-banner__badge">View only</span>
      <p>{readOnlyReason(diagram, !!user)}</p>
      {error ? (
        <p className="read-only-banner__error" role="alert">
          {error}
        </p>
      ) : null}
      <button type="button" className="editor-button" disabled={busy} onClick={() => void copy()}>
        {busy ? 'Copying…' : 'Make a Copy'}
      </button>
    </div>
  );
}
