import { countOf } from '@loopwright/contracts';
import { Dialog } from '../dialog';
import type { ImportAnswer } from '../engine/protocol';

export interface PendingImport {
  fileName: string;
  answer: ImportAnswer;
}

const FORMATS: Record<string, string> = {
  json: 'Loopwright JSON',
  machinations: 'Machinations XML (original tool)',
  mxgraph: 'machinations.io XML',
};

/**
 * Shows what an import will bring in — and the import report, every element left out or changed —
 * before anything replaces the diagram (and so before it is saved). Import applies it, undoably.
 */
export function ImportDialog({
  pending,
  onImport,
  onCancel,
}: {
  pending: PendingImport | null;
  onImport: () => void;
  onCancel: () => void;
}) {
  const answer = pending?.answer;
  const report = answer?.warnings ?? [];
  return (
    <Dialog title={pending ? `Import ${pending.fileName}` : ''} open={pending !== null} onClose={onCancel} wide>
      {answer ? (
        <>
          <p>
            {FORMATS[answer.format] ?? answer.format}: {countOf(answer.diagram.nodes.length, 'element')},{' '}
            {answer.diagram.connections.length} connections. Importing replaces this diagram&apos;s content; you can
            undo it.
          </p>
          {report.length === 0 ? (
            <p>Everything in the file was imported.</p>
          ) : (
            <section aria-labelledby="import-report-title">
              <h3 id="import-report-title" className="import-report__title">
                Not imported or changed ({report.length})
              </h3>
              <ul className="import-report">
                {report.map((w, i) => (
                  <li key={i}>
                    <code>{w.id || 'document'}</code> <span className="import-report__kind">{w.kind ?? 'element'}</span>
                    : {w.message}
                  </li>
                ))}
              </ul>
            </section>
          )}
          <div className="editor-dialog__actions">
            <button type="button" className="editor-button editor-button--ghost" onClick={onCancel}>
              Cancel
            </button>
            <button type="button" className="editor-button" onClick={onImport}>
              Import
            </button>
          </div>
        </>
      ) : null}
    </Dialog>
  );
}
