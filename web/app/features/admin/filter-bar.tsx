import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId } from 'react';
import { useForm } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import { z } from 'zod';

const filterSchema = z.object({
  search: z.string().trim().max(200, 'Search for at most 200 characters'),
  choice: z.string(),
});
type Filter = z.infer<typeof filterSchema>;

/**
 * Search text and one choice (status, state), kept in the address as `search` and `param`, so a
 * filtered list can be shared and survives a reload. Applying a filter goes back to page 1.
 */
export function FilterBar({
  label,
  placeholder,
  param,
  choices,
}: {
  label: string;
  placeholder: string;
  param: string;
  choices: { value: string; label: string }[];
}) {
  const [params, setParams] = useSearchParams();
  const id = useId();
  const current = { search: params.get('search') ?? '', choice: params.get(param) ?? '' };
  const form = useForm<Filter>({ resolver: zodResolver(filterSchema), defaultValues: current });
  const { errors } = form.formState;

  useEffect(() => {
    form.reset(current);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [current.search, current.choice]);

  const apply = (values: Filter) => {
    const next = new URLSearchParams();
    if (values.search) next.set('search', values.search);
    if (values.choice) next.set(param, values.choice);
    setParams(next);
  };

  return (
    <form className="adm-filters" role="search" aria-label={label} noValidate onSubmit={form.handleSubmit(apply)}>
      <label className="adm-filters__search" htmlFor={`${id}-search`}>
        <span className="acc-field__label">Search</span>
        <input
          id={`${id}-search`}
          className="acc-input"
          type="search"
          placeholder={placeholder}
          aria-invalid={errors.search ? true : undefined}
          {...form.register('search')}
        />
        {errors.search ? <span className="acc-field__error">{errors.search.message}</span> : null}
      </label>
      <label htmlFor={`${id}-choice`}>
        <span className="acc-field__label">{choices.length ? param[0].toUpperCase() + param.slice(1) : ''}</span>
        <select
          id={`${id}-choice`}
          className="acc-input acc-input--select"
          {...form.register('choice', { onChange: () => void form.handleSubmit(apply)() })}
        >
          <option value="">All</option>
          {choices.map((c) => (
            <option key={c.value} value={c.value}>
              {c.label}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" className="button button--ghost">
        Search
      </button>
    </form>
  );
}
