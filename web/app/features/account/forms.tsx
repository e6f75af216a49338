import { useCallback, useId, useRef, useState, type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes } from 'react';
import { ApiError, errorMessage } from '../../lib/api-client';

/** Any zod schema: only `safeParse` is used, so the contracts' schemas validate the forms. */
export interface FormSchema<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } };
}

export type FieldErrors = Record<string, string>;

function issuesToErrors(issues: readonly { path: readonly PropertyKey[]; message: string }[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join('.') || '_form';
    if (!(key in errors)) errors[key] = issue.message;
  }
  return errors;
}

/**
 * A plain controlled form validated with a contract schema. `submit` validates, runs the call,
 * and maps a server validation error (details.fields) back onto the fields; any other error
 * becomes the form's message.
 */
export function useZodForm<V extends Record<string, unknown>, T>(schema: FormSchema<T>, initial: V) {
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const valuesRef = useRef(values);
  valuesRef.current = values;

  const setField = useCallback(<K extends keyof V>(name: K, value: V[K]) => {
    setValues((current) => ({ ...current, [name]: value }));
    setErrors((current) => {
      if (!(name as string in current)) return current;
      const next = { ...current };
      delete next[name as string];
      return next;
    });
  }, []);

  const validate = useCallback(
    (candidate: V = valuesRef.current, using: FormSchema<unknown> = schema): T | null => {
      const result = using.safeParse(candidate) as ReturnType<FormSchema<T>['safeParse']>;
      if (result.success) {
        setErrors({});
        return result.data;
      }
      setErrors(issuesToErrors(result.error.issues));
      return null;
    },
    [schema],
  );

  const submit = useCallback(
    async <D = T,>(call: (data: D) => Promise<void>, options: { onError?: (error: unknown) => boolean | void; schema?: FormSchema<D> } = {}) => {
      setFormError(null);
      setSubmitted(true);
      const data = validate(valuesRef.current, options.schema) as D | null;
      if (data === null) {
        focusFirstInvalid();
        return false;
      }
      setSubmitting(true);
      try {
        await call(data);
        return true;
      } catch (error) {
        if (options.onError?.(error) === true) return false;
        if (error instanceof ApiError && Object.keys(error.fields).length > 0) {
          setErrors(error.fields);
          // A field the form does not show (or a whole-body error) still needs to be seen.
          const unmatched = Object.keys(error.fields).some((field) => !(field.split('.')[0] in valuesRef.current));
          setFormError(unmatched ? error.message : null);
          focusFirstInvalid();
        } else {
          setFormError(errorMessage(error));
        }
        return false;
      } finally {
        setSubmitting(false);
      }
    },
    [validate],
  );

  return { values, setValues, setField, errors, setErrors, formError, setFormError, submitting, submitted, validate, submit };
}

function focusFirstInvalid() {
  requestAnimationFrame(() => {
    const invalid = document.querySelector<HTMLElement>('form [aria-invalid="true"]');
    invalid?.focus();
  });
}

interface FieldProps {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  children: (props: { id: string; 'aria-invalid': boolean; 'aria-describedby'?: string }) => ReactNode;
  className?: string;
}

/** A label, the control, an optional hint and the error, wired with aria-describedby. */
export function Field({ label, error, hint, children, className }: FieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`acc-field${error ? ' acc-field--invalid' : ''}${className ? ` ${className}` : ''}`}>
      <label className="acc-field__label" htmlFor={id}>
        {label}
      </label>
      {children({ id, 'aria-invalid': !!error, 'aria-describedby': describedBy })}
      {hint ? (
        <p className="acc-field__hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className="acc-field__error" id={errorId} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> & {
  label: ReactNode;
  value: string;
  onValue: (value: string) => void;
  error?: string;
  hint?: ReactNode;
};

export function TextField({ label, value, onValue, error, hint, className, ...rest }: InputProps) {
  return (
    <Field label={label} error={error} hint={hint} className={className}>
      {(aria) => <input className="acc-input" {...rest} {...aria} value={value} onChange={(event) => onValue(event.target.value)} />}
    </Field>
  );
}

type TextAreaProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'onChange' | 'value'> & {
  label: ReactNode;
  value: string;
  onValue: (value: string) => void;
  error?: string;
  hint?: ReactNode;
};

export function TextAreaField({ label, value, onValue, error, hint, className, ...rest }: TextAreaProps) {
  return (
    <Field label={label} error={error} hint={hint} className={className}>
      {(aria) => <textarea className="acc-input acc-input--area" {...rest} {...aria} value={value} onChange={(event) => onValue(event.target.value)} />}
    </Field>
  );
}

export function SelectField({
  label,
  value,
  onValue,
  options,
  error,
  hint,
  placeholder = 'Choose…',
}: {
  label: ReactNode;
  value: string;
  onValue: (value: string) => void;
  options: readonly string[];
  error?: string;
  hint?: ReactNode;
  placeholder?: string;
}) {
  return (
    <Field label={label} error={error} hint={hint}>
      {(aria) => (
        <select className="acc-input acc-input--select" {...aria} value={value} onChange={(event) => onValue(event.target.value)}>
          <option value="">{placeholder}</option>
          {options.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

export function CheckboxField({ label, checked, onChecked, error, name }: { label: ReactNode; checked: boolean; onChecked: (checked: boolean) => void; error?: string; name?: string }) {
  const id = useId();
  return (
    <div className={`acc-field acc-field--checkbox${error ? ' acc-field--invalid' : ''}`}>
      <div className="acc-checkbox">
        <input
          id={id}
          name={name}
          type="checkbox"
          checked={checked}
          aria-invalid={!!error}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => onChecked(event.target.checked)}
        />
        <label htmlFor={id}>{label}</label>
      </div>
      {error ? (
        <p className="acc-field__error" id={`${id}-error`} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A message above or below a form; errors are announced at once, notices politely. */
export function FormMessage({ kind = 'error', children }: { kind?: 'error' | 'success' | 'info' | 'warning'; children: ReactNode }) {
  if (!children) return null;
  return (
    <div className={`acc-notice acc-notice--${kind}`} role={kind === 'error' ? 'alert' : 'status'}>
      {children}
    </div>
  );
}

export function SubmitButton({ busy, children, busyLabel, className = 'button button--primary acc-button--block' }: { busy: boolean; children: ReactNode; busyLabel?: string; className?: string }) {
  return (
    <button type="submit" className={className} disabled={busy} aria-busy={busy}>
      {busy ? (
        <>
          <span className="acc-spinner" aria-hidden="true" />
          {busyLabel ?? children}
        </>
      ) : (
        children
      )}
    </button>
  );
}

export function PasswordField(props: Omit<InputProps, 'type'>) {
  const [shown, setShown] = useState(false);
  const { label, value, onValue, error, hint, className, ...rest } = props;
  return (
    <Field label={label} error={error} hint={hint} className={className}>
      {(aria) => (
        <div className="acc-password-input">
          <input className="acc-input" {...rest} {...aria} type={shown ? 'text' : 'password'} value={value} onChange={(event) => onValue(event.target.value)} />
          <button type="button" className="acc-password-input__toggle" onClick={() => setShown((s) => !s)} aria-pressed={shown} aria-label={shown ? 'Hide password' : 'Show password'}>
            {shown ? 'Hide' : 'Show'}
          </button>
        </div>
      )}
    </Field>
  );
}

type Issue = { path: readonly PropertyKey[]; message: string };

/**
 * A contract schema plus checks only the form makes (terms ticked, password typed twice). The
 * extra checks run even when the schema fails, so every problem shows at once.
 */
export function withChecks<T, V>(schema: FormSchema<T>, check: (values: V) => Issue[]): FormSchema<T> {
  return {
    safeParse(value: unknown) {
      const result = schema.safeParse(value);
      const extra = check(value as V);
      if (extra.length === 0) return result;
      const issues = result.success ? extra : [...result.error.issues, ...extra];
      return { success: false, error: { issues } };
    },
  };
}
