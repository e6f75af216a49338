import { lazy, Suspense } from 'react';
import { useParams, type MetaFunction } from 'react-router';

// The template view is the editor (React Flow, uPlot, the engine worker) in read-only mode: browser only.
const loadPage = () => import('../../features/editor/template-page');
const TemplatePage = lazy(loadPage);

export const meta: MetaFunction = ({ location }) => {
  const name = new URLSearchParams(location.search).get('name');
  return [{ title: `${name ? `${name} — ` : ''}Template — Loopwright` }];
};

export function clientLoader() {
  void loadPage();
  return null;
}
clientLoader.hydrate = true as const;

function Loading() {
  return (
    <div className="editor-loading" role="status">
      Loading the template…
    </div>
  );
}

export function HydrateFallback() {
  return <Loading />;
}

export default function TemplateRoute() {
  const { type = '', id = '' } = useParams();
  return (
    <Suspense fallback={<Loading />}>
      <TemplatePage type={type} id={id} />
    </Suspense>
  );
}
