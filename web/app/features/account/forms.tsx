import { zodResolver } from '@hookform/resolvers/zod';
import {
  useCallback,
  useId,
  useState,
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';
import {
  get,
  useForm,
  type DefaultValues,
  type FieldErrors,
  type FieldValues,
  type Path,
  type Resolver,
  type UseFormReturn,
} from 'react-hook-form';
import { ApiError, errorMessage } from '../../lib/api-client';

/** A zod 4 schema from packages/contracts, typed by what the call takes. */
export interface ContractSchema<Output> {
  _zod: { output: Output };
}

/** A check only the form makes (terms ticked, password typed twice), on a top-level field. */
export type FormCheck<V> = (values: V) => { field: keyof V & string; message: string }[];

/**
 * The contract's schema as a react-hook-form resolver, plus the form's own checks. The checks run
 * even when the schema fails, so every problem shows at once.
 */
function contractResolver<V extends FieldValues, O>(
  schema: ContractSchema<O>,
  checks?: FormCheck<V>,
): Resolver<V, unknown, O> {
  const base = zodResolver(schema as never) as unknown as Resolver<V, unknown, O>;
  if (!checks) return base;
  return async (values, context, options) => {
    const result = await base(values, context, options);
    const extra = checks(values);
    if (extra.length === 0) return result;
    const errors: Record<string, unknown> = { ...result.errors };
    for (const { field, message } of extra) errors[field] ??= { type: 'custom', message };
    return { values: {}, errors: errors as never };
  };
}

export interface SubmitOptions {
  /** Return true when the error was handled (the form shows nothing for it). */
  onError?: (error: unknown) => boolean | void;
}

export type ContractForm<V extends FieldValues, O> = UseFormReturn<V, unknown, O> & {
  /** The form-wide message: a failed call, or a server field error the form does not show. */
  formError: string | null;
  setFormError: (message: string | null) => void;
  submitting: boolean;
  /** What to give a field component: the registration and its error message. */
  field: (name: Path<V>) => ReturnType<UseFormReturn<V>['register']> & { error?: string };
  /** An onSubmit handler: validates, runs the call, and maps the server's field errors back onto the fields. */
  submitWith: (
    call: (data: O) => Promise<void>,
    options?: SubmitOptions,
  ) => (event?: { preventDefault(): void }) => Promise<void>;
};

/**
 * A react-hook-form form validated in the browser with the same contract schema the API uses.
 * Invalid submits focus the first invalid field (react-hook-form's shouldFocusError).
 */
/** The message react-hook-form keeps for a (possibly nested) field. */
function fieldError<V extends FieldValues>(errors: FieldErrors<V>, name: Path<V>): string | undefined {
  const error: unknown = get(errors, name);
  return (error as { message?: string } | undefined)?.message;
}

export function useContractForm<V extends FieldValues, O>(
  schema: ContractSchema<O>,
  defaultValues: V,
  checks?: FormCheck<V>,
): ContractForm<V, O> {
  const form = useForm<V, unknown, O>({
    resolver: contractResolver(schema, checks),
    defaultValues: defaultValues as DefaultValues<V>,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const [formError, setFormError] = useState<string | null>(null);
  const { register, setError, handleSubmit, getValues } = form;
  const errors = form.formState.errors;

  const field = useCallback(
    (name: Path<V>) => ({ ...register(name), error: fieldError(errors, name) }),
    [register, errors],
  );

  const submitWith = useCallback(
    (call: (data: O) => Promise<void>, options: SubmitOptions = {}) =>
      (event?: { preventDefault(): void }) => {
        event?.preventDefault();
        setFormError(null);
        return handleSubmit(async (data) => {
          try {
            await call(data);
          } catch (error) {
            if (options.onError?.(error) === true) return;
            if (!(error instanceof ApiError) || Object.keys(error.fields).length === 0) {
              setFormError(errorMessage(error));
              return;
            }
            const shown = getValues() as Record<string, unknown>;
            let unmatched = false;
            let first = true;
            for (const [path, message] of Object.entries(error.fields)) {
              if (!(path.split('.')[0] in shown)) {
                unmatched = true;
                continue;
              }
              setError(path as Path<V>, { type: 'server', message }, { shouldFocus: first });
              first = false;
            }
            // A field the form does not show (or a whole-body error) still needs to be seen.
            setFormError(unmatched ? error.message : null);
          }
        })();
      },
    [handleSubmit, getValues, setError],
  );

  return Object.assign(form, { formError, setFormError, submitting: form.formState.isSubmitting, field, submitWith });
}

interface FieldProps {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  children: (props: { id: string; 'aria-invalid': boolean; 'aria-describedby'?: string }) => ReactNode;
  className?: string;
}

/** A label, the control, an optional hint and the error, wired with aria-invalid and aria-describedby. */
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

/** What every field takes besides its control's own attributes; `ref` comes from register(). */
interface Labelled<E> {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  ref?: Ref<E>;
}

type InputProps = InputHTMLAttributes<HTMLInputElement> & Labelled<HTMLInputElement>;

export function TextField({ label, error, hint, className, ...rest }: InputProps) {
  return (
    <Field label={label} error={error} hint={hint} className={className}>
      {(aria) => <input className="acc-input" {...rest} {...aria} />}
    </Field>
  );
}

export function TextAreaField({
  label,
  error,
  hint,
  className,
  ...rest
}: TextareaHTMLAttributes<HTMLTextAreaElement> & Labelled<HTMLTextAreaElement>) {
  return (
    <Field label={label} error={error} hint={hint} className={className}>
      {(aria) => <textarea className="acc-input acc-input--area" {...rest} {...aria} />}
    </Field>
  );
}

export function SelectField({
  label,
  error,
  hint,
  options,
  placeholder = 'Choose…',
  ...rest
}: SelectHTMLAttributes<HTMLSelectElement> &
  Labelled<HTMLSelectElement> & { options: readonly string[]; placeholder?: string }) {
  return (
    <Field label={label} error={error} hint={hint}>
      {(aria) => (
        <select className="acc-input acc-input--select" {...rest} {...aria}>
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

export function CheckboxField({ label, error, ...rest }: Omit<InputProps, 'type' | 'hint'>) {
  const id = useId();
  return (
    <div className={`acc-field acc-field--checkbox${error ? ' acc-field--invalid' : ''}`}>
      <div className="acc-checkbox">
        <input
          id={id}
          type="checkbox"
          {...rest}
          aria-invalid={!!error}
          aria-describedby={error ? `${id}-error` : undefined}
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

export function PasswordField({ label, error, hint, className, ...rest }: Omit<InputProps, 'type'>) {
  const [shown, setShown] = useState(false);
  return (
    <Field label={label} error={error} hint={hint} className={className}>
      {(aria) => (
        <div className="acc-password-input">
          <input className="acc-input" {...rest} {...aria} type={shown ? 'text' : 'password'} />
          <button
            type="button"
            className="acc-password-input__toggle"
            onClick={() => setShown((s) => !s)}
            aria-pressed={shown}
            aria-label={shown ? 'Hide password' : 'Show password'}
          >
            {shown ? 'Hide' : 'Show'}
          </button>
        </div>
      )}
    </Field>
  );
}

/** A message above or below a form; errors are announced at once, notices politely. */
export function FormMessage({
  kind = 'error',
  children,
}: {
  kind?: 'error' | 'success' | 'info' | 'warning';
  children: ReactNode;
}) {
  if (!children) return null;
  return (
    <div className={`acc-notice acc-notice--${kind}`} role={kind === 'error' ? 'alert' : 'status'}>
      {children}
    </div>
  );
}

export function SubmitButton({
  busy,
  children,
  busyLabel,
  className = 'button button--primary acc-button--block',
}: {
  busy: boolean;
  children: ReactNode;
  busyLabel?: string;
  className?: string;
}) {
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
