import { zodResolver } from '@hookform/resolvers/zod';
import { auditActions } from '@loopwright/contracts';
import { useEffect, useId } from 'react';
import { useForm } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import { z } from 'zod';

/** How the screen names each action (and each area, for the filter's groups). */
export const AUDIT_ACTION_LABELS: Record<string, string> = {
  'instance.admin-created': 'First administrator created',
  'mail.settings-saved': 'Mail server saved',
  'mail.settings-removed': 'Mail server removed',
  'sso.settings-saved': 'Single sign-on saved',
  'sso.settings-removed': 'Single sign-on removed',
  'plan.updated': 'Plan edited',
  'plan.self-hosted-changed': 'Instance plan changed',
  'user.confirmed': 'User confirmed',
  'user.disabled': 'User disabled',
  'user.enabled': 'User enabled',
  'user.deleted': 'User deleted',
  'spotlight.added': 'Spotlight added',
  'spotlight.removed': 'Spotlight removed',
  'webhook.enabled': 'Webhook re-enabled',
};
const AREAS: Record<string, string> = {
  instance: 'Instance',
  mail: 'Mail server',
  sso: 'Single sign-on',
  plan: 'Plans',
  user: 'Users',
  spotlight: 'Spotlights',
  webhook: 'Webhooks',
};

const day = z.union([z.literal(''), z.iso.date('Enter a date')]);
const schema = z
  .object({ actor: z.string().trim().max(200, 'At most 200 characters'), action: z.string(), from: day, to: day })
  .refine((v) => !v.from || !v.to || v.from <= v.to, { path: ['to'], message: 'The end is before the start' });
type Filter = z.infer<typeof schema>;
const KEYS = ['actor', 'action', 'from', 'to'] as const;

/** Actor, action (one or a whole area) and a date range, kept in the address; applying goes back to page 1. */
export function AuditFilters() {
  const [params, setParams] = useSearchParams();
  const id = useId();
  const current = Object.fromEntries(KEYS.map((k) => [k, params.get(k) ?? ''])) as Filter;
  const form = useForm<Filter>({ resolver: zodResolver(schema), defaultValues: current });
  const { errors } = form.formState;

  useEffect(() => {
    form.reset(current);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [params.toString()]);

  const apply = (values: Filter) => {
    const next = new URLSearchParams();
    for (const key of KEYS) if (values[key]) next.set(key, values[key]);
    setParams(next);
  };

  return (
    <form
      className="adm-filters"
      role="search"
      aria-label="Filter the audit log"
      noValidate
      onSubmit={form.handleSubmit(apply)}
    >
      <label className="adm-filters__search" htmlFor={`${id}-actor`}>
        <span className="acc-field__label">Who</span>
        <input
          id={`${id}-actor`}
          className="acc-input"
          type="search"
          placeholder="Administrator’s e-mail"
          aria-invalid={errors.actor ? true : undefined}
          {...form.register('actor')}
        />
        {errors.actor ? <span className="acc-field__error">{errors.actor.message}</span> : null}
      </label>
      <label htmlFor={`${id}-action`}>
        <span className="acc-field__label">What</span>
        <select id={`${id}-action`} className="acc-input acc-input--select" {...form.register('action')}>
          <option value="">Everything</option>
          {Object.entries(AREAS).map(([area, label]) => (
            <optgroup key={area} label={label}>
              <option value={area}>All of {label.toLowerCase()}</option>
              {auditActions
                .filter((a) => a.startsWith(`${area}.`))
                .map((a) => (
                  <option key={a} value={a}>
                    {AUDIT_ACTION_LABELS[a]}
                  </option>
                ))}
            </optgroup>
          ))}
        </select>
      </label>
      <label htmlFor={`${id}-from`}>
        <span className="acc-field__label">From</span>
        <input id={`${id}-from`} className="acc-input" type="date" {...form.register('from')} />
      </label>
      <label htmlFor={`${id}-to`}>
        <span className="acc-field__label">To</span>
        <input
          id={`${id}-to`}
          className="acc-input"
          type="date"
          aria-invalid={errors.to ? true : undefined}
          {...form.register('to')}
        />
        {errors.to ? <span className="acc-field__error">{errors.to.message}</span> : null}
      </label>
      <button type="submit" className="button button--ghost">
        Apply
      </button>
    </form>
  );
}
