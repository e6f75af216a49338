import { CLIENT_ID_HEADER, contactFormSchema, whitepaperFormSchema, type ErrorCode } from '@loopwright/contracts';
import { useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { api, ApiError, CLIENT_ID } from '../../lib/api-client';
import { useContractForm } from '../account/forms';

type FormKind = 'contact' | 'whitepaper';
type Values = Record<'name' | 'email' | 'job' | 'company' | 'subject' | 'message', string>;

const endpoints = { contact: api.contact.contact, whitepaper: api.contact.whitepaper };
const schemas = { contact: contactFormSchema, whitepaper: whitepaperFormSchema };

const fields: Record<FormKind, { name: keyof Values; label: string; type?: string; textarea?: boolean; autoComplete?: string }[]> = {
  contact: [
    { name: 'name', label: 'Name', autoComplete: 'name' },
    { name: 'email', label: 'E-mail', type: 'email', autoComplete: 'email' },
    { name: 'job', label: 'Job title', autoComplete: 'organization-title' },
    { name: 'company', label: 'Company', autoComplete: 'organization' },
    { name: 'subject', label: 'Subject' },
    { name: 'message', label: 'Message', textarea: true },
  ],
  whitepaper: [
    { name: 'name', label: 'Name', autoComplete: 'name' },
    { name: 'email', label: 'E-mail', type: 'email', autoComplete: 'email' },
    { name: 'job', label: 'Job title', autoComplete: 'organization-title' },
    { name: 'company', label: 'Company', autoComplete: 'organization' },
  ],
};

const FAILED = 'The form could not be sent. Please check your connection and try again.';

interface Failure {
  code?: ErrorCode;
  message?: string;
  details?: { fields?: { field: string; message: string }[] };
}

/**
 * POSTs a website form; its failure (`{ success: false, content: { message, details } }`, or the API's
 * general `error` envelope when it was refused before the form's handler) becomes an ApiError with the fields.
 * The client id header lets a logged-in person (a session cookie) send it too.
 */
async function send(form: FormKind, body: unknown): Promise<string> {
  let result: { success: boolean; content?: unknown; error?: unknown };
  try {
    const response = await fetch(endpoints[form].url(), {
      method: 'POST',
      headers: { 'content-type': 'application/json', [CLIENT_ID_HEADER]: CLIENT_ID },
      body: JSON.stringify(body),
    });
    result = (await response.json()) as typeof result;
  } catch {
    throw new ApiError({ status: 0, code: 'NETWORK_ERROR', message: FAILED });
  }
  if (result.success) return String(result.content);
  const failure = (result.content ?? result.error ?? {}) as Failure;
  const byField: Record<string, string> = {};
  for (const f of failure.details?.fields ?? []) byField[f.field] ??= f.message;
  throw new ApiError({
    status: 400,
    code: failure.code ?? 'VALIDATION_FAILED',
    message: failure.message ?? 'The form could not be sent.',
    fields: byField,
  });
}

/** The contact and whitepaper forms, checked in the browser with the same contract schemas as the API. */
export function ContentForm({ form: kind, submitLabel }: { form: FormKind; submitLabel: string }) {
  // Only the fields shown: the whitepaper's subject then takes the schema's default.
  // A link may say what the message is about (/contact?subject=Book%20a%20demo).
  const [params] = useSearchParams();
  const form = useContractForm(
    schemas[kind],
    Object.fromEntries(
      fields[kind].map((f) => [f.name, f.name === 'subject' ? (params.get('subject') ?? '').slice(0, 300) : '']),
    ) as Values,
  );
  const [sent, setSent] = useState<string | null>(null);
  const base = useId();

  if (sent) {
    return (
      <p className="form-success" role="status">
        {sent}
      </p>
    );
  }
  return (
    <form
      className="content-form"
      noValidate
      data-form={kind}
      onSubmit={form.submitWith(async (data) => {
        setSent(await send(kind, data));
      })}
    >
      {fields[kind].map((f) => {
        const id = `${base}-${f.name}`;
        const { error, ...registration } = form.field(f.name);
        const common = { id, required: true, 'aria-invalid': error ? true : undefined, 'aria-describedby': error ? `${id}-error` : undefined, ...registration };
        return (
          <div key={f.name} className={`field${f.textarea ? ' field--wide' : ''}`}>
            <label htmlFor={id}>{f.label}</label>
            {f.textarea ? <textarea rows={6} {...common} /> : <input type={f.type ?? 'text'} autoComplete={f.autoComplete} {...common} />}
            {error ? (
              <p className="field__error" id={`${id}-error`}>
                {error}
              </p>
            ) : null}
          </div>
        );
      })}
      {form.formError ? (
        <p className="form-error" role="alert">
          {form.formError}
        </p>
      ) : null}
      <button className="button button--primary button--large" type="submit" disabled={form.submitting}>
        {form.submitting ? 'Sending…' : submitLabel}
      </button>
    </form>
  );
}
