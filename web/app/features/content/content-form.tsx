import { useState, type FormEvent } from 'react';

type FormKind = 'contact' | 'whitepaper';
type FieldErrors = Partial<Record<string, string>>;

const endpoints: Record<FormKind, string> = { contact: '/api/contact/form', whitepaper: '/api/liveops-whitepaper/form' };

const fields: Record<FormKind, { name: string; label: string; type?: string; minLength?: number; textarea?: boolean; autoComplete?: string }[]> = {
  contact: [
    { name: 'name', label: 'Name', minLength: 3, autoComplete: 'name' },
    { name: 'email', label: 'E-mail', type: 'email', autoComplete: 'email' },
    { name: 'job', label: 'Job title', autoComplete: 'organization-title' },
    { name: 'company', label: 'Company', autoComplete: 'organization' },
    { name: 'subject', label: 'Subject' },
    { name: 'message', label: 'Message', minLength: 20, textarea: true },
  ],
  whitepaper: [
    { name: 'name', label: 'Name', minLength: 3, autoComplete: 'name' },
    { name: 'email', label: 'E-mail', type: 'email', autoComplete: 'email' },
    { name: 'job', label: 'Job title', autoComplete: 'organization-title' },
    { name: 'company', label: 'Company', autoComplete: 'organization' },
  ],
};

/**
 * The contact and whitepaper forms. The browser checks required fields and lengths; the API
 * applies the spec's rules and its messages come back onto the fields.
 */
export function ContentForm({ form, submitLabel }: { form: FormKind; submitLabel: string }) {
  const [errors, setErrors] = useState<FieldErrors>({});
  const [status, setStatus] = useState<{ kind: 'idle' | 'sending' | 'sent' | 'failed'; message?: string }>({ kind: 'idle' });

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setStatus({ kind: 'sending' });
    setErrors({});
    const body = Object.fromEntries(new FormData(event.currentTarget).entries());
    try {
      const response = await fetch(endpoints[form], { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      const result = (await response.json()) as { success: boolean; content: unknown };
      if (result.success) {
        setStatus({ kind: 'sent', message: String(result.content) });
        return;
      }
      const content = result.content as { message?: string; details?: { fields?: { field: string; message: string }[] } };
      const byField: FieldErrors = {};
      for (const f of content.details?.fields ?? []) byField[f.field] ??= f.message;
      setErrors(byField);
      setStatus({ kind: 'failed', message: content.message ?? 'The form could not be sent.' });
    } catch {
      setStatus({ kind: 'failed', message: 'The form could not be sent. Please check your connection and try again.' });
    }
  }

  if (status.kind === 'sent') {
    return (
      <p className="form-success" role="status">
        {status.message}
      </p>
    );
  }
  return (
    <form className="content-form" onSubmit={submit} noValidate={false} data-form={form}>
      {fields[form].map((f) => {
        const id = `${form}-${f.name}`;
        const common = { id, name: f.name, required: true, minLength: f.minLength, 'aria-invalid': errors[f.name] ? true : undefined, 'aria-describedby': errors[f.name] ? `${id}-error` : undefined };
        return (
          <div key={f.name} className={`field${f.textarea ? ' field--wide' : ''}`}>
            <label htmlFor={id}>{f.label}</label>
            {f.textarea ? <textarea rows={6} {...common} /> : <input type={f.type ?? 'text'} autoComplete={f.autoComplete} {...common} />}
            {errors[f.name] ? (
              <p className="field__error" id={`${id}-error`}>
                {errors[f.name]}
              </p>
            ) : null}
          </div>
        );
      })}
      {status.kind === 'failed' ? (
        <p className="form-error" role="alert">
          {status.message}
        </p>
      ) : null}
      <button className="button button--primary button--large" type="submit" disabled={status.kind === 'sending'}>
        {status.kind === 'sending' ? 'Sending…' : submitLabel}
      </button>
    </form>
  );
}
