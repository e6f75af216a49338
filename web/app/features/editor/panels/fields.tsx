import { useId, useState, type ReactNode } from 'react';
import { useEditor } from '../editor-context';
import { useValue } from '../model/value-store';

export function Field({
  label,
  children,
  hint,
}: {
  label: string;
  children: (id: string) => ReactNode;
  hint?: ReactNode;
}) {
  const id = useId();
  return (
    <div className="prop-field">
      <label htmlFor={id}>{label}</label>
      {children(id)}
      {hint}
    </div>
  );
}

export function SelectField<T extends string>({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: T;
  options: ReadonlyArray<readonly [T, string]>;
  onChange: (v: T) => void;
}) {
  return (
    <Field label={label}>
      {(id) => (
        <select id={id} value={value} onChange={(e) => onChange(e.target.value as T)}>
          {options.map(([v, text]) => (
            <option key={v} value={v}>
              {text}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

export function TextField({
  label,
  value,
  onChange,
  placeholder,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  placeholder?: string;
}) {
  return (
    <Field label={label}>
      {(id) => (
        <input id={id} type="text" value={value} placeholder={placeholder} onChange={(e) => onChange(e.target.value)} />
      )}
    </Field>
  );
}

/** A number input that keeps what is typed and reports only valid numbers. */
export function NumberField({
  label,
  value,
  onChange,
  integer,
  min,
}: {
  label: string;
  value: number | undefined;
  onChange: (v: number) => void;
  integer?: boolean;
  min?: number;
}) {
  const [draft, setDraft] = useState<string | null>(null);
  const shown = draft ?? (value === undefined ? '' : String(value));
  return (
    <Field label={label}>
      {(id) => (
        <input
          id={id}
          type="number"
          inputMode="decimal"
          value={shown}
          step={integer ? 1 : 'any'}
          min={min}
          onChange={(e) => {
            setDraft(e.target.value);
            const v = Number(e.target.value);
            if (
              e.target.value.trim() !== '' &&
              Number.isFinite(v) &&
              (!integer || Number.isInteger(v)) &&
              (min === undefined || v >= min)
            )
              onChange(v);
          }}
          onBlur={() => setDraft(null)}
        />
      )}
    </Field>
  );
}

export function CheckField({
  label,
  checked,
  onChange,
}: {
  label: string;
  checked: boolean;
  onChange: (v: boolean) => void;
}) {
  const id = useId();
  return (
    <div className="prop-check">
      <input id={id} type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} />
      <label htmlFor={id}>{label}</label>
    </div>
  );
}

export function ColorField({
  value,
  onChange,
}: {
  value: string | undefined;
  onChange: (v: string | undefined) => void;
}) {
  const id = useId();
  return (
    <div className="prop-field">
      <label htmlFor={id}>Colour</label>
      <div className="prop-color">
        <input id={id} type="color" value={value || '#1d1b36'} onChange={(e) => onChange(e.target.value)} />
        <button type="button" className="link-button" onClick={() => onChange(undefined)} disabled={!value}>
          Default
        </button>
      </div>
    </div>
  );
}

/**
 * A formula, validated as you type by the engine (in its worker): the message and the 1-based
 * position of the first problem on this element's field, with a caret under that character.
 */
export function FormulaField({
  label,
  elementId,
  field = 'formula',
  value,
  onChange,
  placeholder,
}: {
  label: string;
  elementId: string;
  field?: string;
  value: string;
  onChange: (v: string) => void;
  placeholder?: string;
}) {
  const { problems } = useEditor();
  const problem = useValue(problems, (m) => m.get(elementId)?.find((p) => p.field === field && p.severity === 'error'));
  const messageId = useId();
  return (
    <Field
      label={label}
      hint={
        problem ? (
          <p className="formula-error" id={messageId} role="alert">
            {problem.position !== undefined ? (
              <>
                <code className="formula-caret" aria-hidden="true">
                  {value}
                  {'\n'}
                  {' '.repeat(Math.max(0, problem.position - 1))}^
                </code>
                Position {problem.position}: {problem.message}
              </>
            ) : (
              problem.message
            )}
          </p>
        ) : null
      }
    >
      {(id) => (
        <input
          id={id}
          type="text"
          className="formula-input"
          spellCheck={false}
          autoComplete="off"
          value={value}
          placeholder={placeholder}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? messageId : undefined}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
    </Field>
  );
}
