import type { DiagramSummary } from '@loopwright/contracts';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../lib/api-client';
import { calendarDate } from '../../lib/dates';
import { When } from '../../ui/when';
import { diagramsApi } from './diagrams-api';
import { ConfirmDialog } from '../../ui/list-dialog';

const DAY_MS = 24 * 60 * 60_000;
type Confirm = { kind: 'one'; diagram: DiagramSummary } | { kind: 'all' };

/** The Trash: my deleted diagrams, restorable until the retention period ends; delete forever one or all. */
export function TrashList({ onRestored }: { onRestored: (d: DiagramSummary) => void }) {
  const [items, setItems] = useState<DiagramSummary[] | null>(null);
  const [retentionDays, setRetentionDays] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [confirm, setConfirm] = useState<Confirm | null>(null);
  useEffect(() => {
    let live = true;
    diagramsApi.list({ scope: 'trash', sort: 'updated', pageSize: 100 }).then(
      (r) => {
        if (!live) return;
        setItems(r.items);
        setRetentionDays(r.trashRetentionDays);
      },
      (e) => live && setError(errorMessage(e)),
    );
    return () => {
      live = false;
    };
  }, []);
  const restore = async (d: DiagramSummary) => {
    try {
      const restored = await diagramsApi.restore(d.fuid);
      setItems((list) => list?.filter((x) => x.fuid !== d.fuid) ?? null);
      setStatus(`“${d.name}” is back in My Diagrams.`);
      onRestored(restored);
    } catch (e) {
      setError(errorMessage(e));
    }
  };
  if (error && items === null)
    return (
      <p className="diagram-list__error" role="alert">
        {error}
      </p>
    );
  if (items === null) return <p role="status">Loading…</p>;
  return (
    <div className="trash">
      <div className="trash__head">
        <p className="diagram-list__empty">
          Deleted diagrams stay here {retentionDays ? `${retentionDays} days` : 'for a while'}, then they are deleted
          forever. Restore one to bring it back to My Diagrams.
        </p>
        {items.length ? (
          <button type="button" className="button button--ghost" onClick={() => setConfirm({ kind: 'all' })}>
            Empty trash
          </button>
        ) : null}
      </div>
      {status ? (
        <p className="trash__status" role="status">
          {status}
        </p>
      ) : null}
      {error ? (
        <p className="diagram-list__error" role="alert">
          {error}
        </p>
      ) : null}
      {items.length === 0 ? (
        <p className="diagram-list__empty">The trash is empty.</p>
      ) : (
        <ul className="diagram-grid" aria-label="Deleted diagrams">
          {items.map((d) => (
            <li key={d.fuid} className="diagram-card diagram-card--trashed">
              <h2>{d.name}</h2>
              <p>
                Deleted <When at={d.deletedAt ?? d.updatedAt} />
                {retentionDays && d.deletedAt ? (
                  <> · deleted forever on {calendarDate(Date.parse(d.deletedAt) + retentionDays * DAY_MS)}</>
                ) : null}
              </p>
              <div className="diagram-card__actions">
                <button
                  type="button"
                  className="button button--ghost button--small"
                  onClick={() => void restore(d)}
                  aria-label={`Restore ${d.name}`}
                >
                  Restore
                </button>
                <button
                  type="button"
                  className="button button--ghost button--small button--danger-text"
                  onClick={() => setConfirm({ kind: 'one', diagram: d })}
                  aria-label={`Delete ${d.name} forever`}
                >
                  Delete forever
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {confirm?.kind === 'one' ? (
        <ConfirmDialog
          title={`Delete “${confirm.diagram.name}” forever?`}
          confirmLabel="Delete forever"
          onClose={() => setConfirm(null)}
          onConfirm={async () => {
            await diagramsApi.deleteForever(confirm.diagram.fuid);
            setItems((list) => list?.filter((x) => x.fuid !== confirm.diagram.fuid) ?? null);
            setStatus(`“${confirm.diagram.name}” was deleted forever.`);
          }}
        >
          <p>Its versions, play history, shares and tags go with it. This cannot be undone.</p>
        </ConfirmDialog>
      ) : null}
      {confirm?.kind === 'all' ? (
        <ConfirmDialog
          title="Empty the trash?"
          confirmLabel="Delete all forever"
          onClose={() => setConfirm(null)}
          onConfirm={async () => {
            const deleted = await diagramsApi.emptyTrash();
            setItems([]);
            setStatus(`${deleted === 1 ? '1 diagram was' : `${deleted} diagrams were`} deleted forever.`);
          }}
        >
          <p>
            {items.length === 1 ? 'The diagram' : `All ${items.length} diagrams`} in the trash will be deleted forever,
            with their versions, play history, shares and tags. This cannot be undone.
          </p>
        </ConfirmDialog>
      ) : null}
    </div>
  );
}
