import { useEditor } from '../editor-context';
import { useEditorDoc } from '../model/editor-store';
import { updateConnection } from '../model/ops';
import type { EditorConnection } from '../model/types';
import { CheckField, ColorField, FormulaField, SelectField, TextField } from './fields';
import { ProblemList } from './problem-list';

export function ConnectionProperties({ connection: c }: { connection: EditorConnection }) {
  const { store } = useEditor();
  const doc = useEditorDoc(store);
  const set = (patch: Partial<EditorConnection>, field?: string) =>
    store.edit((d) => updateConnection(d, c.id, patch), field ? { coalesce: `${c.id}.${field}` } : {});
  const nameOf = (id: string) =>
    doc.nodes.find((n) => n.id === id)?.name || (doc.connections.some((x) => x.id === id) ? `label of ${id}` : id);
  return (
    <section className="props" aria-label="Connection properties">
      <h2 className="props__title">{c.kind === 'resource' ? 'Resource connection' : 'State connection'}</h2>
      <p className="props__meta">
        {nameOf(c.from)} → {nameOf(c.to)}
      </p>
      <ProblemList id={c.id} />
      <SelectField
        label="Kind"
        value={c.kind}
        options={
          [
            ['resource', 'Resource'],
            ['state', 'State'],
          ] as const
        }
        onChange={(kind) => set({ kind })}
      />
      <FormulaField
        label={c.kind === 'resource' ? 'Formula (rate)' : 'Formula (role)'}
        elementId={c.id}
        value={c.formula}
        onChange={(formula) => set({ formula }, 'formula')}
        placeholder={c.kind === 'resource' ? '1, D6, 50%, 2|3' : '*, +1, >3, a'}
      />
      {c.kind === 'resource' ? (
        <>
          <TextField
            label="Interval"
            value={c.interval ?? ''}
            placeholder="every n steps"
            onChange={(interval) => set({ interval: interval || undefined }, 'interval')}
          />
          <CheckField label="Shuffle colours" checked={Boolean(c.shuffle)} onChange={(shuffle) => set({ shuffle })} />
        </>
      ) : null}
      <ColorField value={c.color} onChange={(color) => set({ color })} />
      {c.points?.length ? (
        <button type="button" className="editor-button editor-button--ghost" onClick={() => set({ points: undefined })}>
          Remove {c.points.length} bend point{c.points.length > 1 ? 's' : ''}
        </button>
      ) : (
        <p className="props__hint">Double-click the line to add a bend point.</p>
      )}
    </section>
  );
}
