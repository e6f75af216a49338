import { goalAssertion, goalParts, goalSentence, type GoalParts } from '@loopwright/engine';
import { useId, useState } from 'react';
import type { EditorDiagram } from '../model/types';

const STATS = ['mean', 'median', 'min', 'max', 'p10', 'p25', 'p75', 'p90', 'p95'] as const;
const OPS: ReadonlyArray<readonly [GoalParts['op'], string]> = [
  ['<=', 'at most'],
  ['>=', 'at least'],
  ['<', 'below'],
  ['>', 'above'],
  ['==', 'exactly'],
];

/** The sentence of a goal the builder could have written, with element names; else the assertion itself. */
export function describeGoal(text: string, doc: EditorDiagram): string {
  const parts = goalParts(text);
  if (!parts) return text;
  const node = doc.nodes.find((n) => n.id === parts.node || n.name === parts.node);
  return goalSentence(parts, node?.name || parts.node);
}

/** Builds "the P90 of Coins at step 30 is at most 150" and writes `p90(Coins, 30) <= 150`. */
export function GoalBuilder({
  doc,
  steps,
  onAdd,
}: {
  doc: EditorDiagram;
  steps: number;
  onAdd: (assertion: string) => void;
}) {
  const elements = doc.nodes.filter((n) => n.type === 'pool' || n.type === 'register');
  const base = useId();
  const [stat, setStat] = useState<string>('p90');
  const [node, setNode] = useState<string>('');
  const [step, setStep] = useState<string>(String(steps));
  const [op, setOp] = useState<GoalParts['op']>('<=');
  const [value, setValue] = useState<string>('');
  const nodeId = node || elements[0]?.id || '';
  const stepValue: number | 'end' = step.trim() === 'end' ? 'end' : Number(step);
  const valid =
    nodeId !== '' &&
    value.trim() !== '' &&
    Number.isFinite(Number(value)) &&
    (stepValue === 'end' || (Number.isInteger(stepValue) && stepValue >= 1));
  const parts: GoalParts = { stat, node: nodeId, step: stepValue, op, value: Number(value) };
  const name = elements.find((n) => n.id === nodeId)?.name || nodeId;
  return (
    <fieldset className="goal-builder">
      <legend>New goal</legend>
      <div className="goal-builder__row">
        <label htmlFor={`${base}-stat`}>Statistic</label>
        <select id={`${base}-stat`} value={stat} onChange={(e) => setStat(e.target.value)}>
          {STATS.map((s) => (
            <option key={s} value={s}>
              {s === 'min' ? 'lowest' : s === 'max' ? 'highest' : s.startsWith('p') ? s.toUpperCase() : s}
            </option>
          ))}
        </select>
        <label htmlFor={`${base}-node`}>Element</label>
        <select id={`${base}-node`} value={nodeId} onChange={(e) => setNode(e.target.value)}>
          {elements.map((n) => (
            <option key={n.id} value={n.id}>
              {n.name || n.id}
            </option>
          ))}
        </select>
      </div>
      <div className="goal-builder__row">
        <label htmlFor={`${base}-step`}>At step</label>
        <input
          id={`${base}-step`}
          value={step}
          onChange={(e) => setStep(e.target.value)}
          placeholder="a step or end"
          size={5}
        />
        <label htmlFor={`${base}-op`}>Is</label>
        <select id={`${base}-op`} value={op} onChange={(e) => setOp(e.target.value as GoalParts['op'])}>
          {OPS.map(([v, text]) => (
            <option key={v} value={v}>
              {text}
            </option>
          ))}
        </select>
        <label htmlFor={`${base}-value`}>Value</label>
        <input
          id={`${base}-value`}
          inputMode="decimal"
          value={value}
          onChange={(e) => setValue(e.target.value)}
          size={6}
        />
      </div>
      {valid ? (
        <p className="goal-builder__preview">
          <span>Goal: {goalSentence(parts, name)}</span>
          <code>{goalAssertion(parts)}</code>
        </p>
      ) : (
        <p className="props__hint">Choose an element, a step (or end) and a value.</p>
      )}
      <button
        type="button"
        className="button button--ghost"
        disabled={!valid}
        onClick={() => {
          onAdd(goalAssertion(parts));
          setValue('');
        }}
      >
        Add goal
      </button>
    </fieldset>
  );
}
