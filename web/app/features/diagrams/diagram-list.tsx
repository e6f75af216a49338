import { TeamTexts, type DiagramSummary } from '@loopwright/contracts';
import { useEffect, useId, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { errorMessage } from '../../lib/api-client';
import { diagramsApi } from './diagrams-api';
import { FirstDiagram } from './first-diagram';
import { TEMPLATES, TUTORIALS } from './templates';
import { PendingInvitations } from '../teams/pending-invitations';
import { TeamShareOption } from '../teams/team-share-option';
import { useTeamFolder } from '../teams/use-team-folder';
import './diagrams.css';

const TABS = ['My Diagrams', 'Shared with me', 'Team folder', 'Templates', 'Tutorials'] as const;
type Tab = (typeof TABS)[number];
const SCOPES: Partial<Record<Tab, 'mine' | 'shared' | 'team'>> = { 'My Diagrams': 'mine', 'Shared with me': 'shared', 'Team folder': 'team' };

function edited(at: string): string {
  const minutes = (Date.now() - Date.parse(at)) / 60000;
  if (minutes < 15) return 'a few minutes ago';
  if (minutes < 60) return `${Math.round(minutes)} minutes ago`;
  const days = minutes / 1440;
  if (days < 1) return `${Math.round(minutes / 60)} hours ago`;
  if (days <= 30) return `${Math.round(days)} days ago`;
  return days < 365 ? 'more than 1 month' : 'more than 1 year';
}

/** /diagrams: My Diagrams, Shared with me, Templates and Tutorials; create a new diagram. */
export function DiagramList() {
  const [params] = useSearchParams();
  const [tab, setTab] = useState<Tab>(params.get('list') === 'team' ? 'Team folder' : 'My Diagrams');
  const [items, setItems] = useState<DiagramSummary[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [teamsVersion, setTeamsVersion] = useState(0);
  const { team, showFolder } = useTeamFolder(teamsVersion);
  const navigate = useNavigate();
  const base = useId();
  const scope = SCOPES[tab];
  useEffect(() => {
    if (!scope) return;
    let live = true;
    setItems(null);
    diagramsApi.list({ scope, pageSize: 100 }).then((r) => live && setItems(r.items), (e) => live && setError(errorMessage(e)));
    return () => { live = false; };
  }, [scope, teamsVersion]);
  const create = async (document?: unknown, name?: string) => {
    try {
      // New diagrams made in the Team folder belong to the team workspace.
      const d = await diagramsApi.create({ name, document, workspaceId: tab === 'Team folder' && team ? team.id : undefined });
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
        {TABS.filter((t) => t !== 'Team folder' || showFolder).map((t) => (
          <button key={t} id={`${base}-${t}`} role="tab" type="button" aria-selected={tab === t} aria-controls={`${base}-panel`} onClick={() => setTab(t)}>{t}</button>
        ))}
      </div>
      <PendingInvitations onAccepted={() => setTeamsVersion((v) => v + 1)} />
      {team?.downgraded && team.role === 'member' ? <p className="diagram-list__error" role="status">{TeamTexts.downgraded}</p> : null}
      {error ? <p className="diagram-list__error" role="alert">{error}</p> : null}
      <div role="tabpanel" id={`${base}-panel`} aria-labelledby={`${base}-${tab}`}>
        {tab === 'Templates' ? (
          <ul className="diagram-grid">
            {TEMPLATES.map((t) => (
              <li key={t.id} className="diagram-card">
                <h2>{t.title}</h2>
                <p>{t.description}</p>
                <button type="button" className="button button--ghost" onClick={() => void create(t.document, t.title)}>Use template</button>
              </li>
            ))}
          </ul>
        ) : tab === 'Tutorials' ? (
          <ul className="diagram-grid">
            {TUTORIALS.map((t) => <li key={t.href} className="diagram-card"><h2><Link to={t.href}>{t.title}</Link></h2></li>)}
          </ul>
        ) : items === null ? <p role="status">Loading…</p> : items.length === 0 ? (
          tab === 'My Diagrams' ? <FirstDiagram welcome={params.has('welcome')} onCreate={(document, name) => void create(document, name)} />
            : tab === 'Team folder' ? <p className="diagram-list__empty">No diagrams in the team folder yet. Diagrams you create here, or share with the team, belong to {team?.name ?? 'the team'}: anyone in the team can edit them.</p>
            : <p className="diagram-list__empty">Nobody has shared a diagram with you yet.</p>
        ) : (
          <ul className="diagram-grid">
            {items.map((d) => (
              <li key={d.fuid} className="diagram-card">
                {/* The server's picture of the saved diagram (revalidated by ETag, so it follows every save). */}
                <Link to={`/diagrams/${d.fuid}`} tabIndex={-1} aria-hidden="true" className="diagram-card__thumb">
                  <img src={`/share-thumbnail/${d.fuid}/png`} alt="" width={320} height={168} loading="lazy" />
                </Link>
                <h2><Link to={`/diagrams/${d.fuid}`}>{d.name}</Link></h2>
                <p>{d.counts.components} components · edited {edited(d.updatedAt)}{tab !== 'My Diagrams' ? ` · by ${d.owner.name || d.owner.username}` : ''}</p>
                {showFolder && d.access === 'owner' && tab !== 'Shared with me' ? <TeamShareOption fuid={d.fuid} compact onChange={() => setTeamsVersion((v) => v + 1)} /> : null}
                {d.tags.length ? <p className="diagram-card__tags">{d.tags.map((t) => <span key={t.id} className="tag-chip" style={{ color: t.textColor, background: t.backgroundColor }}>{t.name}</span>)}</p> : null}
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
