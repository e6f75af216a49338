import { TeamTexts } from '@loopwright/contracts';
import { useCallback, useEffect, useId, useState } from 'react';
import { errorMessage } from '../../lib/api-client';
import { teamsApi, type TeamSharing } from './teams-api';
import './teams.css';

/** Is the diagram shared with the caller's team (in the team folder); switch it. */
export function useTeamSharing(fuid: string) {
  const [state, setState] = useState<TeamSharing | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    let live = true;
    teamsApi.diagramTeam(fuid).then(
      (s) => live && setState(s),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [fuid]);
  const set = useCallback(
    async (shared: boolean) => {
      setBusy(true);
      setError(null);
      try {
        const next = await teamsApi.setDiagramTeam(fuid, shared);
        setState(next);
        return next;
      } catch (e) {
        setError(errorMessage(e));
        return null;
      } finally {
        setBusy(false);
      }
    },
    [fuid],
  );
  return { state, error, busy, set };
}

/**
 * The privacy option "Shared with team" (anyone in the team can edit): the diagram moves into the
 * team folder, or back to its creator. For the share dialog (one more section) and the diagram cards
 * (`compact`). Renders nothing when the caller is in no team.
 */
export function TeamShareOption({
  fuid,
  compact = false,
  onChange,
}: {
  fuid: string;
  compact?: boolean;
  onChange?: (shared: boolean) => void;
}) {
  return <TeamShareControl sharing={useTeamSharing(fuid)} compact={compact} onChange={onChange} />;
}

/** TeamShareOption for a screen that reads the team sharing itself (the share dialog's summary). */
export function TeamShareControl({
  sharing,
  compact = false,
  onChange,
}: {
  sharing: ReturnType<typeof useTeamSharing>;
  compact?: boolean;
  onChange?: (shared: boolean) => void;
}) {
  const { state, error, busy, set } = sharing;
  const id = useId();
  if (!state?.team) return null;
  const control = (
    <>
      <label htmlFor={id}>
        <input
          id={id}
          type="checkbox"
          checked={state.shared}
          disabled={busy || !state.canChange}
          aria-describedby={`${id}-hint`}
          onChange={(e) => void set(e.target.checked).then((next) => next && onChange?.(next.shared))}
        />
        <span>
          {TeamTexts.teamShared}
          {compact ? '' : ` (${state.team.name})`}
        </span>
      </label>
      <p id={`${id}-hint`} className="team-share-option__hint">
        {TeamTexts.teamSharedHint}
        {state.canChange ? '' : ' · Only the owner of this diagram can change this.'}
      </p>
      {error ? (
        <p className="acc-field__error" role="alert">
          {error}
        </p>
      ) : null}
    </>
  );
  if (compact) return <div className="team-share-option team-share-option--compact">{control}</div>;
  return (
    <section className="share-dialog__section team-share-option" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{TeamTexts.teamShared}</h3>
      {control}
    </section>
  );
}
