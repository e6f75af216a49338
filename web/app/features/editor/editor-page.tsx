import { countOf, type DiagramView, type Revision } from '@loopwright/contracts';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, Navigate, useLocation } from 'react-router';
import { ApiError, errorMessage } from '../../lib/api-client';
import { diagramsApi } from '../diagrams/diagrams-api';
import { loadDiagram } from '../diagrams/prefetch';
import { Dialog } from './dialog';
import { Editor } from './editor';
import type { EditorServices } from './editor-context';
import { EditorMenu } from './io/editor-menu';
import { normalizeDiagram } from './model/defaults';
import type { EditorDiagram } from './model/types';
import { DetailsPanel } from './panels/details-panel';
import { TagsPanel, useMyTags } from './panels/tags-panel';
import { VersionsPanel } from './panels/versions-panel';
import { fromStoredPlay, toPlayBody } from './play-convert';
import type { RunController } from './runs/run-controller';
import type { Play, ServerRuns } from './runs/run-types';
import { clearDraft, readDraft } from './save/drafts';
import { documentProblem } from './save/integrity';
import { SaveController } from './save/save-controller';
import { SaveStatus } from './save/save-status';
import { useLiveNotice, type GoneReason } from './live/use-diagram-live';
import { LiveSession } from './live/live-session';
import { LivePeople } from './live/live-people';
import { useLiveFacts, useLiveSessionLifetime } from './live/use-live-facts';
import { CorruptedDialog, GoneDialog, OfflineAlert, ReleaseBanner } from './live/editor-alerts';
import { When } from '../../ui/when';
import { displayName, useSession } from '../account/session';
import { ForkedFrom } from '../sharing/forked-from';
import { useMakeCopy } from '../sharing/make-copy';
import { ReadOnlyBanner } from '../sharing/read-only-banner';
import { ShareButton } from '../sharing/share-button';
import { EditorSocial } from '../social/editor-social';
import { useDiagramTour } from './tours/use-diagram-tour';
import { TourButton, TourPlayer } from './tours/tour-player';
import { TourPanel } from './tours/tour-panel';
import { BalanceTestsPanel } from './panels/balance-tests-panel';
import { LibraryPanel } from './library/library-panel';
import { clearEditorPreferences, loadEditorPreferences } from './library/editor-preferences';
import type { ComparePair } from './compare/compare-view';
import { ProposalsPanel } from './proposals/proposals-panel';
import { ProposeButton } from './proposals/propose-button';
import { CommentLayer } from './comments/comment-layer';
import { CommentsPanel } from './comments/comments-panel';
import { useComments } from './comments/use-comments';
import { lazyPart } from './lazy-part';
import { afterFirstPaint } from '../../lib/after-first-paint';

// Not shown when a diagram opens, and what brings the engine's study, diff and lever code to the
// page: in chunks of their own, fetched a little after the diagram is on screen.
const PlayHistoryPanel = lazyPart(() => import('./panels/play-history-panel').then((m) => m.PlayHistoryPanel));
const BalancePanel = lazyPart(() => import('./balance-studio/balance-panel').then((m) => m.BalancePanel));
const CompareView = lazyPart(() => import('./compare/compare-view').then((m) => m.CompareView));
const ProposalReview = lazyPart(() => import('./proposals/proposal-review').then((m) => m.ProposalReview));
const LATER_PARTS = [PlayHistoryPanel, BalancePanel, CompareView, ProposalReview];
/** How long after the open the later parts' code is fetched (then compiled when the page is idle). */
const LATER_PARTS_MS = 2000;

function usePreloadLaterParts(): void {
  useEffect(() => {
    let cancel: (() => void) | null = null;
    const timer = setTimeout(() => {
      cancel = afterFirstPaint(() => LATER_PARTS.forEach((part) => void part.preload().catch(() => undefined)));
    }, LATER_PARTS_MS);
    return () => {
      clearTimeout(timer);
      cancel?.();
    };
  }, []);
}

interface Loaded {
  diagram: DiagramView;
  doc: EditorDiagram;
  baseVersion: number;
  dirty: boolean;
}

type Corrupted = { problem: string; canRecover: boolean; recover: () => Promise<void> };

/** The newest version in the history that can be opened becomes the current one again. */
async function recoverLastGoodVersion(fuid: string): Promise<void> {
  const { items } = await diagramsApi.versions(fuid);
  for (const item of items) {
    const version = await diagramsApi.version(fuid, item.id);
    if (documentProblem(version.document)) continue;
    await diagramsApi.restoreVersion(fuid, item.id);
    return;
  }
  throw new Error('No saved version of this diagram can be opened');
}

/** /diagrams/{fuid}: loads the diagram (and any unsaved draft of it in this browser), then the editor saving to the API. */
export default function EditorPage({ fuid }: { fuid: string }) {
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [error, setError] = useState<string | null>(null);
  const { user } = useSession();
  const location = useLocation();
  const [corrupted, setCorrupted] = useState<Corrupted | null>(null);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    setLoaded(null);
    setCorrupted(null);
    // The first load may use the prefetched diagram; a retry after recovering reads it anew.
    (attempt ? diagramsApi.get(fuid) : loadDiagram(fuid)).then(
      (diagram) => {
        if (!live) return;
        const again = () => setAttempt((a) => a + 1);
        const draft = diagram.access === 'viewer' ? null : readDraft(fuid);
        // A draft the server never got wins; a save from it meets the conflict dialog if the server moved on.
        if (draft && draft.baseVersion <= diagram.version) {
          const problem = documentProblem(draft.doc);
          if (!problem)
            return setLoaded({
              diagram,
              doc: normalizeDiagram(draft.doc),
              baseVersion: draft.baseVersion,
              dirty: true,
            });
          // This browser's unsaved copy is unreadable: the server's last saved version is the way back.
          return setCorrupted({
            problem,
            canRecover: true,
            recover: () => {
              clearDraft(fuid);
              again();
              return Promise.resolve();
            },
          });
        }
        const problem = documentProblem(diagram.document);
        if (problem)
          return setCorrupted({
            problem,
            canRecover: diagram.access !== 'viewer',
            recover: async () => {
              await recoverLastGoodVersion(fuid);
              again();
            },
          });
        setLoaded({ diagram, doc: normalizeDiagram(diagram.document), baseVersion: diagram.version, dirty: false });
      },
      (e) => live && setError(e instanceof ApiError && e.status === 404 ? 'Diagram not found' : errorMessage(e)),
    );
    return () => {
      live = false;
    };
  }, [fuid, attempt]);
  if (error) {
    // A visitor may have been sent a diagram that is not public (shared with their e-mail): log in
    // first. Every unknown diagram does the same, so this tells nothing about which ones exist.
    if (!user && error === 'Diagram not found')
      return <Navigate to={`/login?returnTo=${encodeURIComponent(location.pathname + location.search)}`} replace />;
    return (
      <div className="editor-message" role="alert">
        <h1>{error}</h1>
        <Link to="/diagrams">Back to my diagrams</Link>
      </div>
    );
  }
  if (corrupted)
    return (
      <div className="editor-message">
        <CorruptedDialog problem={corrupted.problem} canRecover={corrupted.canRecover} onRecover={corrupted.recover} />
      </div>
    );
  if (!loaded)
    return (
      <div className="editor-message" role="status">
        Loading the diagram…
      </div>
    );
  if (loaded.diagram.access === 'viewer') return <ViewOnlyEditor key={fuid} diagram={loaded.diagram} />;
  return <LoadedEditor key={`${fuid}:${attempt}`} fuid={fuid} loaded={loaded} />;
}

/**
 * A Viewer, a link viewer or a visitor: look, select, inspect and run locally; no edits, no save.
 * The live document still comes in: what the editors change shows here as they change it.
 */
function ViewOnlyEditor({ diagram }: { diagram: DiagramView }) {
  const doc = useMemo(() => normalizeDiagram(diagram.document), [diagram]);
  const { user } = useSession();
  // A viewer is told live when the diagram is deleted or no longer shared with them.
  const [gone, setGone] = useState<GoneReason | null>(null);
  useLiveNotice(diagram.fuid, () => Promise.resolve(false), setGone);
  const tour = useDiagramTour(diagram.fuid);
  const [name, setName] = useState(diagram.name);
  const [live, setLive] = useState<LiveSession | null>(null);
  useLiveSessionLifetime(live, setGone);
  useLiveFacts(live, tour, setName);
  const onReady = useCallback(
    (s: EditorServices) =>
      setLive(
        new LiveSession(
          diagram.fuid,
          s.store,
          s.store.doc,
          user ? { id: user.id, name: displayName(user) } : null,
          true,
        ),
      ),
    [diagram.fuid, user],
  );
  const { search } = useLocation();
  const comments = useComments(diagram.fuid, user?.id ?? null, new URLSearchParams(search).get('comment'));
  return (
    <>
      <Editor
        back={user ? undefined : { to: '/community', label: 'Back to the community' }}
        title={name}
        doc={doc}
        onReady={onReady}
        readOnly
        canvasOverlay={<CommentLayer comments={comments} />}
        side={() => ({ Comments: <CommentsPanel comments={comments} /> })}
        banner={<ReadOnlyBanner diagram={diagram} />}
        header={() => (
          <>
            {diagram.source ? <ForkedFrom source={diagram.source} /> : null}
            {live ? <LivePeople live={live} /> : null}
            {diagram.privacy.community ? <EditorSocial diagram={diagram} /> : null}
            <TourButton tour={tour} />
            <TourPlayer tour={tour} />
          </>
        )}
      />
      <OfflineAlert />
      {gone ? <GoneDialog reason={gone} access={diagram.access} /> : null}
    </>
  );
}

function LoadedEditor({ fuid, loaded }: { fuid: string; loaded: Loaded }) {
  const [meta, setMeta] = useState({ name: loaded.diagram.name, description: loaded.diagram.description });
  const [privacy, setPrivacy] = useState(loaded.diagram.privacy);
  const copier = useMakeCopy(fuid);
  const [refresh, setRefresh] = useState(0);
  const [save, setSave] = useState<SaveController | null>(null);
  const [preview, setPreview] = useState<{ doc: EditorDiagram; version: Revision } | null>(null);
  const [compare, setCompare] = useState<{ pair: ComparePair; versions: Revision[] } | null>(null);
  // A notification of a proposal links here with ?proposal=<id>: open its review.
  const { search } = useLocation();
  const [reviewing, setReviewing] = useState<string | null>(() => new URLSearchParams(search).get('proposal'));
  const { user } = useSession();
  const comments = useComments(fuid, user?.id ?? null, new URLSearchParams(search).get('comment'));
  const services = useRef<EditorServices | null>(null);
  const tour = useDiagramTour(fuid);
  const [gone, setGone] = useState<GoneReason | null>(null);
  const [live, setLive] = useState<LiveSession | null>(null);
  // The name and tour anyone saves, and my tags set in another tab, show here live.
  useLiveFacts(live, tour, (name) => setMeta((m) => (m.name === name ? m : { ...m, name })));
  const [tags, setTags] = useMyTags(fuid, loaded.diagram.tags);
  // Co-edited live: saves and restores by others reach this tab through the live document, not as notices.
  useLiveNotice(fuid, () => Promise.resolve(true), setGone);
  useLiveSessionLifetime(live, setGone);

  useEffect(() => clearEditorPreferences, []);
  usePreloadLaterParts();
  const onReady = useCallback(
    (s: EditorServices, runs: RunController) => {
      services.current = s;
      runs.setRunStepsLimit(loaded.diagram.runStepsLimit);
      loadEditorPreferences(s);
      const serverDoc = documentProblem(loaded.diagram.document) ? null : normalizeDiagram(loaded.diagram.document);
      // Opened from the server's document: that very object, the first entry of the store's history
      // (edits made before the live document syncs then go in step by step); from a draft, the server's.
      const session = new LiveSession(
        fuid,
        s.store,
        loaded.dirty ? (serverDoc ?? s.store.doc) : loaded.doc,
        user ? { id: user.id, name: displayName(user) } : null,
      );
      setLive(session);
      setSave(new SaveController(fuid, s.store, loaded.baseVersion, loaded.dirty, serverDoc, session));
    },
    [fuid, loaded, user],
  );
  useEffect(() => () => save?.dispose(), [save]);
  useEffect(() => {
    const warn = (e: BeforeUnloadEvent) => {
      if (save?.dirty) e.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [save]);

  const onPlay = useCallback(
    (play: Play) => {
      const version = save?.state.get().baseVersion ?? loaded.baseVersion;
      diagramsApi.createPlay(fuid, toPlayBody(play, version)).then(
        () => setRefresh((r) => r + 1),
        () => undefined,
      );
    },
    [fuid, save, loaded],
  );

  const serverRuns = useMemo<ServerRuns>(
    () => ({
      start: async (runs, seed) => {
        await save?.save();
        return (await diagramsApi.serverBatch(fuid, { runs, seed })).id;
      },
      cancel: async (playId) => {
        await diagramsApi.cancelServerBatch(fuid, playId);
      },
      poll: async (playId) => {
        const p = await diagramsApi.play(fuid, playId);
        // The server keeps every batch in the history: show it once it ends, however it ends.
        if (p.status === 'done' || p.status === 'cancelled' || p.status === 'failed') setRefresh((r) => r + 1);
        const nameOf = (id: string) => services.current?.store.doc.nodes.find((n) => n.id === id)?.name || id;
        return {
          status: p.status,
          completed: p.completedRuns,
          total: p.runs,
          error: p.error,
          chart: p.status === 'done' ? fromStoredPlay(p, nameOf) : null,
        };
      },
    }),
    [fuid, save],
  );

  // A restored version or an accepted proposal reaches everyone through the live document: the panels read again.
  const reloadFromServer = () => setRefresh((r) => r + 1);

  return (
    <>
      <Editor
        title={meta.name}
        onRename={
          save
            ? async (name) => {
                const d = await diagramsApi.update(fuid, { name });
                setMeta({ name: d.name, description: d.description });
              }
            : undefined
        }
        doc={loaded.doc}
        onReady={onReady}
        onPlay={onPlay}
        onSaveNow={() => void save?.save()}
        serverRuns={serverRuns}
        canvasOverlay={<CommentLayer comments={comments} />}
        header={() => (
          <>
            {save ? (
              <>
                {loaded.diagram.source ? <ForkedFrom source={loaded.diagram.source} /> : null}
                {loaded.diagram.source?.available && loaded.diagram.access === 'owner' ? (
                  <ProposeButton
                    fuid={fuid}
                    sourceName={loaded.diagram.source.name}
                    saveFirst={async () => {
                      await save.save();
                    }}
                  />
                ) : null}
                {live ? <LivePeople live={live} /> : null}
                <SaveStatus save={save} />
                <EditorMenu
                  fuid={fuid}
                  name={meta.name}
                  description={meta.description}
                  version={() => save.state.get().baseVersion}
                  saveNow={() => save.save()}
                  onMakeCopy={() =>
                    void save
                      .save()
                      .catch(() => undefined)
                      .then(() => copier.copy())
                  }
                />
                {loaded.diagram.access === 'owner' ? (
                  <ShareButton
                    target={() => ({ fuid, name: meta.name, version: save.state.get().baseVersion, privacy })}
                    onChange={(c) => {
                      if (c.privacy) setPrivacy(c.privacy);
                      const name = c.name;
                      if (name) setMeta((m) => ({ ...m, name }));
                    }}
                  />
                ) : null}
                {copier.error ? (
                  <span className="editor-header__error" role="alert">
                    {copier.error}
                  </span>
                ) : null}
                <TourButton tour={tour} />
                <TourPlayer tour={tour} />
              </>
            ) : null}
            {privacy.community ? <EditorSocial diagram={loaded.diagram} /> : null}
          </>
        )}
        side={(_, runs: RunController) => ({
          Details: (
            <DetailsPanel
              fuid={fuid}
              name={meta.name}
              description={meta.description}
              refresh={refresh}
              onRename={async (patch) => {
                const d = await diagramsApi.update(fuid, patch);
                setMeta({ name: d.name, description: d.description });
              }}
            />
          ),
          Plays: <PlayHistoryPanel fuid={fuid} runs={runs} refresh={refresh} />,
          Versions: (
            <VersionsPanel
              fuid={fuid}
              refresh={refresh}
              onView={(doc, version) => setPreview({ doc: normalizeDiagram(doc), version })}
              onRestored={reloadFromServer}
              onCompare={(from, to, versions) => setCompare({ pair: { from, to }, versions })}
            />
          ),
          Comments: <CommentsPanel comments={comments} />,
          Proposals: <ProposalsPanel fuid={fuid} refresh={refresh} onReview={setReviewing} />,
          Tags: <TagsPanel fuid={fuid} tags={tags} onChange={setTags} />,
          Tour: <TourPanel fuid={fuid} tour={tour} canEdit={loaded.diagram.access !== 'viewer'} />,
          Library: <LibraryPanel />,
          Balance: (
            <BalancePanel
              fuid={fuid}
              canEdit={loaded.diagram.access !== 'viewer'}
              saveNow={async () => {
                await save?.save();
              }}
              onStudyDone={async (settings, outcome, stored) => {
                const version = save?.state.get().baseVersion ?? loaded.baseVersion;
                if (!stored) {
                  const { toStudyPlayBody } = await import('./balance-studio/study-play');
                  await diagramsApi.createPlay(fuid, toStudyPlayBody(settings, outcome, version));
                }
                setRefresh((r) => r + 1);
              }}
            />
          ),
          Tests: (
            <BalanceTestsPanel
              fuid={fuid}
              canEdit={loaded.diagram.access !== 'viewer'}
              saveFirst={async () => {
                await save?.save();
              }}
            />
          ),
        })}
      />
      <OfflineAlert />
      <ReleaseBanner save={save && loaded.diagram.access !== 'viewer' ? () => save.save() : null} />
      {gone ? <GoneDialog reason={gone} access={loaded.diagram.access} /> : null}
      {reviewing ? (
        <ProposalReview
          id={reviewing}
          onClose={() => setReviewing(null)}
          onAccepted={reloadFromServer}
          saveFirst={async () => {
            await save?.save();
          }}
        />
      ) : null}
      {compare ? (
        <CompareView
          fuid={fuid}
          versions={compare.versions}
          initial={compare.pair}
          current={() => services.current!.store.doc}
          onClose={() => setCompare(null)}
        />
      ) : null}
      <Dialog
        title={preview ? `Version ${preview.version.version}` : ''}
        open={preview !== null}
        onClose={() => setPreview(null)}
        wide
      >
        {preview ? (
          <>
            <p>
              Saved <When at={preview.version.updatedAt} />
              {preview.version.author ? ` by ${preview.version.author.name}` : ''}:{' '}
              {countOf(preview.doc.nodes.length, 'element')}, {countOf(preview.doc.connections.length, 'connection')}.
            </p>
            <VersionContents doc={preview.doc} />
          </>
        ) : null}
      </Dialog>
    </>
  );
}

/** A stored version, read-only: its elements (with register formulas) and connections with their formulas. */
function VersionContents({ doc }: { doc: EditorDiagram }) {
  const names = new Map(doc.nodes.map((n) => [n.id, n.name || n.id]));
  const formula = (text: string | undefined) => (text ? <code className="version-formula">{text}</code> : null);
  return (
    <>
      <ul className="import-report" aria-label="Elements">
        {doc.nodes.map((n) => (
          <li key={n.id}>
            {n.type} <strong>{n.name || n.id}</strong>
            {n.type === 'pool' ? ` (start ${n.start ?? 0})` : ''}
            {n.formula ? <> = {formula(n.formula)}</> : null}
          </li>
        ))}
      </ul>
      {doc.connections.length ? (
        <ul className="import-report" aria-label="Connections">
          {doc.connections.map((c) => (
            <li key={c.id}>
              {c.kind} {names.get(c.from) ?? c.from} → {names.get(c.to) ?? c.to}
              {c.formula ? <>: {formula(c.formula)}</> : null}
              {c.interval ? <> every {formula(c.interval)}</> : null}
            </li>
          ))}
        </ul>
      ) : null}
      {doc.variables.length ? (
        <ul className="import-report" aria-label="Variables">
          {doc.variables.map((v) => (
            <li key={v.name}>
              <strong>{v.name}</strong> = {formula(v.formula)}
            </li>
          ))}
        </ul>
      ) : null}
    </>
  );
}
