import { Fragment, useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { When } from '../../../ui/when';
import { CommentComposer } from './comment-composer';
import type { Comment, CommentThread } from './comments-api';
import type { CommentsStore } from './comments-store';

/** The body with each mentioned person's @name set apart. */
export function CommentBody({ comment }: { comment: Comment }) {
  const names = comment.mentions.map((p) => `@${p.name}`).sort((a, b) => b.length - a.length);
  if (!names.length) return <p className="comment__body">{comment.body}</p>;
  const escaped = names.map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  const parts = comment.body.split(new RegExp(`(${escaped.join('|')})`, 'g'));
  return (
    <p className="comment__body">
      {parts.map((part, i) =>
        names.includes(part) ? (
          <strong key={i} className="comment__mention">
            {part}
          </strong>
        ) : (
          <Fragment key={i}>{part}</Fragment>
        ),
      )}
    </p>
  );
}

function CommentItem({ comment, thread, store }: { comment: Comment; thread: CommentThread; store: CommentsStore }) {
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const mine = store.me === comment.author.id && store.state.get().canWrite;
  return (
    <li className="comment" aria-label={`Comment by ${comment.author.name}`}>
      <div className="comment__head">
        <span className="comment-avatar" aria-hidden="true">
          {comment.author.name.slice(0, 1).toUpperCase()}
        </span>
        <strong className="comment__author">{comment.author.name}</strong>
        <span className="comment__time">
          <When at={comment.createdAt} />
          {comment.editedAt ? ' · edited' : ''}
        </span>
      </div>
      {editing ? (
        <CommentComposer
          people={() => store.people()}
          initial={comment.body}
          initialMentions={comment.mentions}
          label="Edit your comment"
          submitLabel="Save"
          focusOnOpen
          onCancel={() => setEditing(false)}
          onSubmit={async (body, mentions) => {
            await store.edit(comment.id, thread.id, body, mentions);
            setEditing(false);
          }}
        />
      ) : (
        <CommentBody comment={comment} />
      )}
      {mine && !editing ? (
        <div className="comment__tools">
          {confirming ? (
            <>
              <span>Delete this comment?</span>
              <button
                type="button"
                className="link-button comment__danger"
                onClick={() => store.remove(comment.id).catch((e) => setError(errorMessage(e)))}
              >
                Delete
              </button>
              <button type="button" className="link-button" onClick={() => setConfirming(false)}>
                Keep
              </button>
            </>
          ) : (
            <>
              <button type="button" className="link-button" onClick={() => setEditing(true)}>
                Edit
              </button>
              <button type="button" className="link-button" onClick={() => setConfirming(true)}>
                Delete
              </button>
            </>
          )}
        </div>
      ) : null}
      {error ? (
        <p className="comment-composer__error" role="alert">
          {error}
        </p>
      ) : null}
    </li>
  );
}

/** One thread: its comments, a reply field, resolve or reopen (writers); read-only for viewers. */
export function ThreadCard({
  thread,
  label,
  store,
  canWrite,
  onClose,
}: {
  thread: CommentThread;
  label: string;
  store: CommentsStore;
  canWrite: boolean;
  onClose?: () => void;
}) {
  const [error, setError] = useState<string | null>(null);
  const toggle = () => store.setResolved(thread.id, !thread.resolved).catch((e) => setError(errorMessage(e)));
  return (
    <article className={`comment-thread${thread.resolved ? ' is-resolved' : ''}`} aria-label={`Comments on ${label}`}>
      <header className="comment-thread__head">
        <span className="comment-thread__label">{label}</span>
        {thread.resolved ? <span className="comment-thread__status">Resolved</span> : null}
        {canWrite ? (
          <button type="button" className="editor-button editor-button--ghost comment-thread__resolve" onClick={toggle}>
            {thread.resolved ? 'Reopen' : 'Resolve'}
          </button>
        ) : null}
        {onClose ? (
          <button type="button" className="icon-button" aria-label="Close the thread" onClick={onClose}>
            ×
          </button>
        ) : null}
      </header>
      <ol className="comment-thread__comments">
        {thread.comments.map((c) => (
          <CommentItem key={c.id} comment={c} thread={thread} store={store} />
        ))}
      </ol>
      {error ? (
        <p className="comment-composer__error" role="alert">
          {error}
        </p>
      ) : null}
      {canWrite && !thread.resolved ? (
        <CommentComposer
          people={() => store.people()}
          label="Reply"
          submitLabel="Reply"
          onSubmit={(body, mentions) => store.reply(thread.id, body, mentions)}
        />
      ) : null}
      {!canWrite ? (
        <p className="comment-thread__hint">You can read the comments of this diagram; its editors write them.</p>
      ) : null}
    </article>
  );
}
