import { TEMPLATE_TYPE_TITLES, TEMPLATE_TYPES, type TemplateSummary } from '@loopwright/contracts';
import { useState } from 'react';
import { Link } from 'react-router';
import { api, errorMessage } from '../../../lib/api-client';
import { useSession } from '../../account/session';

/** Admins only (Document details): publish this diagram as a template in a section; publishing again updates it. */
export function PublishTemplate({ fuid }: { fuid: string }) {
  const { user } = useSession();
  const [type, setType] = useState<(typeof TEMPLATE_TYPES)[number]>('community');
  const [published, setPublished] = useState<TemplateSummary | null>(null);
  const [error, setError] = useState<string | null>(null);
  if (user?.role !== 'admin') return null;
  const publish = async () => {
    setError(null);
    try {
      setPublished((await api.template.publish({ params: { fuid }, body: { type } })).template);
    } catch (e) {
      setError(errorMessage(e));
    }
  };
  return (
    <div className="prop-field" aria-label="Publish as template" role="group">
      <label htmlFor="publish-template-type">Template section (admin)</label>
      <select id="publish-template-type" value={type} onChange={(e) => setType(e.target.value as typeof type)}>
        {TEMPLATE_TYPES.map((t) => (
          <option key={t} value={t}>
            {TEMPLATE_TYPE_TITLES[t]}
          </option>
        ))}
      </select>
      <button type="button" className="button button--ghost" onClick={() => void publish()}>
        Publish as template
      </button>
      {published ? (
        <p role="status">
          Published: <Link to={published.href}>{published.title}</Link>
        </p>
      ) : null}
      {error ? (
        <p role="alert" className="formula-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
