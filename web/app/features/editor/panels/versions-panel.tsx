import { countOf, type Revision } from '@loopwright/contracts';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { diagramsApi } from '../../diagrams/diagrams-api';
import { ConfirmButton } from '../../../ui/confirm-button';
import { When } from '../../../ui/when';

/** "Versions 1–3, 3 saves" for an entry that merged a burst of saves; "Version 4" for a single save. */
export function versionRange(r: Pick<Revision, 'version' | 'firstVersion' | 'saves'>): string {
  const saves = countOf(r.saves, 'save');
  return r.firstVersion < r.version
    ? `Versions ${r.firstVersion}–${r.version}, ${saves}`
    : `Version ${r.version}${r.saves > 1 ? `, ${saves}` : ''}`;
}

/** Version history: view a version (read-only preview in the chart-free canvas is the restore's job), restore it. */
export function VersionsPanel({
  fuid,
  refresh,
  onView,
  onRestoring,
  onRestored,
  onCompare,
}: {
  fuid: string;
  refresh: number;
  onView: (doc: unknown, version: Revision) => void;
  /** Opens the compare view: from this version (or "current") to the current document, the list for choosing others. */
  onCompare?: (from: string, to: string, versions: Revision[]) => void;
  onRestoring?: (active: boolean) => void;
  onRestored: (version: number, savedAt: string) => void;
}) {
  const [items, setItems] = useState<Revision[] | null>(null);
  const [retention, setRetention] = useState<number | null>(0);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    diagramsApi.versions(fuid).then(
      (r) => {
        if (live) {
          setItems(r.items);
          setRetention(r.retentionDays);
        }
      },
      (e) => live && setError(errorMessage(e)),
    );
    return () => {
      live = false;
    };
  }, [fuid, refresh]);
  const view = async (r: Revision) => {
    try {
      const v = await diagramsApi.version(fuid, r.id);
      onView(v.document, r);
    } catch (e) {
      setError(errorMessage(e));
    }
  };
  const restore = async (r: Revision) => {
    try {
      onRestoring?.(true);
      const result = await diagramsApi.restoreVersion(fuid, r.id);
      onRestored(result.version, result.savedAt);
    } catch (e) {
      onRestoring?.(false);
      setError(errorMessage(e));
    }
  };
  return (
    <section className="props" aria-label="Version history">
      <h2 className="props__title">Version history</h2>
      <p className="props__hint">
        Saves close together are kept as one entry: it covers those versions and holds the last of them.
        {retention ? ` Versions are kept ${retention} days.` : ''}
      </p>
      {error ? (
        <p className="formula-error" role="alert">
          {error}
        </p>
      ) : null}
      {onCompare && items && items.length > 1 ? (
        <button
          type="button"
          className="button button--ghost"
          onClick={() => onCompare(items[1].id, items[0].id, items)}
        >
          Compare two versions
        </button>
      ) : null}
      {items === null ? (
        <p className="props__hint">Loading…</p>
      ) : items.length === 0 ? (
        <p className="props__hint">No saved versions yet.</p>
      ) : (
        <ul className="play-list">
          {items.map((r, i) => (
            <li key={r.id} className="play-list__item">
              <div className="play-list__open">
                <strong>
                  {versionRange(r)}
                  {i === 0 ? ' (current)' : ''}
                </strong>
                <span>
                  <When at={r.updatedAt} />
                  {r.author ? ` · ${r.author.name || r.author.username}` : ''}
                </span>
                {r.restoredFrom ? <span>Restored from version {r.restoredFrom.version}</span> : null}
                {r.message ? <span>“{r.message}”</span> : null}
              </div>
              <button
                type="button"
                className="link-button"
                aria-label={`View ${versionRange(r).toLowerCase()}`}
                onClick={() => void view(r)}
              >
                View
              </button>
              {onCompare ? (
                <button
                  type="button"
                  className="link-button"
                  aria-label={`Compare ${versionRange(r).toLowerCase()} with current`}
                  onClick={() => onCompare(r.id, 'current', items)}
                >
                  Compare with current
                </button>
              ) : null}
              {i > 0 ? (
                // Restoring replaces what is on the canvas (as a new version): asked first.
                <ConfirmButton
                  label="Restore"
                  target={versionRange(r).toLowerCase()}
                  question={`Restore version ${r.version}? The diagram becomes this version (the current one stays in the history).`}
                  confirm="Yes, restore"
                  onConfirm={() => void restore(r)}
                  buttonClass="link-button"
                  choiceClass="link-button"
                />
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
