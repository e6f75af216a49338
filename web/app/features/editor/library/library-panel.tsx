import { countOf } from '@loopwright/contracts';
import { useReactFlow } from '@xyflow/react';
import { useCallback, useEffect, useId, useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { useEditor } from '../editor-context';
import { useSelection } from '../model/editor-store';
import { copyFragment, type Fragment } from '../model/ops';
import { libraryApi, type LibraryItemView } from '../../library/library-api';
import { insertFragment, LIBRARY_MIME } from './library-drop';
import '../../library/library.css';

type Visibility = LibraryItemView['visibility'];
type Limits = { items: number; used: number; componentsPerItem: number };

/**
 * The editor's Library panel: save the selection as an item (name, visibility), drag items onto
 * the canvas of any diagram (or Insert them), reorder and delete my items. Plan limits answer with
 * the upgrade prompt.
 */
export function LibraryPanel() {
  const { store } = useEditor();
  const rf = useReactFlow();
  const selection = useSelection(store);
  const [items, setItems] = useState<LibraryItemView[] | null>(null);
  const [limits, setLimits] = useState<Limits | null>(null);
  const [name, setName] = useState('');
  const [visibility, setVisibility] = useState<Visibility>('private');
  const [status, setStatus] = useState<{ error?: string; note?: string }>({});
  const base = useId();
  const load = useCallback(
    () =>
      libraryApi.list().then(
        (r) => {
          setItems(r.items);
          setLimits(r.limits);
        },
        (e) => setStatus({ error: errorMessage(e) }),
      ),
    [],
  );
  useEffect(() => {
    void load();
  }, [load]);

  const save = async (e: React.FormEvent) => {
    e.preventDefault();
    const fragment = copyFragment(store.doc, selection);
    if (!fragment.nodes.length) return setStatus({ error: 'Select the elements to save first' });
    if (!name.trim()) return setStatus({ error: 'The item needs a name' });
    try {
      await libraryApi.create({ name: name.trim(), visibility, content: fragment });
      setName('');
      setStatus({ note: 'Saved to the library' });
      await load();
    } catch (error) {
      setStatus({ error: errorMessage(error) });
    }
  };
  const insert = (item: LibraryItemView) => {
    const box = document.querySelector('.editor__canvas')?.getBoundingClientRect();
    const at = box
      ? rf.screenToFlowPosition({ x: box.left + box.width / 3, y: box.top + box.height / 3 })
      : { x: 0, y: 0 };
    insertFragment(store, item.content as unknown as Fragment, at);
  };
  const mine = (items ?? []).filter((i) => i.mine);
  const move = async (index: number, by: -1 | 1) => {
    const ids = mine.map((i) => i.id);
    [ids[index], ids[index + by]] = [ids[index + by], ids[index]];
    try {
      const next = await libraryApi.reorder(ids);
      setItems(next);
    } catch (error) {
      setStatus({ error: errorMessage(error) });
    }
  };
  const remove = async (item: LibraryItemView) => {
    try {
      await libraryApi.remove(item.id);
      await load();
    } catch (error) {
      setStatus({ error: errorMessage(error) });
    }
  };
  const count = selection.nodes.length;
  return (
    <section className="library-panel" aria-label="Library">
      <form className="library-panel__save" onSubmit={(e) => void save(e)} aria-label="Save to library">
        <h3>Save the selection</h3>
        <label htmlFor={`${base}-name`}>Item name</label>
        <input
          id={`${base}-name`}
          value={name}
          maxLength={120}
          onChange={(e) => setName(e.target.value)}
          placeholder="e.g. Upgrade loop"
        />
        <label htmlFor={`${base}-vis`}>Visibility</label>
        <select id={`${base}-vis`} value={visibility} onChange={(e) => setVisibility(e.target.value as Visibility)}>
          <option value="private">Private: only me</option>
          <option value="team">Team: my team members</option>
          <option value="public">Public: everyone</option>
        </select>
        <button type="submit" className="button button--primary" disabled={count === 0}>
          {count ? `Save ${countOf(count, 'element')} to library` : 'Select elements to save'}
        </button>
        {limits ? (
          <p className="library-panel__usage">
            {limits.items < 0 ? `${limits.used} library items` : `${limits.used} of ${limits.items} library items`} · up
            to {limits.componentsPerItem} components each
          </p>
        ) : null}
      </form>
      {status.error ? (
        <p role="alert" className="library-panel__error">
          {status.error}
        </p>
      ) : status.note ? (
        <p role="status">{status.note}</p>
      ) : null}
      <h3>Items</h3>
      <p className="library-panel__hint">Drag an item onto the canvas, or press Insert.</p>
      {items === null ? (
        <p role="status">Loading…</p>
      ) : items.length === 0 ? (
        <p>The library is empty.</p>
      ) : (
        <ul className="library-items">
          {items.map((item) => {
            const index = mine.indexOf(item);
            return (
              <li
                key={item.id}
                className="library-item"
                draggable
                aria-label={`Library item ${item.name}`}
                onDragStart={(e) => {
                  e.dataTransfer.setData(LIBRARY_MIME, JSON.stringify(item.content));
                  e.dataTransfer.effectAllowed = 'copy';
                }}
              >
                <div className="library-item__head">
                  <strong>{item.name}</strong>
                  <span className="library-item__badge">{item.visibility}</span>
                </div>
                <span className="library-item__meta">
                  {countOf(item.componentCount, 'component')}
                  {item.mine ? '' : ' · shared with me'}
                </span>
                <div className="library-item__actions">
                  <button
                    type="button"
                    className="button button--ghost"
                    onClick={() => insert(item)}
                    aria-label={`Insert ${item.name}`}
                  >
                    Insert
                  </button>
                  {item.mine ? (
                    <>
                      <button
                        type="button"
                        className="button button--ghost"
                        disabled={index === 0}
                        onClick={() => void move(index, -1)}
                        aria-label={`Move ${item.name} up`}
                      >
                        ↑
                      </button>
                      <button
                        type="button"
                        className="button button--ghost"
                        disabled={index === mine.length - 1}
                        onClick={() => void move(index, 1)}
                        aria-label={`Move ${item.name} down`}
                      >
                        ↓
                      </button>
                      <button
                        type="button"
                        className="button button--ghost"
                        onClick={() => void remove(item)}
                        aria-label={`Delete ${item.name}`}
                      >
                        Delete
                      </button>
                    </>
                  ) : null}
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
