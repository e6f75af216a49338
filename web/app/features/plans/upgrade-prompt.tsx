import { limitAmount, type PlanLimitDetails } from '@loopwright/contracts';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { PLAN_LIMIT_EVENT, type ApiError } from '../../lib/api-client';
import { Modal } from '../../ui/modal';
import './plans.css';

const QUIET_MS = 2 * 60_000;

interface Shown {
  key: string;
  message: string;
  details: Partial<PlanLimitDetails>;
}

/**
 * The upgrade prompt: whenever the API answers with a limit error (error-ui's 'upgrade'), wherever
 * the call was made (save, tags, runs, batches, library…), this dialog says which limit the plan
 * has and leads to the plan comparison. Mounted once in the root layout.
 */
export function UpgradePrompt() {
  const [shown, setShown] = useState<Shown | null>(null);
  // "Not now" quiets the same limit for a while: autosave hits it again after every edit.
  const dismissed = useRef(new Map<string, number>());
  useEffect(() => {
    const onLimit = (event: Event) => {
      const error = (event as CustomEvent<ApiError>).detail;
      const details = (error.details ?? {}) as Partial<PlanLimitDetails>;
      // A team's seats: the team screen offers to add a seat, with its price, where the invitation was refused.
      if ('seats' in details) return;
      const key = details.limit ?? error.code;
      if ((dismissed.current.get(key) ?? 0) > Date.now()) return;
      setShown({ key, message: error.message, details });
    };
    window.addEventListener(PLAN_LIMIT_EVENT, onLimit);
    return () => window.removeEventListener(PLAN_LIMIT_EVENT, onLimit);
  }, []);
  if (!shown) return null;
  const { limit, allowed, planName } = shown.details;
  const notNow = () => {
    dismissed.current.set(shown.key, Date.now() + QUIET_MS);
    setShown(null);
  };
  return (
    <Modal onClose={notNow} labelledBy="upgrade-title" className="upgrade-prompt">
      <p className="upgrade-prompt__eyebrow">Upgrade</p>
      <h2 id="upgrade-title">{shown.message}</h2>
      {limit && allowed !== undefined ? (
        <p>
          Your <strong>{planName ?? 'current'}</strong> plan includes <strong>{limitAmount(limit, allowed)}</strong>.
          Upgrade your plan to raise this limit.
        </p>
      ) : (
        <p>Upgrade your plan to raise this limit.</p>
      )}
      <div className="upgrade-prompt__actions">
        <button type="button" className="button button--ghost" onClick={notNow}>
          Not now
        </button>
        <Link className="button button--primary" to="/plans" onClick={() => setShown(null)}>
          Compare plans
        </Link>
      </div>
    </Modal>
  );
}
