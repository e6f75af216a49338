import type { DiagramSummary } from '@loopwright/contracts';
import { useEffect, useId, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { errorMessage } from '../../lib/api-client';
import { diagramsApi } from './diagrams-api';
import { FirstDiagram } from './first-diagram';
import { BalanceTestList } from '../balance-tests/balance-test-list';
import { newDiagramDocument } from '../library/editor-preferences';
import { TemplateSections, TutorialList } from './templates';
import './diagrams.css';

const TABS = ['My Diagrams', 'Shared with me', 'Templates', 'Tutorials', 'Tests'] as const;
type Tab = (typeof TABS)[number];

function edited(at: string): string {
  const minutes = (Date.now() - Date.parse(at)) / 60000;
  if (minutes < 15) return 'a few minutes ago';
  if (minutes < 60) return `${Math.round(minutes)} minutes ago`;
  const days = minutes / 1440;
  if (days < 1) return `${Math.round(minutes / 60)} hours ago`;
  if (days <= 30) return `${Math.round(days)} days ago`;
  return days < 365 ? 'more than 1 month' : 'more than 1 year';
}

/** /diagrams: My Diagrams, Shared with me, Templates, Tutorials and Tests; create a new diagram. */
export function DiagramList() {
  const [tab, setTab] = useState<Tab>('My Diagrams');
  const [items, setItems] = useState<DiagramSummary[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const base = useId();
  useEffect(() => {
    if (tab !== 'My Diagrams' && tab !== 'Shared with me') return;
    let live = true;
    setItems(null);
    diagramsApi.list({ scope: tab === 'My Diagrams' ? 'mine' : 'shared', pageSize: 100 }).then((r) => live && setItems(r.items), (e) => live && setError(errorMessage(e)));
    return () => { live = false; };
  }, [tab]);
  const create = async (document?: unknown, name?: string) => {
    try {
      // A blank diagram starts with the time steps of the user's Global Settings.
      const d = await diagramsApi.create({ name, document: document ?? (await newDiagramDocument()) });
      void navigate(`/diagrams/${d.fuid}`);
    } catch (e) {
      setError(errorMessage(e));
    }
  };
  return (
    <div className="diagram-list">
      <header className="diagram-list__head">
        <h1>Diagrams</h1>
        <button type="button" className="button button--primary" onClick={() => void create()}>New diagram</button>
      </header>
      <div role="tablist" aria-label="Diagram lists" className="diagram-list__tabs">
        {TABS.map((t) => (
          <button key={t} id={`${base}-${t}`} role="tab" type="button" aria-selected={tab === t} aria-controls={`${base}-panel`} onClick={() => setTab(t)}>{t}</button>
        ))}
      </div>
      {error ? <p className="diagram-list__error" role="alert">{error}</p> : null}
      <div role="tabpanel" id={`${base}-panel`} aria-labelledby={`${base}-${tab}`}>
        {tab === 'Templates' ? <TemplateSections /> : tab === 'Tutorials' ? <TutorialList /> : tab === 'Tests' ? <BalanceTestList /> : items === null ? <p role="status">Loading…</p> : items.length === 0 ? (
          tab === 'My Diagrams' ? <FirstDiagram welcome={params.has('welcome')} onCreate={(document, name) => void create(document, name)} /> : <p className="diagram-list__empty">Nobody has shared a diagram with you yet.</p>
        ) : (
          <ul className="diagram-grid">
            {items.map((d) => (
              <li key={d.fuid} className="diagram-card">
                {/* The server's picture of the saved diagram (revalidated by ETag, so it follows every save). */}
                <Link to={`/diagrams/${d.fuid}`} tabIndex={-1} aria-hidden="true" className="diagram-card__thumb">
                  <img src={`/share-thumbnail/${d.fuid}/png`} alt="" width={320} height={168} loading="lazy" />
                </Link>
                <h2><Link to={`/diagrams/${d.fuid}`}>{d.name}</Link></h2>
                <p>{d.counts.components} components · edited {edited(d.updatedAt)}{tab === 'Shared with me' ? ` · by ${d.owner.name || d.owner.username}` : ''}</p>
                {d.tags.length ? <p className="diagram-card__tags">{d.tags.map((t) => <span key={t.id} className="tag-chip" style={{ color: t.textColor, background: t.backgroundColor }}>{t.name}</span>)}</p> : null}
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
