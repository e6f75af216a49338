import type { DiagramNode } from '../model/types';
import { useEditor } from '../editor-context';
import { NODE_LABELS } from '../model/defaults';
import { updateNode } from '../model/ops';
import { CheckField, ColorField, FormulaField, NumberField, SelectField, TextField } from './fields';
import { AddConnectionForm } from './add-connection';
import { ProblemList } from './problem-list';

const ACTIVATIONS = [
  ['passive', 'Passive'],
  ['automatic', 'Automatic'],
  ['interactive', 'Interactive'],
  ['onstart', 'On start'],
] as const;
const MODES = [
  ['pull-any', 'Pull any'],
  ['pull-all', 'Pull all'],
  ['push-any', 'Push any'],
  ['push-all', 'Push all'],
] as const;
const ACTS = new Set(['pool', 'source', 'drain', 'converter', 'trader', 'gate', 'delay', 'register']);

/** Every property of one element, as its type has them. */
export function NodeProperties({ node }: { node: DiagramNode }) {
  const { store } = useEditor();
  const set = (patch: Partial<DiagramNode>, field?: string) =>
    store.edit((d) => updateNode(d, node.id, patch), field ? { coalesce: `${node.id}.${field}` } : {});
  return (
    <section className="props" aria-label={`${NODE_LABELS[node.type]} properties`}>
      <h2 className="props__title">{NODE_LABELS[node.type]}</h2>
      <ProblemList id={node.id} />
      <TextField label="Name" value={node.name} onChange={(name) => set({ name }, 'name')} />
      {node.type === 'text' ? (
        <TextField label="Text" value={node.text ?? ''} onChange={(text) => set({ text }, 'text')} />
      ) : null}
      {ACTS.has(node.type) && !(node.type === 'register') ? (
        <>
          <SelectField
            label="Activation"
            value={node.activation}
            options={ACTIVATIONS}
            onChange={(activation) => set({ activation })}
          />
          <SelectField label="Pull/push mode" value={node.mode} options={MODES} onChange={(mode) => set({ mode })} />
        </>
      ) : null}
      {node.type === 'pool' ? (
        <>
          <NumberField
            label="Start"
            integer
            min={0}
            value={node.start ?? 0}
            onChange={(start) => set({ start }, 'start')}
          />
          <NumberField
            label="Capacity (−1: none)"
            integer
            min={-1}
            value={node.capacity ?? -1}
            onChange={(capacity) => set({ capacity }, 'capacity')}
          />
          <SelectField
            label="Overflow"
            value={node.overflow ?? 'block'}
            options={
              [
                ['block', 'Block'],
                ['drain', 'Drain'],
              ] as const
            }
            onChange={(overflow) => set({ overflow })}
          />
        </>
      ) : null}
      {node.type === 'gate' ? (
        <SelectField
          label="Distribution"
          value={node.distribution ?? 'deterministic'}
          options={
            [
              ['deterministic', 'Deterministic'],
              ['random', 'Random'],
            ] as const
          }
          onChange={(distribution) => set({ distribution })}
        />
      ) : null}
      {node.type === 'register' ? (
        <>
          <CheckField
            label="Interactive"
            checked={Boolean(node.interactive)}
            onChange={(interactive) => set({ interactive })}
          />
          {node.interactive ? (
            <>
              <NumberField
                label="Initial"
                value={node.initial ?? 0}
                onChange={(initial) => set({ initial }, 'initial')}
              />
              <NumberField label="Step" value={node.step ?? 1} onChange={(step) => set({ step }, 'step')} />
              <NumberField label="Minimum" value={node.min} onChange={(min) => set({ min }, 'min')} />
              <NumberField label="Maximum" value={node.max} onChange={(max) => set({ max }, 'max')} />
            </>
          ) : (
            <FormulaField
              label="Formula"
              elementId={node.id}
              value={node.formula ?? ''}
              placeholder="a + b"
              onChange={(formula) => set({ formula }, 'formula')}
            />
          )}
        </>
      ) : null}
      {node.type === 'delay' ? (
        <CheckField label="Queue (one at a time)" checked={Boolean(node.queue)} onChange={(queue) => set({ queue })} />
      ) : null}
      <ColorField value={node.color} onChange={(color) => set({ color })} />
      {node.type === 'pool' || node.type === 'register' ? (
        <CheckField label="Show in chart" checked={node.showInChart} onChange={(showInChart) => set({ showInChart })} />
      ) : null}
      {node.type !== 'text' && node.type !== 'group' && node.type !== 'chart' ? (
        <AddConnectionForm from={node} />
      ) : null}
    </section>
  );
}
