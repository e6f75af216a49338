import { useState } from 'react';
import { When } from '../../../ui/when';
import { useEditor } from '../editor-context';
import { useEditorDoc } from '../model/editor-store';
import { useValue } from '../model/value-store';
import { targetLabel } from './comment-geometry';
import type { CommentsStore } from './comments-store';

/** The editor's Comments panel: open or resolved threads, newest first; choosing one opens it on the canvas. */
export function CommentsPanel({ comments }: { comments: CommentsStore }) {
  const state = useValue(comments.state);
  const { store } = useEditor();
  const doc = useEditorDoc(store);
  const [show, setShow] = useState<'open' | 'resolved'>('open');
  const threads = state.threads ?? [];
  const counts = {
    open: threads.filter((t) => !t.resolved).length,
    resolved: threads.filter((t) => t.resolved).length,
  };
  const shown = threads.filter((t) => t.resolved === (show === 'resolved'));
  return (
    <section className="props comments-panel" aria-label="Comments">
      <div className="comments-panel__head">
        <h2 className="props__title">Comments</h2>
        {state.canWrite ? (
          <button
            type="button"
            className="editor-button"
            aria-pressed={state.placing}
            onClick={() => comments.setPlacing(!state.placing)}
          >
            {state.placing ? 'Cancel' : 'New comment'}
          </button>
        ) : null}
      </div>
      <p className="props__hint">
        {state.canWrite
          ? 'Press C (or New comment), then click an element or a point on the canvas; Enter comments on the selected element. Type @ to mention someone with access.'
          : 'You can read the comments on this diagram. Its owner and editors write them.'}
      </p>
      <div className="comments-panel__filter" role="group" aria-label="Show">
        {(['open', 'resolved'] as const).map((f) => (
          <button
            key={f}
            type="button"
            className="editor-button editor-button--ghost"
            aria-pressed={show === f}
            onClick={() => setShow(f)}
          >
            {f === 'open' ? 'Open' : 'Resolved'} ({counts[f]})
          </button>
        ))}
      </div>
      {state.error ? (
        <div className="formula-error" role="alert">
          {state.error}{' '}
          <button type="button" className="link-button" onClick={() => void comments.load()}>
            Try again
          </button>
        </div>
      ) : null}
      {state.threads === null ? (
        state.error ? null : (
          <p className="props__hint" role="status">
            Loading comments…
          </p>
        )
      ) : shown.length === 0 ? (
        <p className="props__hint">{show === 'open' ? 'No open comments.' : 'No resolved comments.'}</p>
      ) : (
        <ul className="comments-panel__list">
          {shown.map((t) => {
            const first = t.comments[0];
            const replies = t.comments.length - 1;
            return (
              <li key={t.id}>
                <button
                  type="button"
                  className={`comments-panel__thread${state.active === t.id ? ' is-active' : ''}`}
                  aria-current={state.active === t.id ? 'true' : undefined}
                  onClick={() => comments.open(t.id, true)}
                >
                  <span className="comments-panel__target">{targetLabel(t, doc)}</span>
                  <span className="comments-panel__excerpt">
                    <strong>{first?.author.name}</strong> {first?.body}
                  </span>
                  <span className="comments-panel__meta">
                    <When at={t.updatedAt} />
                    {replies > 0 ? ` · ${replies} repl${replies === 1 ? 'y' : 'ies'}` : ''}
                    {t.resolved && t.resolvedBy ? ` · resolved by ${t.resolvedBy.name}` : ''}
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
