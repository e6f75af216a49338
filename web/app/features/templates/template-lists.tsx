import { TEMPLATE_TYPE_TITLES, type TemplateSummary } from '@loopwright/contracts';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { errorMessage } from '../../lib/api-client';
import { templatesApi } from './templates-api';
import './templates.css';

function useTemplates(type?: 'tutorials') {
  const [items, setItems] = useState<TemplateSummary[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    templatesApi.list(type ? { type } : {}).then(
      (r) => live && setItems(r.items),
      (e) => live && setError(errorMessage(e)),
    );
    return () => {
      live = false;
    };
  }, [type]);
  return { items, error };
}

/** Creates the copy and opens it (tutorials start their tour). */
function useUse() {
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const use = async (t: TemplateSummary, tour: boolean) => {
    try {
      const d = await templatesApi.use(t.type, t.id);
      void navigate(`/diagrams/${d.fuid}${tour && t.hasTour ? '?tour=1' : ''}`);
    } catch (e) {
      setError(errorMessage(e));
    }
  };
  return { use, error };
}

function Card({ t, action, onAction }: { t: TemplateSummary; action: string; onAction: () => void }) {
  return (
    <li className="diagram-card">
      <Link to={t.href} className="diagram-card__thumb" tabIndex={-1} aria-hidden="true">
        <img src={t.thumbnailUrl} alt="" width={320} height={168} loading="lazy" />
      </Link>
      <h3>
        <Link to={t.href}>{t.title}</Link>
      </h3>
      <p>{t.description}</p>
      <p className="template-card__meta">
        Chart: {t.chart.join(', ')}
        {t.hasTour ? ' · guided tour' : ''}
      </p>
      <div className="template-card__actions">
        <button type="button" className="button button--ghost" onClick={onAction}>
          {action}
        </button>
        <Link to={t.href} className="button button--ghost" aria-label={`Preview ${t.title}`}>
          Preview
        </Link>
      </div>
    </li>
  );
}

/** The home list's Templates tab: every section but Tutorials (they have their own tab). */
export function TemplateSections() {
  const { items, error } = useTemplates();
  const { use, error: useError } = useUse();
  if (error || useError)
    return (
      <p className="diagram-list__error" role="alert">
        {error ?? useError}
      </p>
    );
  if (!items) return <p role="status">Loading…</p>;
  const types = (['patterns', 'framework', 'deconstructions', 'webinars', 'book', 'community'] as const).filter(
    (type) => items.some((t) => t.type === type),
  );
  return (
    <div className="template-sections">
      {types.map((type) => (
        <section key={type} aria-labelledby={`templates-${type}`}>
          <h2 id={`templates-${type}`}>{TEMPLATE_TYPE_TITLES[type]}</h2>
          <ul className="diagram-grid">
            {items
              .filter((t) => t.type === type)
              .map((t) => (
                <Card key={t.id} t={t} action="Use template" onAction={() => void use(t, false)} />
              ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

/** The Tutorials tab: diagrams with a tour that walks a new designer through the node language. */
export function TutorialList() {
  const { items, error } = useTemplates('tutorials');
  const { use, error: useError } = useUse();
  if (error || useError)
    return (
      <p className="diagram-list__error" role="alert">
        {error ?? useError}
      </p>
    );
  if (!items) return <p role="status">Loading…</p>;
  return (
    <>
      <p>
        Each tutorial opens a copy of a small diagram and plays a guided tour of it. More reading:{' '}
        <Link to="/learn">Economy design fundamentals</Link>, <Link to="/docs">Documentation</Link>,{' '}
        <Link to="/glossary">Glossary</Link>.
      </p>
      <ul className="diagram-grid">
        {items.map((t) => (
          <Card key={t.id} t={t} action="Start tutorial" onAction={() => void use(t, true)} />
        ))}
      </ul>
    </>
  );
}

/** A few templates for the empty diagram list (the first diagram); null while loading (empty if that failed). */
export function useFeaturedTemplates(): TemplateSummary[] | null {
  const { items, error } = useTemplates();
  const featured = ['dynamic-engine', 'first-pool', 'faucets-and-sinks'];
  if (error) return [];
  return (
    items &&
    items.filter((t) => featured.includes(t.id)).sort((a, b) => featured.indexOf(a.id) - featured.indexOf(b.id))
  );
}
