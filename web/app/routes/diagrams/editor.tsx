import { useEffect, useState } from 'react';
import { Navigate, useLocation, useParams, type ClientLoaderFunctionArgs, type MetaFunction } from 'react-router';
import { PageLoading } from '../../features/account/page-shell';
import { useSession } from '../../features/account/session';
import { prefetchDiagram } from '../../features/diagrams/prefetch';

type EditorPageComponent = (typeof import('../../features/editor/editor-page'))['default'];

// The editor (React Flow, uPlot, the engine worker) is loaded only in the browser, only here.
let loaded: EditorPageComponent | null = null;
const loadEditor = () =>
  import('../../features/editor/editor-page').then((m) => {
    loaded = m.default;
    return m;
  });

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
  return (
    <div className="editor-loading" role="status">
      Loading the editor…
    </div>
  );
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
  if (loading || !fetchUserComplete)
    return (
      <div className="acc-page-loading-shell">
        <PageLoading label="Loading your account…" />
      </div>
    );
  if (user && !user.username)
    return <Navigate to={`/onboarding?returnTo=${encodeURIComponent(location.pathname + location.search)}`} replace />;
  return <EditorSlot fuid={fuid} />;
}

/**
 * The editor once its code is there. No Suspense on the way: a lazy component suspending shows the
 * fallback, and React then holds the editor back for up to 300 ms after it (its throttling of
 * Suspense reveals), on every cold open. A failed load is thrown to the error boundary, as before.
 */
function EditorSlot({ fuid }: { fuid: string }) {
  const [page, setPage] = useState<{ Page: EditorPageComponent } | { error: unknown } | null>(() =>
    loaded ? { Page: loaded } : null,
  );
  useEffect(() => {
    if (page) return;
    let live = true;
    loadEditor().then(
      (m) => live && setPage({ Page: m.default }),
      (error: unknown) => live && setPage({ error }),
    );
    return () => {
      live = false;
    };
  }, [page]);
  if (!page) return <Loading />;
  if ('error' in page) throw page.error;
  return <page.Page fuid={fuid} />;
}
