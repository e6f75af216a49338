import { useState } from 'react';
import { useEditor } from '../editor-context';
import { useEditorDoc } from '../model/editor-store';
import type { EditorDiagram } from '../model/types';
import { FormulaField } from './fields';

const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
type Variable = EditorDiagram['variables'][number];

const withVariables = (doc: EditorDiagram, variables: Variable[]): EditorDiagram => ({ ...doc, variables });

/** A name that no variable uses yet: value, value2, value3… */
function freeName(variables: Variable[]): string {
  const taken = new Set(variables.map((v) => v.name));
  for (let i = 1; ; i++) if (!taken.has(i === 1 ? 'value' : `value${i}`)) return i === 1 ? 'value' : `value${i}`;
}

/** One variable: its name is applied only once it is a valid, unused name (the engine refuses others). */
function VariableRow({
  variable,
  index,
  others,
  onChange,
  onRemove,
}: {
  variable: Variable;
  index: number;
  others: Variable[];
  onChange: (next: Variable, coalesce: string) => void;
  onRemove: () => void;
}) {
  const [name, setName] = useState(variable.name);
  const problem = !NAME.test(name)
    ? 'A name starts with a letter or _ and has only letters, digits and _.'
    : others.some((o) => o.name === name)
      ? 'Another variable has this name.'
      : null;
  return (
    <li className="functional__variable">
      <label className="functional__name">
        <span>Name</span>
        <input
          type="text"
          value={name}
          aria-label={`Name of variable ${index + 1}`}
          aria-invalid={problem ? true : undefined}
          onChange={(e) => {
            setName(e.target.value);
            if (NAME.test(e.target.value) && !others.some((o) => o.name === e.target.value))
              onChange({ ...variable, name: e.target.value }, `variables.${index}.name`);
          }}
        />
      </label>
      {problem ? (
        <p className="functional__problem" role="alert">
          {problem}
        </p>
      ) : null}
      <FormulaField
        label={`Formula of ${variable.name}`}
        elementId=""
        field={`variables.${index}.formula`}
        value={variable.formula}
        onChange={(formula) => onChange({ ...variable, formula }, `variables.${index}.formula`)}
        placeholder="D6+2"
      />
      <button type="button" className="editor-button editor-button--ghost" onClick={onRemove}>
        Remove {variable.name}
      </button>
    </li>
  );
}

/**
 * The functional panel (app.md §2): the diagram's variables — named constants or random values
 * (dice, chances, functions) that any formula can use by name, so one number is changed in one place.
 */
export function FunctionalPanel() {
  const { store } = useEditor();
  const doc = useEditorDoc(store);
  const variables = doc.variables;
  const set = (next: Variable[], coalesce?: string) =>
    store.edit((d) => withVariables(d, next), coalesce ? { coalesce } : {});
  return (
    <section className="props" aria-label="Functional">
      <h2 className="props__title">Functional</h2>
      <p className="functional__intro">
        Variables are named values any formula can use: a constant such as <code>price = 12</code>, or a random one such
        as <code>loot = D6+2</code> (drawn again each step). Change the number here and every formula that names it
        follows.
      </p>
      {variables.length ? (
        <ul className="functional__list">
          {variables.map((v, i) => (
            <VariableRow
              key={i}
              variable={v}
              index={i}
              others={variables.filter((_, j) => j !== i)}
              onChange={(next, coalesce) =>
                set(
                  variables.map((x, j) => (j === i ? next : x)),
                  coalesce,
                )
              }
              onRemove={() => set(variables.filter((_, j) => j !== i))}
            />
          ))}
        </ul>
      ) : (
        <p className="muted">No variables yet.</p>
      )}
      <button
        type="button"
        className="editor-button"
        onClick={() => set([...variables, { name: freeName(variables), formula: '1' }])}
      >
        Add variable
      </button>
    </section>
  );
}
