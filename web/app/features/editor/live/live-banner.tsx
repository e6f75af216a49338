import { useValue } from '../model/value-store';
import type { SaveController } from '../save/save-controller';
import type { LiveNotice } from './use-diagram-live';

/**
 * "Another editor saved / restored version N": reload to see it, or keep working and meet the
 * conflict dialog on save. Gone by itself once this tab is at that version or beyond.
 */
export function LiveBanner({
  notice,
  save,
  onReload,
  onDismiss,
}: {
  notice: LiveNotice | null;
  save: SaveController;
  onReload: () => void;
  onDismiss: () => void;
}) {
  const { baseVersion, status } = useValue(save.state);
  if (!notice || baseVersion >= notice.version) return null;
  const what =
    notice.kind === 'reverted'
      ? `Another editor restored version ${notice.restoredFrom} (now version ${notice.version}).`
      : `Another editor saved version ${notice.version}.`;
  const unsaved = status !== 'clean' && status !== 'saved';
  return (
    <div className="live-banner" role="status" aria-live="polite">
      <span>
        {what} Reload to see it{unsaved ? '; your unsaved changes would be replaced' : ''}.
      </span>
      <button type="button" className="button button--primary" onClick={onReload}>
        Reload
      </button>
      <button type="button" className="link-button" onClick={onDismiss}>
        Dismiss
      </button>
    </div>
  );
}
