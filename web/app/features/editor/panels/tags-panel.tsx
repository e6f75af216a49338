import { useEffect, useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { diagramsApi, type TagWithCount } from '../../diagrams/diagrams-api';

interface Tag { id: string; name: string; textColor: string; backgroundColor: string }

/** My tags on this diagram: tick existing ones or create a new one (the diagram must be saved). */
export function TagsPanel({ fuid, initial }: { fuid: string; initial: Tag[] }) {
  const [all, setAll] = useState<TagWithCount[]>([]);
  const [chosen, setChosen] = useState<Set<string>>(new Set(initial.map((t) => t.id)));
  const [name, setName] = useState('');
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
  const create = async () => {
    if (!name.trim()) return;
    try {
      const tag = await diagramsApi.createTag({ name: name.trim() });
      setAll((a) => [...a, tag]);
      setName('');
      await apply(new Set([...chosen, tag.id]));
    } catch (e) {
      setError(errorMessage(e));
    }
  };
  return (
    <section className="props" aria-label="Tags">
      <h2 className="props__title">Tags</h2>
      {error ? <p className="formula-error" role="alert">{error}</p> : null}
      <ul className="tag-list">
        {all.map((t) => (
          <li key={t.id}>
            <label className="tag-option">
              <input type="checkbox" checked={chosen.has(t.id)} onChange={() => {
                const next = new Set(chosen);
                next.has(t.id) ? next.delete(t.id) : next.add(t.id);
                void apply(next);
              }} />
              <span className="tag-chip" style={{ color: t.textColor, background: t.backgroundColor }}>{t.name}</span>
            </label>
          </li>
        ))}
      </ul>
      <div className="prop-field">
        <label htmlFor="new-tag">New tag</label>
        <div className="prop-color">
          <input id="new-tag" value={name} maxLength={40} onChange={(e) => setName(e.target.value)} onKeyDown={(e) => e.key === 'Enter' && void create()} />
          <button type="button" className="editor-button" onClick={() => void create()} disabled={!name.trim()}>Add</button>
        </div>
      </div>
    </section>
  );
}
