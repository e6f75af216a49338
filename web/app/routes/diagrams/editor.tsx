import { lazy, Suspense } from 'react';
import { useParams, type ClientLoaderFunctionArgs, type MetaFunction } from 'react-router';
import { RequireAccount } from '../../features/account/guards';
import { prefetchDiagram } from '../../features/diagrams/prefetch';

// The editor (React Flow, uPlot, the engine worker) is loaded only in the browser, only here.
const loadEditor = () => import('../../features/editor/editor-page');
const EditorPage = lazy(loadEditor);

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

export default function DiagramEditorRoute() {
  const { fuid = '' } = useParams();
  return (
    <RequireAccount>
      {() => (
        <Suspense fallback={<Loading />}>
          <EditorPage fuid={fuid} />
        </Suspense>
      )}
    </RequireAccount>
  );
}
