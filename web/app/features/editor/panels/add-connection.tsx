import { useId, useMemo } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useEditor } from '../editor-context';
import { newConnection } from '../model/defaults';
import { useSettledEditor } from '../model/editor-store';
import { freshId } from '../model/ids';
import { addConnection } from '../model/ops';
import type { DiagramNode, EditorDiagram } from '../model/types';
import { TargetCombobox, type TargetOption } from './target-combobox';

/** Draws a connection from this element without the mouse: kind, target (an element or, for state, a connection's label) and formula. */
export function AddConnectionForm({ from }: { from: DiagramNode }) {
  const { store } = useEditor();
  const { doc } = useSettledEditor(store);
  const { register, handleSubmit, watch, resetField, control } = useForm({
    defaultValues: { kind: 'resource' as 'resource' | 'state', target: '', formula: '' },
  });
  const kind = watch('kind');
  const target = watch('target');
  const base = useId();
  const targets = useTargetOptions(doc, from.id);
  const labels = useLabelOptions(doc, kind === 'state');
  const options = useMemo(() => (labels.length ? [...targets, ...labels] : targets), [targets, labels]);
  // A fieldset inside the side panel, not a <form>: the button and Enter submit it.
  const add = handleSubmit((values) => {
    if (!values.target) return;
    const id = freshId(store.doc, 'c');
    store.edit(
      (d) =>
        addConnection(d, newConnection(id, values.kind, from.id, values.target, values.formula.trim() || undefined)),
      { select: { nodes: [], connections: [id] } },
    );
    resetField('target');
    resetField('formula');
  });
  return (
    <fieldset className="add-connection">
      <legend>Add a connection</legend>
      <label htmlFor={`${base}-kind`}>Kind</label>
      <select id={`${base}-kind`} {...register('kind')}>
        <option value="resource">Resource</option>
        <option value="state">State</option>
      </select>
      <label htmlFor={`${base}-to`}>To</label>
      <Controller
        control={control}
        name="target"
        render={({ field }) => (
          <TargetCombobox id={`${base}-to`} options={options} value={field.value} onChange={field.onChange} />
        )}
      />
      <label htmlFor={`${base}-formula`}>Formula</label>
      <input
        id={`${base}-formula`}
        type="text"
        placeholder={kind === 'resource' ? '1' : '+1'}
        {...register('formula')}
        onKeyDown={(e) => e.key === 'Enter' && void add()}
      />
      <button type="button" className="editor-button" onClick={() => void add()} disabled={!target}>
        Add connection
      </button>
    </fieldset>
  );
}

/**
 * One option per element that can be a target. Moving elements leaves the list as it was, so a big
 * diagram's list (thousands of targets) is built again only when elements are added, removed or renamed.
 */
function useTargetOptions(doc: EditorDiagram, from: string): TargetOption[] {
  const targets = doc.nodes.filter(
    (n) => n.id !== from && n.type !== 'text' && n.type !== 'group' && n.type !== 'chart',
  );
  const key = targets.map((n) => `${n.id}\u0000${n.name}`).join('\u0001');
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the key stands for the targets' ids and names
  return useMemo(() => targets.map((n) => ({ value: n.id, label: n.name || n.id })), [key]);
}

/** A state connection can also point at a resource connection's label. */
function useLabelOptions(doc: EditorDiagram, wanted: boolean): TargetOption[] {
  return useMemo(() => {
    if (!wanted) return [];
    const names = new Map(doc.nodes.map((n) => [n.id, n.name || n.id]));
    const nameOf = (id: string) => names.get(id) ?? id;
    return doc.connections
      .filter((c) => c.kind === 'resource')
      .map((c) => ({ value: c.id, label: `Label of ${nameOf(c.from)} → ${nameOf(c.to)} (${c.formula ?? ''})` }));
  }, [doc, wanted]);
}
