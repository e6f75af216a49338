import { lazy, Suspense, useState } from 'react';
import { Navigate, useLocation, useParams, type ClientLoaderFunctionArgs, type MetaFunction } from 'react-router';
import { PageLoading } from '../../features/account/page-shell';
import { useSession } from '../../features/account/session';
import { prefetchDiagram } from '../../features/diagrams/prefetch';

type EditorModule = typeof import('../../features/editor/editor-page');

// The editor (React Flow, uPlot, the engine worker) is loaded only in the browser, only here.
let loaded: EditorModule['default'] | null = null;
const loadEditor = () => import('../../features/editor/editor-page').then((m) => {
  loaded = m.default;
  return m;
});
const LazyEditorPage = lazy(loadEditor);

export const meta: MetaFunction = () => [{ title: 'Editor — Loopwright' }, { name: 'robots', content: 'noindex' }];

/** Client-only: the server renders the loading shell, the browser the editor. */
export function clientLoader({ params }: ClientLoaderFunctionArgs) {
  // The diagram and the editor's code download together, while the session is checked.
  if (params.fuid) prefetchDiagram(params.fuid);
  void loadEditor();
  return null;
}
clientLoader.hydrate = true as const;

function Loading() {
  return <div className="editor-loading" role="status">Loading the editor…</div>;
}

export function HydrateFallback() {
  return <Loading />;
}

/**
 * Open to visitors too: a public or link diagram opens view-only without an account (the API
 * decides; anything else sends the visitor to log in). Logged in without a username: onboarding.
 */
export default function DiagramEditorRoute() {
  const { fuid = '' } = useParams();
  const { user, loading, fetchUserComplete } = useSession();
  const location = useLocation();
  if (loading || !fetchUserComplete) return <div className="acc-page-loading-shell"><PageLoading label="Loading your account…" /></div>;
  if (user && !user.username) return <Navigate to={`/onboarding?returnTo=${encodeURIComponent(location.pathname + location.search)}`} replace />;
  return <EditorSlot fuid={fuid} />;
}

/**
 * Code that has already arrived is rendered at once. Suspending on it anyway shows the fallback for
 * a frame, and React then holds the editor back for up to 300 ms (its throttling of Suspense reveals).
 * Chosen once per mount, so the editor is never mounted twice.
 */
function EditorSlot({ fuid }: { fuid: string }) {
  const [EditorPage] = useState(() => loaded ?? LazyEditorPage);
  return (
    <Suspense fallback={<Loading />}>
      <EditorPage fuid={fuid} />
    </Suspense>
  );
}
