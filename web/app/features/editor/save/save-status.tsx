import { useValue } from '../model/value-store';
import { SAVE_TEXTS, type SaveController } from './save-controller';

/** 'All changes saved' / 'Changes not saved' / 'No changes to save', and why a save did not go through. */
export function SaveStatus({ save }: { save: SaveController }) {
  const s = useValue(save.state);
  const text =
    s.status === 'saved'
      ? SAVE_TEXTS.saved
      : s.status === 'clean'
        ? SAVE_TEXTS.clean
        : s.status === 'saving'
          ? SAVE_TEXTS.saving
          : s.status === 'unstable'
            ? SAVE_TEXTS.unstable
            : SAVE_TEXTS.dirty;
  return (
    <span className={`save-status save-status--${s.status}`} role="status" aria-live="polite" data-testid="save-status">
      <span className="save-status__dot" aria-hidden="true" />
      {text}
      {s.message && s.status !== 'unstable' ? <span className="save-status__message"> — {s.message}</span> : null}
    </span>
  );
}
