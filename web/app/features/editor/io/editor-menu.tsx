import { useRef, useState } from 'react';
import { api, ApiError } from '../../../lib/api-client';
import { download } from '../chart/chart-data';
import { Dialog } from '../dialog';
import { useEditor } from '../editor-context';
import type { ImportAnswer } from '../engine/protocol';
import { normalizeDiagram } from '../model/defaults';
import { ImportDialog, type PendingImport } from './import-dialog';
import { DriveExportDialog } from './drive-export';
import { useDriveStatus } from '../../drive/use-drive';
import '../../drive/drive.css';

/**
 * The editor menu: import our JSON or a Machinations XML file (into this diagram, undoable; the
 * engine's importer runs in its worker), export our JSON (with unsaved changes), and PNG/SVG
 * pictures rendered by the server from the saved diagram (saved first).
 */
export function EditorMenu({
  fuid,
  name,
  description,
  version,
  saveNow,
  onMakeCopy,
}: {
  fuid: string;
  name: string;
  description: string;
  version: () => number;
  saveNow: () => Promise<void>;
  onMakeCopy?: () => void;
}) {
  const { store, engine } = useEditor();
  const [open, setOpen] = useState(false);
  const [report, setReport] = useState<{ title: string; lines: string[] } | null>(null);
  const [pending, setPending] = useState<PendingImport | null>(null);
  const file = useRef<HTMLInputElement>(null);
  const drive = useDriveStatus();
  const [driveOpen, setDriveOpen] = useState(false);

  const importFile = async (f: File) => {
    try {
      setPending({
        fileName: f.name,
        answer: await engine.call<ImportAnswer>({ type: 'import', text: await f.text() }),
      });
    } catch (e) {
      setReport({ title: 'File format not recognized', lines: [(e as Error).message] });
    }
  };
  const exportJson = () => {
    const body = {
      format: 'loopwright',
      formatVersion: 1,
      name,
      description,
      document: store.doc,
      exportedAt: new Date().toISOString(),
      source: { fuid, version: version() },
    };
    download(
      `${name || 'diagram'}.json`,
      new Blob([`${JSON.stringify(body, null, 2)}\n`], { type: 'application/json' }),
    );
  };
  const exportPicture = async (kind: 'png' | 'svg') => {
    try {
      await saveNow();
      const picture = kind === 'png' ? api.diagram.exportPng : api.diagram.exportSvg;
      const response = await picture({ params: { fuid } }).catch((e: unknown) => {
        throw e instanceof ApiError ? new Error(`The server could not draw the diagram (${e.status})`) : e;
      });
      download(`${name || 'diagram'}.${kind}`, await response.blob());
    } catch (e) {
      setReport({ title: 'Export failed', lines: [(e as Error).message] });
    }
  };
  const item = (label: string, action: () => void) => (
    <li role="none">
      <button
        type="button"
        role="menuitem"
        onClick={() => {
          setOpen(false);
          action();
        }}
      >
        {label}
      </button>
    </li>
  );
  return (
    <div className="editor-menu">
      <button
        type="button"
        className="editor-button editor-button--ghost"
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
      >
        File
      </button>
      {open ? (
        <ul
          className="editor-menu__list"
          role="menu"
          aria-label="File"
          onKeyDown={(e) => e.key === 'Escape' && setOpen(false)}
        >
          {item('Import JSON or Machinations XML…', () => file.current?.click())}
          {item('Export JSON', exportJson)}
          {item('Export PNG', () => void exportPicture('png'))}
          {item('Export SVG', () => void exportPicture('svg'))}
          {drive.available ? item('Save to Google Drive', () => setDriveOpen(true)) : null}
          {onMakeCopy ? item('Make a copy', onMakeCopy) : null}
        </ul>
      ) : null}
      <input
        ref={file}
        type="file"
        accept=".json,.xml,application/json,text/xml"
        hidden
        aria-label="Import a diagram file"
        onChange={(e) => {
          const f = e.target.files?.[0];
          e.target.value = '';
          if (f) void importFile(f);
        }}
      />
      <ImportDialog
        pending={pending}
        onCancel={() => setPending(null)}
        onImport={() => {
          if (pending)
            store.edit(() => normalizeDiagram(pending.answer.diagram), { select: { nodes: [], connections: [] } });
          setPending(null);
        }}
      />
      <DriveExportDialog
        fuid={fuid}
        open={driveOpen}
        onClose={() => setDriveOpen(false)}
        saveNow={saveNow}
        connected={drive.connected}
        refresh={drive.refresh}
      />
      <Dialog title={report?.title ?? ''} open={report !== null} onClose={() => setReport(null)}>
        <ul className="import-report">
          {report?.lines.map((l, i) => (
            <li key={i}>{l}</li>
          ))}
        </ul>
      </Dialog>
    </div>
  );
}
