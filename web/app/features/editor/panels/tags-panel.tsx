import { createTagBodySchema, RealtimeEvents } from '@loopwright/contracts';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { subscribeLive } from '../../../lib/live-socket';
import { useContractForm } from '../../account/forms';
import { diagramsApi, type TagWithCount } from '../../diagrams/diagrams-api';

export interface Tag {
  id: string;
  name: string;
  textColor: string;
  backgroundColor: string;
}

/**
 * My tags on this diagram: tick existing ones or create a new one (the diagram must be saved).
 * `tags` are the ones on it now (changed from another tab too: see useMyTags); `onChange` hears what the server kept.
 */
export function TagsPanel({ fuid, tags, onChange }: { fuid: string; tags: Tag[]; onChange: (tags: Tag[]) => void }) {
  const [all, setAll] = useState<TagWithCount[]>([]);
  const [chosen, setChosen] = useState<Set<string>>(new Set(tags.map((t) => t.id)));
  useEffect(() => setChosen(new Set(tags.map((t) => t.id))), [tags]);
  const form = useContractForm(createTagBodySchema, { name: '' });
  const name = form.watch('name');
  const { error: nameError, ...nameField } = form.field('name');
  const problem = nameError ?? form.formError;
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    diagramsApi.tags().then(setAll, (e) => setError(errorMessage(e)));
  }, [tags]);
  const apply = async (next: Set<string>) => {
    setChosen(next);
    try {
      onChange(await diagramsApi.setTags(fuid, [...next]));
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

/** My tags on the open diagram, kept up to date when I change them in another tab. */
export function useMyTags(fuid: string, initial: Tag[]): [Tag[], (tags: Tag[]) => void] {
  const [tags, setTags] = useState(initial);
  useEffect(
    () =>
      subscribeLive(RealtimeEvents.tags, (payload) => {
        const change = payload as { fuid?: string; tags?: Tag[] };
        if (change.fuid === fuid && change.tags) setTags(change.tags);
      }),
    [fuid],
  );
  return [tags, setTags];
}
