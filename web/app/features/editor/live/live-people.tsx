import { useOnViewportChange, useReactFlow, ViewportPortal } from '@xyflow/react';
import { useCallback, useEffect, useState } from 'react';
import { useEditor } from '../editor-context';
import { useEditorDoc } from '../model/editor-store';
import { useValue } from '../model/value-store';
import type { LiveSession, Person } from './live-session';

/** Sends my pointer at most this often (ms). */
const CURSOR_MS = 40;

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0].toUpperCase())
    .join('') || '?';

/**
 * Presence in the editor header: the avatars of the other people in the diagram (one colour per
 * person, what each is editing in the tooltip), "follow" a person's view by clicking their avatar,
 * and, on the canvas, everyone's pointer and the elements they have selected.
 */
export function LivePeople({ live }: { live: LiveSession }) {
  const people = useValue(live.people);
  const { store } = useEditor();
  const rf = useReactFlow();
  const [following, setFollowing] = useState<string | null>(null);
  const followed = people.find((p) => p.user.id === following) ?? null;

  // My view, for those who follow me. (A new handler on every render would change React Flow's
  // state each time, and every reader of its state would look again.)
  const sendView = useCallback((view: { x: number; y: number; zoom: number }) => live.setView(view), [live]);
  useOnViewportChange({ onEnd: sendView });
  useEffect(() => {
    live.setView(rf.getViewport());
  }, [live, rf]);

  // Following: my view goes where theirs goes.
  const view = followed?.view;
  useEffect(() => {
    if (view) void rf.setViewport(view, { duration: 150 });
  }, [view, rf]);

  // My pointer, in canvas coordinates. At most every CURSOR_MS, and always where it came to rest:
  // a move within that time is sent when the time is up (dropped, a pointer that came onto the
  // canvas quickly would stay "off the canvas" for the others until it moved again). Turned into
  // canvas coordinates only when sent: that reads the canvas's place on the page, which costs a
  // layout when the page changed since the last frame (as it does on every frame of a drag).
  useEffect(() => {
    let last = 0;
    let latest: { x: number; y: number } | null = null;
    let timer: ReturnType<typeof setTimeout> | null = null;
    const send = () => {
      timer = null;
      last = Date.now();
      live.setCursor(latest && rf.screenToFlowPosition(latest));
    };
    const move = (e: PointerEvent) => {
      const onCanvas = e.target instanceof Element && e.target.closest('.react-flow');
      latest = onCanvas ? { x: e.clientX, y: e.clientY } : null;
      const wait = last + CURSOR_MS - Date.now();
      if (wait <= 0) send();
      else timer ??= setTimeout(send, wait);
    };
    window.addEventListener('pointermove', move);
    return () => {
      window.removeEventListener('pointermove', move);
      if (timer) clearTimeout(timer);
    };
  }, [live, rf]);

  // Who edits what: the element selected alone is the one being edited in the properties panel.
  useEffect(() => {
    const publish = () => {
      const { nodes, connections } = store.selection;
      live.setEditing(nodes.length + connections.length === 1 ? (nodes[0] ?? connections[0]) : null);
    };
    publish();
    return store.subscribe(publish);
  }, [live, store]);

  if (!people.length) return null;
  const nameOf = (id: string) => store.doc.nodes.find((n) => n.id === id)?.name || id;
  return (
    <>
      <ul className="live-people" aria-label="People in this diagram">
        {people.map((person) => {
          const editing = person.editing ? ` — editing ${nameOf(person.editing)}` : '';
          const isFollowed = following === person.user.id;
          return (
            <li key={person.clientId}>
              <button
                type="button"
                className={`live-avatar${isFollowed ? ' is-followed' : ''}`}
                style={{ borderColor: person.user.color, background: person.user.color }}
                title={`${person.user.name}${editing}${isFollowed ? ' (following)' : ' — click to follow'}`}
                aria-label={`${isFollowed ? 'Stop following' : 'Follow'} ${person.user.name}`}
                aria-pressed={isFollowed}
                onClick={() => setFollowing(isFollowed ? null : person.user.id)}
              >
                {initials(person.user.name)}
              </button>
            </li>
          );
        })}
      </ul>
      {followed ? (
        <span className="live-following" role="status">
          Following {followed.user.name}
        </span>
      ) : null}
      <ViewportPortal>
        {people.map((person) => (
          <PersonOnCanvas key={person.clientId} person={person} />
        ))}
      </ViewportPortal>
    </>
  );
}

function PersonOnCanvas({ person }: { person: Person }) {
  const { store } = useEditor();
  const doc = useEditorDoc(store);
  const selected = new Set(person.selection?.nodes ?? []);
  const color = person.user.color;
  return (
    <>
      {doc.nodes
        .filter((n) => selected.has(n.id))
        .map((n) => (
          <div
            key={n.id}
            className="live-selection"
            style={{ transform: `translate(${n.x}px, ${n.y - 22}px)`, background: color }}
            data-person={person.user.name}
          >
            {person.user.name}
          </div>
        ))}
      {person.cursor ? (
        <div
          className="live-cursor"
          style={{ transform: `translate(${person.cursor.x}px, ${person.cursor.y}px)`, color }}
          aria-label={`${person.user.name}'s pointer`}
        >
          <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true">
            <path d="M0 0 L0 13 L4 9 L7 15 L9 14 L6 8 L11 8 Z" fill="currentColor" stroke="white" strokeWidth="1" />
          </svg>
          <span className="live-cursor__name" style={{ background: color }}>
            {person.user.name}
          </span>
        </div>
      ) : null}
    </>
  );
}
