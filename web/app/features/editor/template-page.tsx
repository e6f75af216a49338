import { TEMPLATE_TYPE_TITLES, type TemplateView } from '@loopwright/contracts';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ApiError, errorMessage } from '../../lib/api-client';
import { useLoginDialog } from '../account/login-dialog';
import { useSession } from '../account/session';
import { Editor } from './editor';
import { normalizeDiagram } from './model/defaults';
import { TourPanel } from './tours/tour-panel';
import { TourButton, TourPlayer } from './tours/tour-player';
import { TourState } from './tours/tour-state';
import { templatesApi } from '../templates/templates-api';
import '../templates/templates.css';

/** /templates/{type}/{ID}?name=: the template read-only (look, run, play its tour) with "Use this template". */
export default function TemplatePage({ type, id }: { type: string; id: string }) {
  const [template, setTemplate] = useState<TemplateView | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    templatesApi.get(type, id).then(
      (t) => live && setTemplate(t),
      (e) => live && setError(e instanceof ApiError && e.status === 404 ? 'Template not found' : errorMessage(e)),
    );
    return () => {
      live = false;
    };
  }, [type, id]);
  if (error) {
    return (
      <div className="editor-message" role="alert">
        <h1>{error}</h1>
        <Link to="/diagrams">Back to my diagrams</Link>
      </div>
    );
  }
  if (!template)
    return (
      <div className="editor-message" role="status">
        Loading the template…
      </div>
    );
  return <LoadedTemplate key={`${type}/${id}`} template={template} />;
}

function LoadedTemplate({ template }: { template: TemplateView }) {
  const [tour] = useState(() => {
    const state = new TourState();
    if (template.tour) {
      state.steps.set(template.tour.steps);
      state.saved.set(template.tour.steps);
    }
    return state;
  });
  const [doc] = useState(() => normalizeDiagram(template.document));
  return (
    <Editor
      title={template.title}
      doc={doc}
      onReady={(services) => services.tools.set({ ...services.tools.get(), viewOnly: true })}
      header={() => (
        <>
          <span className="template-badge">Template · {TEMPLATE_TYPE_TITLES[template.type]} · read-only</span>
          <TourButton tour={tour} />
          <UseTemplateButton template={template} />
          <TourPlayer tour={tour} />
        </>
      )}
      side={() => ({
        About: (
          <section className="template-about" aria-label="About this template">
            <h2>{template.title}</h2>
            <p>{template.description}</p>
            <p>The chart plots: {template.chart.join(', ')}. Press Run to see the point it makes.</p>
            <UseTemplateButton template={template} />
          </section>
        ),
        ...(template.tour ? { Tour: <TourPanel fuid="" tour={tour} canEdit={false} /> } : {}),
      })}
    />
  );
}

/** Visitors get the log-in dialog; members get a copy in their workspace and open it. */
export function UseTemplateButton({
  template,
  className = 'button button--primary',
}: {
  template: Pick<TemplateView, 'type' | 'id' | 'title' | 'hasTour'>;
  className?: string;
}) {
  const { authenticated } = useSession();
  const { openLoginDialog } = useLoginDialog();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const use = async () => {
    if (!authenticated) {
      openLoginDialog('use this template');
      return;
    }
    setBusy(true);
    try {
      const diagram = await templatesApi.use(template.type, template.id);
      void navigate(`/diagrams/${diagram.fuid}${template.hasTour ? '?tour=1' : ''}`);
    } catch (e) {
      setError(errorMessage(e));
      setBusy(false);
    }
  };
  return (
    <>
      <button type="button" className={className} disabled={busy} onClick={() => void use()}>
        Use this template
      </button>
      {error ? (
        <span role="alert" className="template-error">
          {error}
        </span>
      ) : null}
    </>
  );
}
