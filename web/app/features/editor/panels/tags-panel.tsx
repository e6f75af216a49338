import { createTagBodySchema } from '@loopwright/contracts';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { useContractForm } from '../../account/forms';
import { diagramsApi, type TagWithCount } from '../../diagrams/diagrams-api';

interface Tag {
  id: string;
  name: string;
  textColor: string;
  backgroundColor: string;
}

/** My tags on this diagram: tick existing ones or create a new one (the diagram must be saved). */
export function TagsPanel({ fuid, initial }: { fuid: string; initial: Tag[] }) {
  const [all, setAll] = useState<TagWithCount[]>([]);
  const [chosen, setChosen] = useState<Set<string>>(new Set(initial.map((t) => t.id)));
  const form = useContractForm(createTagBodySchema, { name: '' });
  const name = form.watch('name');
  const { error: nameError, ...nameField } = form.field('name');
  const problem = nameError ?? form.formError;
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    diagramsApi.tags().then(setAll, (e) => setError(errorMessage(e)));
  }, []);
  const apply = async (next: Set<string>) => {
    setChosen(next);
    try {
      await diagramsApi.setTags(fuid, [...next]);
      setError(null);
    } catch (e) {
      setError(errorMessage(e));
    }
  };
  // Not a <form> (the side panel is not one): Enter and the button submit it.
  const create = form.submitWith(async (data) => {
    const tag = await diagramsApi.createTag(data);
    setAll((a) => [...a, tag]);
    form.reset({ name: '' });
    await apply(new Set([...chosen, tag.id]));
  });
  return (
    <section className="props" aria-label="Tags">
      <h2 className="props__title">Tags</h2>
      {error ? (
        <p className="formula-error" role="alert">
          {error}
        </p>
      ) : null}
      <ul className="tag-list">
        {all.map((t) => (
          <li key={t.id}>
            <label className="tag-option">
              <input
                type="checkbox"
                checked={chosen.has(t.id)}
                onChange={() => {
                  const next = new Set(chosen);
                  next.has(t.id) ? next.delete(t.id) : next.add(t.id);
                  void apply(next);
                }}
              />
              <span className="tag-chip" style={{ color: t.textColor, background: t.backgroundColor }}>
                {t.name}
              </span>
            </label>
          </li>
        ))}
      </ul>
      <div className="prop-field">
        <label htmlFor="new-tag">New tag</label>
        <div className="prop-color">
          <input
            id="new-tag"
            maxLength={40}
            {...nameField}
            aria-invalid={!!problem}
            aria-describedby={problem ? 'new-tag-error' : undefined}
            onKeyDown={(e) => e.key === 'Enter' && void create()}
          />
          <button type="button" className="editor-button" onClick={() => void create()} disabled={!name.trim()}>
            Add
          </button>
        </div>
        {problem ? (
          <p className="formula-error" id="new-tag-error" role="alert">
            {problem}
          </p>
        ) : null}
      </div>
    </section>
  );
}
