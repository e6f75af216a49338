import { useEffect, useId, useRef, useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import type { CommentPerson } from './comments-api';

const MENTION = /(^|\s)@([\p{L}\p{N}._-]*)$/u;
const MAX_SUGGESTIONS = 6;

/** The @name being typed just before the caret, if any. */
function mentionAt(text: string, caret: number): { start: number; query: string } | null {
  const match = MENTION.exec(text.slice(0, caret));
  if (!match) return null;
  return { start: caret - match[2].length - 1, query: match[2].toLowerCase() };
}

/**
 * A comment field with @mention autocomplete from the diagram's people: type @ and a few letters,
 * choose with the arrows and Enter or Tab (or the mouse). Enter sends, Shift+Enter starts a new
 * line, Escape closes the suggestions, then cancels.
 */
export function CommentComposer({
  people,
  initial = '',
  initialMentions = [],
  label,
  submitLabel,
  onSubmit,
  onCancel,
  focusOnOpen = false,
}: {
  people: () => Promise<CommentPerson[]>;
  initial?: string;
  initialMentions?: CommentPerson[];
  label: string;
  submitLabel: string;
  onSubmit: (body: string, mentions: string[]) => Promise<void>;
  onCancel?: () => void;
  focusOnOpen?: boolean;
}) {
  const [text, setText] = useState(initial);
  const [picked, setPicked] = useState<CommentPerson[]>(initialMentions);
  const [known, setKnown] = useState<CommentPerson[] | null>(null);
  const [query, setQuery] = useState<{ start: number; query: string } | null>(null);
  const [highlight, setHighlight] = useState(0);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const field = useRef<HTMLTextAreaElement>(null);
  const id = useId();
  useEffect(() => {
    if (focusOnOpen) field.current?.focus();
  }, [focusOnOpen]);

  const suggestions =
    query && known
      ? known
          .filter(
            (p) => p.name.toLowerCase().includes(query.query) || (p.username ?? '').toLowerCase().includes(query.query),
          )
          .slice(0, MAX_SUGGESTIONS)
      : [];
  const open = !!query && suggestions.length > 0;

  const follow = (value: string, caret: number) => {
    const at = mentionAt(value, caret);
    setQuery(at);
    setHighlight(0);
    if (at && !known)
      people().then(setKnown, (e) => {
        setError(errorMessage(e));
        setQuery(null);
      });
  };

  const choose = (person: CommentPerson) => {
    if (!query) return;
    const caret = field.current?.selectionStart ?? text.length;
    const inserted = `@${person.name} `;
    const next = text.slice(0, query.start) + inserted + text.slice(caret);
    setText(next);
    setPicked((list) => (list.some((p) => p.id === person.id) ? list : [...list, person]));
    setQuery(null);
    const end = query.start + inserted.length;
    requestAnimationFrame(() => {
      field.current?.focus();
      field.current?.setSelectionRange(end, end);
    });
  };

  const submit = async () => {
    const body = text.trim();
    if (!body || busy) return;
    setBusy(true);
    setError(null);
    try {
      // Only the people still named in the text are mentioned.
      await onSubmit(
        body,
        picked.filter((p) => body.includes(`@${p.name}`)).map((p) => p.id),
      );
      setText('');
      setPicked([]);
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  const onKeyDown = (e: React.KeyboardEvent<HTMLTextAreaElement>) => {
    e.stopPropagation(); // the editor's shortcuts stay out of the field
    if (open) {
      if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
        e.preventDefault();
        const step = e.key === 'ArrowDown' ? 1 : -1;
        setHighlight((h) => (h + step + suggestions.length) % suggestions.length);
        return;
      }
      if (e.key === 'Enter' || e.key === 'Tab') {
        e.preventDefault();
        choose(suggestions[highlight]);
        return;
      }
      if (e.key === 'Escape') {
        e.preventDefault();
        setQuery(null);
        return;
      }
    }
    if (e.key === 'Enter' && !e.shiftKey) {
      e.preventDefault();
      void submit();
    } else if (e.key === 'Escape' && onCancel) {
      e.preventDefault();
      onCancel();
    }
  };

  return (
    <form
      className="comment-composer"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <div className="comment-composer__field">
        <textarea
          ref={field}
          className="comment-composer__input"
          aria-label={label}
          placeholder="Write a comment, @ to mention"
          rows={2}
          value={text}
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={`${id}-people`}
          aria-activedescendant={open ? `${id}-person-${highlight}` : undefined}
          onChange={(e) => {
            setText(e.target.value);
            follow(e.target.value, e.target.selectionStart);
          }}
          onKeyDown={onKeyDown}
          onBlur={() => setTimeout(() => setQuery(null), 150)}
        />
        {open ? (
          <ul className="comment-composer__people" role="listbox" id={`${id}-people`} aria-label="People to mention">
            {suggestions.map((p, i) => (
              <li
                key={p.id}
                id={`${id}-person-${i}`}
                role="option"
                aria-selected={i === highlight}
                className="comment-composer__person"
                onMouseDown={(e) => {
                  e.preventDefault();
                  choose(p);
                }}
              >
                <span className="comment-avatar" aria-hidden="true">
                  {p.name.slice(0, 1).toUpperCase()}
                </span>
                {p.name}
                {p.username ? <span className="comment-composer__username">@{p.username}</span> : null}
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      {error ? (
        <p className="comment-composer__error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="comment-composer__actions">
        {onCancel ? (
          <button type="button" className="editor-button editor-button--ghost" onClick={onCancel}>
            Cancel
          </button>
        ) : null}
        <button type="submit" className="editor-button" disabled={busy || !text.trim()}>
          {busy ? 'Sending…' : submitLabel}
        </button>
      </div>
    </form>
  );
}
