import type { Lever } from '@loopwright/engine';
import { useId } from 'react';
import type { EditorDiagram } from '../model/types';

export interface LeverChoice {
  name: string;
  label: string;
  current: number;
  whole: boolean;
}

/** What can be a lever: the diagram's variables, and each pool's start and capacity. */
export function leverChoices(doc: EditorDiagram): LeverChoice[] {
  const out: LeverChoice[] = doc.variables.map((v) => ({
    name: v.name,
    label: v.name,
    current: Number(v.formula),
    whole: false,
  }));
  for (const n of doc.nodes) {
    if (n.type !== 'pool') continue;
    out.push({ name: `${n.id}.start`, label: `${n.name || n.id}: start`, current: n.start ?? 0, whole: true });
    out.push({
      name: `${n.id}.capacity`,
      label: `${n.name || n.id}: capacity`,
      current: n.capacity ?? -1,
      whole: true,
    });
  }
  return out;
}

/** A new lever's range around the diagram's value: half to double it (0–10 when it is 0 or not a number). */
export function defaultLever(choice: LeverChoice): Lever {
  const v = Number.isFinite(choice.current) && choice.current > 0 ? choice.current : 0;
  const lever: Lever = { name: choice.name, min: v > 0 ? v / 2 : 0, max: v > 0 ? v * 2 : 10 };
  if (choice.whole) {
    lever.integer = true;
    lever.min = Math.floor(lever.min);
    lever.max = Math.ceil(lever.max);
  }
  return lever;
}

/** How the add-a-lever list names a choice: "upgradePrice (variable)", "Coins start (pool)". */
const choiceText = (c: LeverChoice) =>
  `${c.label} (${c.name.endsWith('.start') || c.name.endsWith('.capacity') ? 'pool' : 'variable'})`;

type Scale = 'linear' | 'int' | 'log';
const scaleOf = (l: Lever): Scale => (l.log ? 'log' : l.integer ? 'int' : 'linear');

export function LeverEditor({
  levers,
  choices,
  onChange,
}: {
  levers: Lever[];
  choices: LeverChoice[];
  onChange: (levers: Lever[]) => void;
}) {
  const base = useId();
  const free = choices.filter((c) => !levers.some((l) => l.name === c.name));
  const labelOf = (name: string) => choices.find((c) => c.name === name)?.label ?? name;
  const update = (i: number, patch: Partial<Lever>) =>
    onChange(levers.map((l, j) => (j === i ? { ...l, ...patch } : l)));
  const setScale = (i: number, scale: Scale) =>
    update(i, { integer: scale === 'int' ? true : undefined, log: scale === 'log' ? true : undefined });
  return (
    <fieldset className="study-levers">
      <legend>Levers</legend>
      {levers.length === 0 ? <p className="props__hint">Pick the numbers the study may change.</p> : null}
      <ul>
        {levers.map((l, i) => (
          <li key={l.name} className="study-lever">
            <span className="study-lever__name">{labelOf(l.name)}</span>
            <label htmlFor={`${base}-min-${i}`}>Min</label>
            <input
              id={`${base}-min-${i}`}
              inputMode="decimal"
              value={String(l.min)}
              onChange={(e) => update(i, { min: Number(e.target.value) })}
            />
            <label htmlFor={`${base}-max-${i}`}>Max</label>
            <input
              id={`${base}-max-${i}`}
              inputMode="decimal"
              value={String(l.max)}
              onChange={(e) => update(i, { max: Number(e.target.value) })}
            />
            <label htmlFor={`${base}-scale-${i}`}>Scale</label>
            <select id={`${base}-scale-${i}`} value={scaleOf(l)} onChange={(e) => setScale(i, e.target.value as Scale)}>
              <option value="linear">linear</option>
              <option value="int">whole numbers</option>
              <option value="log">logarithmic</option>
            </select>
            <button
              type="button"
              className="link-button"
              aria-label={`Remove lever ${labelOf(l.name)}`}
              onClick={() => onChange(levers.filter((_, j) => j !== i))}
            >
              Remove
            </button>
          </li>
        ))}
      </ul>
      {free.length ? (
        <div className="study-lever__add">
          <label htmlFor={`${base}-add`}>Add a lever</label>
          <select
            id={`${base}-add`}
            value=""
            onChange={(e) => {
              const choice = free.find((c) => c.name === e.target.value);
              if (choice) onChange([...levers, defaultLever(choice)]);
            }}
          >
            <option value="">Choose…</option>
            {free.map((c) => (
              <option key={c.name} value={c.name}>
                {choiceText(c)}
              </option>
            ))}
          </select>
        </div>
      ) : null}
    </fieldset>
  );
}
