import { countOf, createTagBodySchema } from '@loopwright/contracts';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../lib/api-client';
import { DiagramTexts } from '../../lib/spec';
import { TextField, useContractForm } from '../account/forms';
import { diagramsApi, type TagWithCount } from './diagrams-api';
import { ConfirmDialog, ListDialog } from '../../ui/list-dialog';

const DEFAULT_TEXT = '#FFFFFF';
const DEFAULT_BACKGROUND = '#5A55F4';

export function TagChip({
  tag,
  onClick,
  pressed,
}: {
  tag: { name: string; textColor: string; backgroundColor: string };
  onClick?: () => void;
  pressed?: boolean;
}) {
  const style = { color: tag.textColor, background: tag.backgroundColor };
  return onClick ? (
    <button
      type="button"
      className="tag-chip tag-chip--button"
      style={style}
      onClick={onClick}
      aria-pressed={pressed}
      title={`Show diagrams tagged ${tag.name}`}
    >
      {tag.name}
    </button>
  ) : (
    <span className="tag-chip" style={style}>
      {tag.name}
    </span>
  );
}

/**
 * The tags manager: my tags with how many diagrams use each; create one with its text and background
 * colour, rename, recolour, delete (after a confirmation that says how many diagrams lose it).
 */
export function TagsManager({
  onClose,
  onChanged,
}: {
  onClose: () => void;
  onChanged: (tags: TagWithCount[]) => void;
}) {
  const [tags, setTags] = useState<TagWithCount[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<TagWithCount | null>(null);
  const form = useContractForm(createTagBodySchema, {
    name: '',
    textColor: DEFAULT_TEXT,
    backgroundColor: DEFAULT_BACKGROUND,
  });
  const preview = form.watch();
  useEffect(() => {
    diagramsApi.tags().then(setTags, (e) => setLoadError(errorMessage(e)));
  }, []);
  const publish = (next: TagWithCount[]) => {
    const sorted = [...next].sort((a, b) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }));
    setTags(sorted);
    onChanged(sorted);
  };
  const create = form.submitWith(async (data) => {
    const tag = await diagramsApi.createTag(data);
    publish([...(tags ?? []), tag]);
    form.reset({ name: '', textColor: data.textColor, backgroundColor: data.backgroundColor });
  });
  return (
    <ListDialog title="Tags manager" onClose={onClose} wide>
      <form className="tag-create" onSubmit={(e) => void create(e)} noValidate aria-label="Create a tag">
        <TextField label="New tag" maxLength={40} autoComplete="off" {...form.field('name')} />
        <label className="tag-color">
          <span>Text colour</span>
          <input type="color" {...form.register('textColor')} />
        </label>
        <label className="tag-color">
          <span>Background colour</span>
          <input type="color" {...form.register('backgroundColor')} />
        </label>
        <span className="tag-create__preview" aria-hidden="true">
          <TagChip
            tag={{
              name: preview.name?.trim() || 'Preview',
              textColor: preview.textColor,
              backgroundColor: preview.backgroundColor,
            }}
          />
        </span>
        <button type="submit" className="button button--primary" disabled={form.submitting}>
          Create tag
        </button>
      </form>
      {form.formError ? (
        <p className="diagram-list__error" role="alert">
          {form.formError}
          {form.formError === DiagramTexts.tagLimit ? (
            <>
              {' '}
              · <Link to="/pricing">See plans with more tags</Link>
            </>
          ) : null}
        </p>
      ) : null}
      {loadError ? (
        <p className="diagram-list__error" role="alert">
          {loadError}
        </p>
      ) : null}
      {tags === null && !loadError ? <p role="status">Loading…</p> : null}
      {tags && tags.length === 0 ? (
        <p className="diagram-list__empty">
          No tags yet. Tags you create here can be put on diagrams from the editor’s Tags panel.
        </p>
      ) : null}
      {tags && tags.length > 0 ? (
        <ul className="tag-rows" aria-label="My tags">
          {tags.map((t) => (
            <TagRow
              key={t.id}
              tag={t}
              onSaved={(saved) => publish(tags.map((x) => (x.id === saved.id ? saved : x)))}
              onDelete={() => setDeleting(t)}
            />
          ))}
        </ul>
      ) : null}
      {deleting ? (
        <ConfirmDialog
          title={`Delete the tag “${deleting.name}”?`}
          confirmLabel="Delete tag"
          onClose={() => setDeleting(null)}
          onConfirm={async () => {
            await diagramsApi.deleteTag(deleting.id);
            publish((tags ?? []).filter((x) => x.id !== deleting.id));
          }}
        >
          <p>
            {deleting.diagramCount
              ? `It is used by ${countOf(deleting.diagramCount, 'diagram')}; it will be removed from ${deleting.diagramCount === 1 ? 'it' : 'them'}.`
              : 'No diagram uses it.'}{' '}
            The diagrams themselves are not deleted.
          </p>
        </ConfirmDialog>
      ) : null}
    </ListDialog>
  );
}

function TagRow({
  tag,
  onSaved,
  onDelete,
}: {
  tag: TagWithCount;
  onSaved: (tag: TagWithCount) => void;
  onDelete: () => void;
}) {
  const [draft, setDraft] = useState({
    name: tag.name,
    textColor: tag.textColor,
    backgroundColor: tag.backgroundColor,
  });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const changed =
    draft.name.trim() !== tag.name ||
    draft.textColor.toUpperCase() !== tag.textColor.toUpperCase() ||
    draft.backgroundColor.toUpperCase() !== tag.backgroundColor.toUpperCase();
  const save = async () => {
    if (!draft.name.trim()) return setError('The tag needs a name');
    setBusy(true);
    try {
      const saved = await diagramsApi.updateTag(tag.id, {
        name: draft.name.trim(),
        textColor: draft.textColor.toUpperCase(),
        backgroundColor: draft.backgroundColor.toUpperCase(),
      });
      setError(null);
      onSaved(saved);
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };
  const errorId = `tag-${tag.id}-error`;
  return (
    <li className="tag-row">
      <TagChip tag={draft} />
      <label className="tag-row__name">
        <span className="visually-hidden">Name of {tag.name}</span>
        <input
          className="acc-input"
          value={draft.name}
          maxLength={40}
          aria-invalid={!!error}
          aria-describedby={error ? errorId : undefined}
          onChange={(e) => setDraft({ ...draft, name: e.target.value })}
          onKeyDown={(e) => e.key === 'Enter' && changed && void save()}
        />
      </label>
      <label className="tag-color">
        <span className="visually-hidden">Text colour of {tag.name}</span>
        <input
          type="color"
          value={draft.textColor.toLowerCase()}
          onChange={(e) => setDraft({ ...draft, textColor: e.target.value })}
        />
      </label>
      <label className="tag-color">
        <span className="visually-hidden">Background colour of {tag.name}</span>
        <input
          type="color"
          value={draft.backgroundColor.toLowerCase()}
          onChange={(e) => setDraft({ ...draft, backgroundColor: e.target.value })}
        />
      </label>
      <span className="tag-row__count">{countOf(tag.diagramCount, 'diagram')}</span>
      <button
        type="button"
        className="button button--ghost button--small"
        disabled={!changed || busy}
        onClick={() => void save()}
        aria-label={`Save ${tag.name}`}
      >
        Save
      </button>
      <button
        type="button"
        className="button button--ghost button--small"
        onClick={onDelete}
        aria-label={`Delete ${tag.name}`}
      >
        Delete
      </button>
      {error ? (
        <p className="diagram-list__error tag-row__error" id={errorId} role="alert">
          {error}
        </p>
      ) : null}
    </li>
  );
}
