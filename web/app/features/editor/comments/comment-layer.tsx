import { useReactFlow, useStore } from '@xyflow/react';
import { useEffect, useMemo, useRef } from 'react';
import { elementAt } from '../canvas/overview-layer';
import { useEditor } from '../editor-context';
import { useEditorDoc } from '../model/editor-store';
import type { Point } from '../model/types';
import { useValue } from '../model/value-store';
import { CommentComposer } from './comment-composer';
import { anchorOf, commentCount, targetLabel, type Anchor } from './comment-geometry';
import { ThreadCard } from './comment-thread';
import type { CommentThread, CommentTarget } from './comments-api';
import type { CommentsStore } from './comments-store';
import './comments.css';

const POPOVER_WIDTH = 300;

const editable = (el: EventTarget | null) =>
  el instanceof HTMLElement && (el.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(el.tagName));

/** The element under a screen point: a node or a connection (below the comment-mode cover). */
function elementUnder(clientX: number, clientY: number): CommentTarget | null {
  for (const el of document.elementsFromPoint(clientX, clientY)) {
    const node = el.closest('.react-flow__node[data-id]')?.getAttribute('data-id');
    if (node) return { kind: 'element', elementId: node, elementKind: 'node' };
    const conn =
      el.closest<HTMLElement>('[data-connection-id]')?.dataset.connectionId ??
      el.closest<SVGElement>('.connection[data-id]')?.dataset.id;
    if (conn) return { kind: 'element', elementId: conn, elementKind: 'connection' };
  }
  return null;
}

/**
 * Comments on the canvas: a count badge per commented element and a pin per commented point (open
 * threads), the open thread beside its badge, and comment mode (C): a click on an element or a
 * point starts a thread there; Enter starts one on the selected element (or the middle of the view).
 */
export function CommentLayer({ comments }: { comments: CommentsStore }) {
  const { store } = useEditor();
  const doc = useEditorDoc(store);
  const state = useValue(comments.state);
  const [tx, ty, zoom] = useStore((s) => s.transform);
  const rf = useReactFlow();
  const box = useRef<HTMLDivElement>(null);

  const groups = useMemo(() => {
    const map = new Map<string, { anchor: Anchor; threads: CommentThread[] }>();
    for (const t of state.threads ?? []) {
      if (t.resolved && t.id !== state.active) continue;
      const anchor = anchorOf(t, doc);
      const group = map.get(anchor.key) ?? { anchor, threads: [] };
      group.threads.push(t);
      map.set(anchor.key, group);
    }
    return [...map.values()];
  }, [state.threads, state.active, doc]);

  const toScreen = (p: Point) => ({ left: p.x * zoom + tx, top: p.y * zoom + ty });
  const activeGroup = state.active ? groups.find((g) => g.threads.some((t) => t.id === state.active)) : undefined;

  // Bring the thread asked for (from the panel or a notification's link) into view.
  useEffect(() => {
    if (!state.reveal || !activeGroup) return;
    const { x, y } = activeGroup.anchor.at;
    void rf.setCenter(x + 120 / Math.max(rf.getZoom(), 0.5), y, { zoom: Math.max(rf.getZoom(), 0.8), duration: 250 });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [state.reveal, !!activeGroup]);

  const centreOfView = (): Point => {
    const r = box.current!.getBoundingClientRect();
    return rf.screenToFlowPosition({ x: r.left + r.width / 2, y: r.top + r.height / 2 });
  };

  const pinAtSelection = () => {
    const sel = store.selection;
    const node = sel.nodes[0];
    const conn = sel.connections[0];
    const target: CommentTarget = node
      ? { kind: 'element', elementId: node, elementKind: 'node' }
      : conn
        ? { kind: 'element', elementId: conn, elementKind: 'connection' }
        : { kind: 'point' };
    const probe = { id: '', target, x: 0, y: 0 } as CommentThread;
    const at = target.kind === 'point' ? centreOfView() : anchorOf(probe, store.doc).at;
    comments.startDraft({ target, at });
  };

  // C: comment mode on/off; Escape: out of comment mode, the draft or the open thread; Enter in comment mode: on the selection.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (editable(e.target) || e.ctrlKey || e.metaKey || e.altKey) return;
      const s = comments.state.get();
      if ((e.key === 'c' || e.key === 'C') && s.canWrite && !e.shiftKey) {
        e.preventDefault();
        comments.setPlacing(!s.placing);
      } else if (e.key === 'Escape' && (s.placing || s.draft || s.active)) {
        if (s.placing) comments.setPlacing(false);
        else if (s.draft) comments.cancelDraft();
        else comments.open(null);
      } else if (e.key === 'Enter' && s.placing) {
        e.preventDefault();
        pinAtSelection();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [comments]);

  const place = (e: React.MouseEvent) => {
    const flow = rf.screenToFlowPosition({ x: e.clientX, y: e.clientY });
    let target = elementUnder(e.clientX, e.clientY);
    // Far out the elements are painted on one canvas: find the one under the point in the document.
    if (!target && box.current?.parentElement?.querySelector('.diagram-canvas.is-far')) {
      const node = elementAt(store.doc, flow);
      if (node) target = { kind: 'element', elementId: node.id, elementKind: 'node' };
    }
    comments.startDraft({ target: target ?? { kind: 'point' }, at: flow });
  };

  const popoverAt = (p: Point): React.CSSProperties => {
    const { left, top } = toScreen(p);
    const width = box.current?.clientWidth ?? 800;
    const height = box.current?.clientHeight ?? 600;
    const x = left + 18 + POPOVER_WIDTH > width ? Math.max(8, left - POPOVER_WIDTH - 18) : left + 18;
    // In the lower half it grows upwards, so the reply field stays inside the canvas.
    return top > height / 2
      ? { left: x, bottom: Math.max(8, height - top - 12) }
      : { left: x, top: Math.max(8, top - 12) };
  };

  const draftLabel = (() => {
    const d = state.draft;
    if (!d) return '';
    return targetLabel({ id: '', target: d.target, x: d.at.x, y: d.at.y } as CommentThread, doc);
  })();

  return (
    <div className={`comment-layer${state.placing ? ' is-placing' : ''}`} ref={box}>
      {state.canWrite ? (
        <div className="comment-layer__bar">
          <button
            type="button"
            className="editor-button editor-button--ghost"
            aria-pressed={state.placing}
            title="Comment (C)"
            onClick={() => comments.setPlacing(!state.placing)}
          >
            Comment
          </button>
        </div>
      ) : null}
      {state.placing ? (
        <>
          <div className="comment-layer__cover" onClick={place} aria-hidden="true" />
          <p className="comment-layer__hint" role="status">
            Click an element or a point to comment. Enter: on the selected element. Esc: cancel.
          </p>
        </>
      ) : null}
      {groups.map(({ anchor, threads }) => {
        const count = commentCount(threads);
        const isPoint = anchor.key.startsWith('point:');
        const label = targetLabel(threads[0], doc);
        return (
          <button
            key={anchor.key}
            type="button"
            className={`comment-badge${isPoint ? ' comment-badge--pin' : ''}${activeGroup?.anchor.key === anchor.key ? ' is-active' : ''}`}
            style={toScreen(anchor.at)}
            aria-label={`${count} comment${count === 1 ? '' : 's'} on ${label}`}
            data-comment-anchor={anchor.key}
            onClick={() => comments.open(activeGroup?.anchor.key === anchor.key ? null : threads[0].id)}
          >
            {count}
          </button>
        );
      })}
      {activeGroup ? (
        <div className="comment-popover" style={popoverAt(activeGroup.anchor.at)}>
          {activeGroup.threads.map((t) => (
            <ThreadCard
              key={t.id}
              thread={t}
              label={targetLabel(t, doc)}
              store={comments}
              canWrite={state.canWrite}
              onClose={() => comments.open(null)}
            />
          ))}
        </div>
      ) : null}
      {state.draft ? (
        <div
          className="comment-popover"
          style={popoverAt(state.draft.at)}
          role="dialog"
          aria-label={`New comment on ${draftLabel}`}
        >
          <p className="comment-thread__label">New comment on {draftLabel}</p>
          <CommentComposer
            people={() => comments.people()}
            label={`New comment on ${draftLabel}`}
            submitLabel="Comment"
            focusOnOpen
            onCancel={() => comments.cancelDraft()}
            onSubmit={(body, mentions) => comments.create(body, mentions)}
          />
        </div>
      ) : null}
    </div>
  );
}
