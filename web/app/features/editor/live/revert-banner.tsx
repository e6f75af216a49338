import type { RevertNotice } from './use-diagram-live';

/** "Another editor restored version N": reload to see it, or keep working and meet the conflict dialog on save. */
export function RevertBanner({ notice, onReload, onDismiss }: { notice: RevertNotice | null; onReload: () => void; onDismiss: () => void }) {
  if (!notice) return null;
  return (
    <div className="revert-banner" role="status" aria-live="polite">
      <span>
        Another editor restored version {notice.restoredFrom} (now version {notice.version}). Reload to see it; your unsaved changes would be replaced.
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
