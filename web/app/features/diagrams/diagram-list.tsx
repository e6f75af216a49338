import { countOf, TeamTexts, type DiagramSummary } from '@loopwright/contracts';
import { useEffect, useId, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { errorMessage } from '../../lib/api-client';
import { editedAgo } from '../../lib/dates';
import { DiagramRowMenu } from '../sharing/diagram-row-menu';
import { diagramsApi, type TagWithCount } from './diagrams-api';
import { FirstDiagram } from './first-diagram';
import { TagChip, TagsManager } from './tags-manager';
import { TemplateSections, TutorialList } from './templates';
import { TrashList } from './trash-list';
import { BalanceTestList } from '../balance-tests/balance-test-list';
import { newDiagramDocument } from '../library/new-diagram-document';
import { PendingInvitations } from '../teams/pending-invitations';
import { TeamShareOption } from '../teams/team-share-option';
import { useTeamFolder } from '../teams/use-team-folder';
import { DriveImportDialog } from '../drive/drive-import';
import { closeDrivePopup, useDriveStatus } from '../drive/use-drive';
import '../drive/drive.css';
import './diagrams.css';

const TABS = ['My Diagrams', 'Shared with me', 'Team folder', 'Templates', 'Tutorials', 'Tests', 'Trash'] as const;
type Tab = (typeof TABS)[number];
/** Diagrams per page of the list (the API's largest page). */
const PAGE_SIZE = 100;
const SCOPES: Partial<Record<Tab, 'mine' | 'shared' | 'team'>> = {
  'My Diagrams': 'mine',
  'Shared with me': 'shared',
  'Team folder': 'team',
};

/** /diagrams: My Diagrams, Shared with me, Team folder, Templates, Tutorials, Tests and Trash; filter by tag, manage tags, create a new diagram. */
export function DiagramList() {
  const [params, setParams] = useSearchParams();
  const listParam = params.get('list');
  const [tab, setTab] = useState<Tab>(
    listParam === 'trash' ? 'Trash' : listParam === 'team' ? 'Team folder' : 'My Diagrams',
  );
  const [items, setItems] = useState<DiagramSummary[] | null>(null);
  /** The list is read in pages of 100; "Load more" appends the next (the total says how many there are). */
  const [paging, setPaging] = useState<{ page: number; total: number; loading: boolean }>({
    page: 1,
    total: 0,
    loading: false,
  });
  const [error, setError] = useState<string | null>(null);
  const [tags, setTags] = useState<TagWithCount[]>([]);
  const [managing, setManaging] = useState(false);
  const [reload, setReload] = useState(0);
  const [moved, setMoved] = useState<DiagramSummary | null>(null);
  const [teamsVersion, setTeamsVersion] = useState(0);
  const [teamMove, setTeamMove] = useState<{ name: string; to: 'Team folder' | 'My Diagrams' } | null>(null);
  const { team, showFolder } = useTeamFolder(teamsVersion);
  const tagId = params.get('tag') ?? '';
  const navigate = useNavigate();
  const base = useId();
  const scope = SCOPES[tab];
  const listed = scope !== undefined;
  const currentTab = useRef(tab);
  const drive = useDriveStatus();
  const [driveOpen, setDriveOpen] = useState(false);
  // Back from Google in the Drive pop-up: close it (the opener re-reads the status).
  useEffect(() => {
    closeDrivePopup(params);
  }, [params]);
  currentTab.current = tab;
  useEffect(() => {
    diagramsApi.tags().then(setTags, () => undefined);
  }, [reload]);
  useEffect(() => {
    if (!scope) return;
    let live = true;
    setItems(null);
    diagramsApi.list({ scope, pageSize: PAGE_SIZE, ...(tagId ? { tag: tagId } : {}) }).then(
      (r) => {
        if (!live) return;
        setItems(r.items);
        setPaging({ page: 1, total: r.total, loading: false });
      },
      (e) => live && setError(errorMessage(e)),
    );
    return () => {
      live = false;
    };
  }, [scope, tagId, reload, teamsVersion]);
  const loadMore = async () => {
    if (!scope) return;
    const page = paging.page + 1;
    setPaging((l) => ({ ...l, loading: true }));
    try {
      const r = await diagramsApi.list({ scope, page, pageSize: PAGE_SIZE, ...(tagId ? { tag: tagId } : {}) });
      // A diagram that moved up a page meanwhile (saved elsewhere) is not listed twice.
      setItems((list) => [...(list ?? []), ...r.items.filter((d) => !list?.some((x) => x.fuid === d.fuid))]);
      setPaging({ page, total: r.total, loading: false });
    } catch (e) {
      setPaging((l) => ({ ...l, loading: false }));
      setError(errorMessage(e));
    }
  };
  const filterBy = (id: string) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (id) next.set('tag', id);
        else next.delete('tag');
        return next;
      },
      { replace: true },
    );
  const create = async (document?: unknown, name?: string) => {
    try {
      // New diagrams made in the Team folder belong to the team workspace; a blank one starts with
      // the time steps of the user's Global Settings.
      const d = await diagramsApi.create({
        name,
        document: document ?? (await newDiagramDocument()),
        workspaceId: tab === 'Team folder' && team ? team.id : undefined,
      });
      void navigate(`/diagrams/${d.fuid}`);
    } catch (e) {
      setError(errorMessage(e));
    }
  };
  const moveToTrash = async (d: DiagramSummary) => {
    try {
      await diagramsApi.remove(d.fuid);
      setItems((list) => list?.filter((x) => x.fuid !== d.fuid) ?? null);
      // Gone to another tab meanwhile: the notice (and its Undo) belongs to the list it came from.
      if (currentTab.current === 'My Diagrams') setMoved(d);
    } catch (e) {
      setError(errorMessage(e));
    }
  };
  const undo = async (d: DiagramSummary) => {
    try {
      await diagramsApi.restore(d.fuid);
      setMoved(null);
      setReload((r) => r + 1);
    } catch (e) {
      setError(errorMessage(e));
    }
  };
  const filterTag = tags.find((t) => t.id === tagId);
  return (
    <div className="diagram-list">
      <header className="diagram-list__head">
        <h1>Diagrams</h1>
        <div className="diagram-list__head-actions">
          <button type="button" className="button button--ghost" onClick={() => setManaging(true)}>
            Manage tags
          </button>
          {drive.available ? (
            <button type="button" className="button button--ghost" onClick={() => setDriveOpen(true)}>
              Import from Google Drive
            </button>
          ) : null}
          <button type="button" className="button button--primary" onClick={() => void create()}>
            New diagram
          </button>
        </div>
      </header>
      {driveOpen ? (
        <DriveImportDialog connected={drive.connected} refresh={drive.refresh} onClose={() => setDriveOpen(false)} />
      ) : null}
      <div role="tablist" aria-label="Diagram lists" className="diagram-list__tabs">
        {TABS.filter((t) => t !== 'Team folder' || showFolder).map((t) => (
          <button
            key={t}
            id={`${base}-${t}`}
            role="tab"
            type="button"
            aria-selected={tab === t}
            aria-controls={`${base}-panel`}
            onClick={() => {
              setTab(t);
              setError(null);
              setMoved(null);
            }}
          >
            {t}
          </button>
        ))}
      </div>
      <PendingInvitations onAccepted={() => setTeamsVersion((v) => v + 1)} />
      {team?.downgraded && team.role === 'member' ? (
        <p className="diagram-list__error" role="status">
          {TeamTexts.downgraded}
        </p>
      ) : null}
      {listed && tags.length ? (
        <div className="diagram-list__filters">
          <label>
            <span>Filter by tag</span>
            <select className="acc-input" value={tagId} onChange={(e) => filterBy(e.target.value)}>
              <option value="">All diagrams</option>
              {tags.map((t) => (
                <option key={t.id} value={t.id}>
                  {t.name} ({t.diagramCount})
                </option>
              ))}
            </select>
          </label>
          {filterTag ? (
            <span className="diagram-list__filter-note">
              Showing diagrams tagged <TagChip tag={filterTag} />{' '}
              <button type="button" className="acc-link-button" onClick={() => filterBy('')}>
                Clear filter
              </button>
            </span>
          ) : null}
        </div>
      ) : null}
      {teamMove && teamMove.to !== tab ? (
        <p className="trash__status" role="status">
          {teamMove.to === 'Team folder'
            ? `“${teamMove.name}” is shared with the team: it moved to the Team folder, where anyone in ${team?.name ?? 'the team'} can edit it.`
            : `“${teamMove.name}” is no longer shared with the team: it moved back to My Diagrams.`}{' '}
          <button
            type="button"
            className="acc-link-button"
            onClick={() => {
              setTab(teamMove.to);
              setTeamMove(null);
            }}
          >
            Open {teamMove.to}
          </button>
        </p>
      ) : null}
      {moved ? (
        <p className="trash__status" role="status">
          “{moved.name}” moved to the Trash.{' '}
          <button type="button" className="acc-link-button" onClick={() => void undo(moved)}>
            Undo
          </button>
        </p>
      ) : null}
      {error ? (
        <p className="diagram-list__error" role="alert">
          {error}
        </p>
      ) : null}
      <div role="tabpanel" id={`${base}-panel`} aria-labelledby={`${base}-${tab}`}>
        {tab === 'Templates' ? (
          <TemplateSections />
        ) : tab === 'Tutorials' ? (
          <TutorialList />
        ) : tab === 'Tests' ? (
          <BalanceTestList />
        ) : tab === 'Trash' ? (
          <TrashList onRestored={() => setReload((r) => r + 1)} />
        ) : items === null ? (
          <p role="status">Loading…</p>
        ) : items.length === 0 ? (
          filterTag ? (
            <p className="diagram-list__empty">No diagram here is tagged “{filterTag.name}”.</p>
          ) : tab === 'My Diagrams' ? (
            <FirstDiagram welcome={params.has('welcome')} onCreate={(document, name) => void create(document, name)} />
          ) : tab === 'Team folder' ? (
            <p className="diagram-list__empty">
              No diagrams in the team folder yet. Diagrams you create here, or share with the team, belong to{' '}
              {team?.name ?? 'the team'}: anyone in the team can edit them.
            </p>
          ) : (
            <p className="diagram-list__empty">Nobody has shared a diagram with you yet.</p>
          )
        ) : (
          <ul className="diagram-grid">
            {items.map((d) => (
              <li key={d.fuid} className="diagram-card">
                {/* The server's picture of the saved diagram (revalidated by ETag, so it follows every save). */}
                <Link to={`/diagrams/${d.fuid}`} tabIndex={-1} aria-hidden="true" className="diagram-card__thumb">
                  <img src={`/share-thumbnail/${d.fuid}/png`} alt="" width={320} height={168} loading="lazy" />
                </Link>
                <DiagramRowMenu diagram={d} onChanged={() => setReload((r) => r + 1)} onError={setError} />
                <h2>
                  <Link to={`/diagrams/${d.fuid}`}>{d.name}</Link>
                </h2>
                <p>
                  {countOf(d.counts.components, 'component')} ·{' '}
                  <span title={d.updatedAt}>Last edited: {editedAgo(d.updatedAt)}</span>
                  {tab !== 'My Diagrams' ? ` · by ${d.owner.name || d.owner.username}` : ''}
                </p>
                {showFolder && d.access === 'owner' && tab !== 'Shared with me' ? (
                  <TeamShareOption
                    fuid={d.fuid}
                    compact
                    onChange={(shared) => {
                      setTeamsVersion((v) => v + 1);
                      // It leaves this list for the other one: say where it went.
                      setTeamMove({ name: d.name, to: shared ? 'Team folder' : 'My Diagrams' });
                    }}
                  />
                ) : null}
                {d.tags.length ? (
                  <p className="diagram-card__tags">
                    {d.tags.map((t) => (
                      <TagChip
                        key={t.id}
                        tag={t}
                        pressed={t.id === tagId}
                        onClick={() => filterBy(t.id === tagId ? '' : t.id)}
                      />
                    ))}
                  </p>
                ) : null}
                {d.access === 'owner' ? (
                  <div className="diagram-card__actions">
                    <button
                      type="button"
                      className="button button--ghost button--small"
                      onClick={() => void moveToTrash(d)}
                      aria-label={`Delete ${d.name}`}
                    >
                      Delete
                    </button>
                  </div>
                ) : null}
              </li>
            ))}
          </ul>
        )}
        {items && listed && items.length < paging.total ? (
          <p className="diagram-list__more">
            <button
              type="button"
              className="button button--ghost"
              disabled={paging.loading}
              onClick={() => void loadMore()}
            >
              {paging.loading ? 'Loading…' : 'Load more'}
            </button>{' '}
            <span role="status">
              {items.length} of {paging.total} diagrams
            </span>
          </p>
        ) : null}
      </div>
      {managing ? (
        <TagsManager
          onClose={() => {
            setManaging(false);
            setReload((r) => r + 1);
          }}
          onChanged={(next) => {
            setTags(next);
            if (tagId && !next.some((t) => t.id === tagId)) filterBy('');
          }}
        />
      ) : null}
    </div>
  );
}
