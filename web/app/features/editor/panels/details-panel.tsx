import { useEffect, useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { diagramsApi, type DiagramDetails } from '../../diagrams/diagrams-api';
import { DiagramTexts } from '../../../lib/spec';
import { When } from '../../../ui/when';
import { FileToken } from '../../library/file-token';
import { PublishTemplate } from './publish-template';

function size(bytes: number): string {
  return bytes < 1024
    ? `${bytes} B`
    : bytes < 1048576
      ? `${(bytes / 1024).toFixed(1)} KB`
      : `${(bytes / 1048576).toFixed(1)} MB`;
}

/** Document details: name and description (editable), author, creation date, last change, size, component count, file token. */
export function DetailsPanel({
  fuid,
  name,
  description,
  onRename,
  refresh,
}: {
  fuid: string;
  name: string;
  description: string;
  onRename: (patch: { name?: string; description?: string }) => Promise<void>;
  refresh: number;
}) {
  const [details, setDetails] = useState<DiagramDetails | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [draft, setDraft] = useState({ name, description });
  useEffect(() => {
    let live = true;
    diagramsApi.details(fuid).then(
      (d) => live && setDetails(d),
      (e) => live && setError(errorMessage(e)),
    );
    return () => {
      live = false;
    };
  }, [fuid, refresh]);
  const commit = () => {
    if (draft.name.trim() && (draft.name !== name || draft.description !== description)) {
      onRename({ name: draft.name.trim(), description: draft.description }).then(
        () => setError(null),
        (e) => setError(`${DiagramTexts.versionDetailsFailed}. ${errorMessage(e)}`),
      );
    }
  };
  return (
    <section className="props" aria-label="Document details">
      <h2 className="props__title">Document details</h2>
      <div className="prop-field">
        <label htmlFor="doc-name">Name</label>
        <input
          id="doc-name"
          value={draft.name}
          onChange={(e) => setDraft({ ...draft, name: e.target.value })}
          onBlur={commit}
          onKeyDown={(e) => e.key === 'Enter' && commit()}
        />
      </div>
      <div className="prop-field">
        <label htmlFor="doc-description">Description</label>
        <textarea
          id="doc-description"
          rows={3}
          value={draft.description}
          onChange={(e) => setDraft({ ...draft, description: e.target.value })}
          onBlur={commit}
        />
      </div>
      {error ? (
        <p className="formula-error" role="alert">
          {error}
        </p>
      ) : null}
      {details ? (
        <dl className="details-list">
          <dt>Author</dt>
          <dd>{details.author.name || details.author.username}</dd>
          <dt>Created</dt>
          <dd>
            <When at={details.createdAt} />
          </dd>
          <dt>Last change</dt>
          <dd>
            <When at={details.lastChange} />
            {details.lastChangeBy ? ` by ${details.lastChangeBy.name || details.lastChangeBy.username}` : ''}
          </dd>
          <dt>Size</dt>
          <dd>{size(details.sizeBytes)}</dd>
          <dt>Components</dt>
          <dd>{details.componentCount}</dd>
          <dt>Version</dt>
          <dd>{details.version}</dd>
          {details.fileToken ? (
            <>
              <dt>File token</dt>
              <dd>
                <FileToken key={details.fileToken} fuid={fuid} initial={details.fileToken} />
              </dd>
            </>
          ) : null}
        </dl>
      ) : null}
      <PublishTemplate fuid={fuid} />
    </section>
  );
}
