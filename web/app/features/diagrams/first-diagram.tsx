import { useNavigate } from 'react-router';
import { templatesApi } from '../templates/templates-api';
import { useFeaturedTemplates } from './templates';

/**
 * What a newcomer sees on an empty diagram list (and right after onboarding): a blank diagram
 * or one of the templates, one click each.
 */
export function FirstDiagram({
  welcome,
  onCreate,
}: {
  welcome: boolean;
  onCreate: (document?: unknown, name?: string) => void;
}) {
  const featured = useFeaturedTemplates();
  const navigate = useNavigate();
  const use = (type: string, id: string) => templatesApi.use(type, id).then((d) => navigate(`/diagrams/${d.fuid}`));
  // The blank option appears with the templates, so the choice is shown whole at once.
  if (!featured) return <p role="status">Loading…</p>;
  return (
    <section className="first-diagram" aria-labelledby="first-diagram-title">
      <h2 id="first-diagram-title">
        {welcome ? 'Welcome to Loopwright! Start your first diagram' : 'No diagrams yet: start your first one'}
      </h2>
      <p>Begin with a blank canvas, or open a template that already runs and change it to fit your game.</p>
      <ul className="diagram-grid">
        <li className="first-diagram__card">
          <h3>Blank diagram</h3>
          <p>An empty canvas: add pools, sources and converters from the toolbar.</p>
          <button type="button" className="button button--primary" onClick={() => onCreate()}>
            Start blank
          </button>
        </li>
        {featured.map((t) => (
          <li key={t.id} className="first-diagram__card">
            <h3>{t.title}</h3>
            <p>{t.description}</p>
            <button
              type="button"
              className="button button--ghost"
              onClick={() => void use(t.type, t.id)}
              aria-label={`Use the template ${t.title}`}
            >
              Use template
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
