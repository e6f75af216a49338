import { useMemo, useRef } from 'react';
import { useEditor } from '../editor-context';
import { NODE_LABELS } from '../model/defaults';
import { useEditorDoc, useSelection } from '../model/editor-store';
import { removeElements, updateConnection, updateNode } from '../model/ops';
import type { DiagramNode, EditorConnection } from '../model/types';
import { useValue } from '../model/value-store';
import { gridKeys, ROW_HEIGHT, useVisibleRows } from './visible-rows';

const ACTIVATIONS = ['passive', 'automatic', 'interactive', 'onstart'] as const;

/** Spacer rows standing in for the rows above and below the ones drawn. */
function Spacer({ rows, columns }: { rows: number; columns: number }) {
  return rows > 0 ? (
    <tr aria-hidden="true" className="outline__spacer" style={{ height: rows * ROW_HEIGHT }}>
      <td colSpan={columns} />
    </tr>
  ) : null;
}

/**
 * Every element and connection as editable tables, in step with the canvas (selection included).
 * Only the rows in view are drawn (5,000 elements scroll and take keys as smoothly as 50); the
 * tables tell assistive technology the full row count and each row's place in it.
 */
export function OutlineView() {
  const { store, problems } = useEditor();
  const doc = useEditorDoc(store);
  const selection = useSelection(store);
  const problemMap = useValue(problems);
  const scroller = useRef<HTMLDivElement>(null);
  const nodeBody = useRef<HTMLTableSectionElement>(null);
  const connBody = useRef<HTMLTableSectionElement>(null);
  const [n0, n1] = useVisibleRows(scroller, nodeBody, doc.nodes.length);
  const [c0, c1] = useVisibleRows(scroller, connBody, doc.connections.length);
  const names = useMemo(() => new Map(doc.nodes.map((n) => [n.id, n.name || n.id])), [doc.nodes]);
  const byId = useMemo(() => new Map(doc.connections.map((c) => [c.id, c])), [doc.connections]);
  const nodeName = (id: string) => names.get(id) ?? id;
  const name = (id: string) => {
    const target = byId.get(id);
    return target ? `label of ${nodeName(target.from)} → ${nodeName(target.to)}` : nodeName(id);
  };
  const selectedNodes = new Set(selection.nodes);
  const selectedConns = new Set(selection.connections);
  const keys = (e: React.KeyboardEvent<HTMLElement>) => gridKeys(e, scroller.current);
  const setNode = (id: string, patch: Partial<DiagramNode>, field: string) =>
    store.edit((d) => updateNode(d, id, patch), { coalesce: `${id}.${field}` });
  const setConn = (id: string, patch: Partial<EditorConnection>, field: string) =>
    store.edit((d) => updateConnection(d, id, patch), { coalesce: `${id}.${field}` });
  const selectNode = (id: string) => store.select({ nodes: [id], connections: [] });
  const selectConn = (id: string) => store.select({ nodes: [], connections: [id] });
  const problemText = (id: string) =>
    problemMap
      .get(id)
      ?.map((p) => p.message)
      .join(' ') ?? '';
  return (
    <div className="outline" role="region" aria-label="Outline" ref={scroller}>
      {/* Arrow keys move between rows and cells (the rows are virtualised); the listener only moves focus. */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions */}
      <table
        className="outline__table"
        aria-label="Elements"
        aria-rowcount={doc.nodes.length + 1}
        tabIndex={-1}
        onKeyDown={keys}
      >
        <caption>Elements ({doc.nodes.length})</caption>
        <thead>
          <tr aria-rowindex={1}>
            <th scope="col">Name</th>
            <th scope="col">Type</th>
            <th scope="col">Activation</th>
            <th scope="col">Start / formula</th>
            <th scope="col">Chart</th>
            <th scope="col">Problems</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody ref={nodeBody} data-count={doc.nodes.length}>
          <Spacer rows={n0} columns={7} />
          {doc.nodes.slice(n0, n1).map((n, i) => (
            <tr
              key={n.id}
              data-index={n0 + i}
              aria-rowindex={n0 + i + 2}
              className={selectedNodes.has(n.id) ? 'is-selected' : undefined}
              onFocus={() => selectNode(n.id)}
            >
              <td>
                <input
                  aria-label={`Name of ${n.name || n.id}`}
                  value={n.name}
                  onChange={(e) => setNode(n.id, { name: e.target.value }, 'name')}
                />
              </td>
              <td>{NODE_LABELS[n.type]}</td>
              <td>
                <select
                  aria-label={`Activation of ${n.name || n.id}`}
                  value={n.activation}
                  onChange={(e) =>
                    setNode(n.id, { activation: e.target.value as DiagramNode['activation'] }, 'activation')
                  }
                >
                  {ACTIVATIONS.map((a) => (
                    <option key={a} value={a}>
                      {a}
                    </option>
                  ))}
                </select>
              </td>
              <td>
                {n.type === 'pool' ? (
                  <input
                    aria-label={`Start of ${n.name || n.id}`}
                    type="number"
                    min={0}
                    value={n.start ?? 0}
                    onChange={(e) =>
                      Number.isInteger(Number(e.target.value)) &&
                      setNode(n.id, { start: Math.max(0, Number(e.target.value)) }, 'start')
                    }
                  />
                ) : n.type === 'register' ? (
                  <input
                    aria-label={`Formula of ${n.name || n.id}`}
                    value={n.formula ?? ''}
                    onChange={(e) => setNode(n.id, { formula: e.target.value }, 'formula')}
                  />
                ) : null}
              </td>
              <td>
                {n.type === 'pool' || n.type === 'register' ? (
                  <input
                    type="checkbox"
                    aria-label={`Show ${n.name || n.id} in chart`}
                    checked={n.showInChart}
                    onChange={(e) => setNode(n.id, { showInChart: e.target.checked }, 'chart')}
                  />
                ) : null}
              </td>
              <td className="outline__problem">{problemText(n.id)}</td>
              <td>
                <button
                  type="button"
                  className="link-button"
                  aria-label={`Delete ${n.name || n.id}`}
                  onClick={() => store.edit((d) => removeElements(d, { nodes: [n.id], connections: [] }))}
                >
                  Delete
                </button>
              </td>
            </tr>
          ))}
          <Spacer rows={doc.nodes.length - n1} columns={7} />
        </tbody>
      </table>
      {/* Arrow keys move between rows and cells (the rows are virtualised); the listener only moves focus. */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions */}
      <table
        className="outline__table"
        aria-label="Connections"
        aria-rowcount={doc.connections.length + 1}
        tabIndex={-1}
        onKeyDown={keys}
      >
        <caption>Connections ({doc.connections.length})</caption>
        <thead>
          <tr aria-rowindex={1}>
            <th scope="col">From</th>
            <th scope="col">To</th>
            <th scope="col">Kind</th>
            <th scope="col">Formula</th>
            <th scope="col">Problems</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody ref={connBody} data-count={doc.connections.length}>
          <Spacer rows={c0} columns={6} />
          {doc.connections.slice(c0, c1).map((c, i) => (
            <tr
              key={c.id}
              data-index={c0 + i}
              aria-rowindex={c0 + i + 2}
              className={selectedConns.has(c.id) ? 'is-selected' : undefined}
              onFocus={() => selectConn(c.id)}
            >
              <td>{name(c.from)}</td>
              <td>{name(c.to)}</td>
              <td>
                <select
                  aria-label={`Kind of ${name(c.from)} to ${name(c.to)}`}
                  value={c.kind}
                  onChange={(e) => setConn(c.id, { kind: e.target.value as EditorConnection['kind'] }, 'kind')}
                >
                  <option value="resource">resource</option>
                  <option value="state">state</option>
                </select>
              </td>
              <td>
                <input
                  aria-label={`Formula of ${name(c.from)} to ${name(c.to)}`}
                  value={c.formula}
                  onChange={(e) => setConn(c.id, { formula: e.target.value }, 'formula')}
                />
              </td>
              <td className="outline__problem">{problemText(c.id)}</td>
              <td>
                <button
                  type="button"
                  className="link-button"
                  aria-label={`Delete ${name(c.from)} to ${name(c.to)}`}
                  onClick={() => store.edit((d) => removeElements(d, { nodes: [], connections: [c.id] }))}
                >
                  Delete
                </button>
              </td>
            </tr>
          ))}
          <Spacer rows={doc.connections.length - c1} columns={6} />
        </tbody>
      </table>
    </div>
  );
}
