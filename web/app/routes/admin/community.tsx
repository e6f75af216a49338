import {
  countOf,
  CommunityTabTexts,
  spotlightDesignerBodySchema,
  spotlightDiagramBodySchema,
} from '@loopwright/contracts';
import { useState } from 'react';
import { Link } from 'react-router';
import { FormMessage, SubmitButton, TextField, useContractForm } from '../../features/account/forms';
import { PageLoading, PageTitle } from '../../features/account/page-shell';
import { useLoaded } from '../../features/admin/use-loaded';
import { communityApi } from '../../features/community/community-api';
import { errorMessage } from '../../lib/api-client';
import '../../features/admin/admin.css';

type Notice = { kind: 'success' | 'error'; text: string } | null;

/** /admin/community: spotlight public diagrams and designers (the community landing and /wp-json/community/featured), recompute the month's picks. */
export default function AdminCommunityPage() {
  const { data, error, loading, reload } = useLoaded(() => communityApi.spotlights(), 'spotlights');
  const [notice, setNotice] = useState<Notice>(null);
  const [running, setRunning] = useState(false);
  const diagramForm = useContractForm(spotlightDiagramBodySchema, { fuid: '' });
  const designerForm = useContractForm(spotlightDesignerBodySchema, { username: '' });

  const remove = async (kind: 'diagram' | 'designer', key: string, label: string) => {
    setNotice(null);
    try {
      await communityApi.removeSpotlight(kind, key);
      setNotice({ kind: 'success', text: `${label} is no longer spotlighted.` });
      reload();
    } catch (e) {
      setNotice({ kind: 'error', text: errorMessage(e) });
    }
  };

  return (
    <>
      <PageTitle>Community</PageTitle>
      <header>
        <h1>Community</h1>
        <p>
          Spotlight public diagrams and designers: they lead the <Link to="/community/explore">community landing</Link>{' '}
          and the featured list. A diagram or designer that stops being public leaves the spotlight by itself.
        </p>
      </header>
      <div aria-live="polite">{notice ? <FormMessage kind={notice.kind}>{notice.text}</FormMessage> : null}</div>
      <FormMessage>{error}</FormMessage>
      <section className="acc-panel" aria-labelledby="spot-diagrams">
        <h2 id="spot-diagrams">{CommunityTabTexts.spotlightedDiagrams}</h2>
        <form
          noValidate
          onSubmit={(event) => {
            setNotice(null);
            void diagramForm.submitWith(async (body) => {
              await communityApi.addSpotlight(body);
              diagramForm.reset({ fuid: '' });
              setNotice({ kind: 'success', text: 'The diagram is spotlighted.' });
              reload();
            })(event);
          }}
        >
          <TextField label="Diagram file key or community page address" {...diagramForm.field('fuid')} />
          <FormMessage>{diagramForm.formError}</FormMessage>
          <SubmitButton busy={diagramForm.submitting} className="button button--primary">
            Spotlight diagram
          </SubmitButton>
        </form>
        {loading && !data ? <PageLoading label="Loading the spotlight" /> : null}
        {data ? (
          data.diagrams.length ? (
            <ul className="adm-spotlight-list">
              {data.diagrams.map((d) => (
                <li key={d.fuid}>
                  <Link to={d.url}>{d.name}</Link> <span className="acc-field__hint">by @{d.owner.username}</span>{' '}
                  <button
                    type="button"
                    className="button button--ghost"
                    onClick={() => void remove('diagram', d.fuid, d.name)}
                  >
                    Remove
                  </button>
                </li>
              ))}
            </ul>
          ) : (
            <p className="acc-field__hint">No diagram is spotlighted.</p>
          )
        ) : null}
      </section>
      <section className="acc-panel" aria-labelledby="spot-designers">
        <h2 id="spot-designers">{CommunityTabTexts.spotlightedDesigners}</h2>
        <form
          noValidate
          onSubmit={(event) => {
            setNotice(null);
            void designerForm.submitWith(async (body) => {
              await communityApi.addSpotlight(body);
              designerForm.reset({ username: '' });
              setNotice({ kind: 'success', text: 'The designer is spotlighted.' });
              reload();
            })(event);
          }}
        >
          <TextField label="Designer username" {...designerForm.field('username')} />
          <FormMessage>{designerForm.formError}</FormMessage>
          <SubmitButton busy={designerForm.submitting} className="button button--primary">
            Spotlight designer
          </SubmitButton>
        </form>
        {data ? (
          data.designers.length ? (
            <ul className="adm-spotlight-list">
              {data.designers.map((d) => (
                <li key={d.username}>
                  <Link to={`/community/${d.username}/profile`}>{d.name}</Link>{' '}
                  <span className="acc-field__hint">@{d.username}</span>{' '}
                  <button
                    type="button"
                    className="button button--ghost"
                    onClick={() => void remove('designer', d.username, d.name)}
                  >
                    Remove
                  </button>
                </li>
              ))}
            </ul>
          ) : (
            <p className="acc-field__hint">No designer is spotlighted.</p>
          )
        ) : null}
      </section>
      <section className="acc-panel" aria-labelledby="of-the-month">
        <h2 id="of-the-month">Designers and diagrams of the month</h2>
        <p>
          Computed on the 1st of every month from the last 30 days of likes, follows, forks and views. Recompute them
          now after a correction.
        </p>
        <button
          type="button"
          className="button button--ghost"
          disabled={running}
          onClick={() => {
            setRunning(true);
            setNotice(null);
            communityApi
              .runOfTheMonth()
              .then((r) =>
                setNotice({
                  kind: 'success',
                  text: `Picks for ${r.month}: ${countOf(r.designers, 'designer')}, ${countOf(r.diagrams, 'diagram')}.`,
                }),
              )
              .catch((e: unknown) => setNotice({ kind: 'error', text: errorMessage(e) }))
              .finally(() => setRunning(false));
          }}
        >
          Recompute now
        </button>
      </section>
    </>
  );
}
