import { useEditor } from '../editor-context';
import { NODE_LABELS } from '../model/defaults';
import { useEditorDoc, useSelection } from '../model/editor-store';
import { removeElements, updateConnection, updateNode } from '../model/ops';
import type { DiagramNode, EditorConnection } from '../model/types';
import { useValue } from '../model/value-store';

const ACTIVATIONS = ['passive', 'automatic', 'interactive', 'onstart'] as const;

/** Up/Down move between rows in the same column; Enter/Escape leave a cell alone. */
function gridKeys(e: React.KeyboardEvent<HTMLElement>) {
  if (e.key !== 'ArrowUp' && e.key !== 'ArrowDown') return;
  const cell = (e.target as HTMLElement).closest('td');
  const row = cell?.parentElement as HTMLTableRowElement | null;
  if (!cell || !row) return;
  const target = (e.key === 'ArrowUp' ? row.previousElementSibling : row.nextElementSibling) as HTMLTableRowElement | null;
  const next = target?.cells[cell.cellIndex]?.querySelector<HTMLElement>('input, select, button');
  if (next) {
    e.preventDefault();
    next.focus();
  }
}

/** Every element and connection as editable tables, in step with the canvas (selection included). */
export function OutlineView() {
  const { store, problems } = useEditor();
  const doc = useEditorDoc(store);
  const selection = useSelection(store);
  const problemMap = useValue(problems);
  const nodeName = (id: string) => doc.nodes.find((n) => n.id === id)?.name || id;
  const name = (id: string) => {
    const target = doc.connections.find((c) => c.id === id);
    return target ? `label of ${nodeName(target.from)} → ${nodeName(target.to)}` : nodeName(id);
  };
  const setNode = (id: string, patch: Partial<DiagramNode>, field: string) => store.edit((d) => updateNode(d, id, patch), { coalesce: `${id}.${field}` });
  const setConn = (id: string, patch: Partial<EditorConnection>, field: string) => store.edit((d) => updateConnection(d, id, patch), { coalesce: `${id}.${field}` });
  const selectNode = (id: string) => store.select({ nodes: [id], connections: [] });
  const selectConn = (id: string) => store.select({ nodes: [], connections: [id] });
  const problemText = (id: string) => problemMap.get(id)?.map((p) => p.message).join(' ') ?? '';
  return (
    <div className="outline" role="region" aria-label="Outline">
      {/* Arrow keys move between the cells' inputs and buttons; the listener only moves focus. */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions */}
      <table className="outline__table" aria-label="Elements" onKeyDown={gridKeys}>
        <caption>Elements ({doc.nodes.length})</caption>
        <thead>
          <tr><th scope="col">Name</th><th scope="col">Type</th><th scope="col">Activation</th><th scope="col">Start / formula</th><th scope="col">Chart</th><th scope="col">Problems</th><th scope="col"><span className="visually-hidden">Actions</span></th></tr>
        </thead>
        <tbody>
          {doc.nodes.map((n) => (
            <tr key={n.id} className={selection.nodes.includes(n.id) ? 'is-selected' : undefined} onFocus={() => selectNode(n.id)}>
              <td><input aria-label={`Name of ${n.name || n.id}`} value={n.name} onChange={(e) => setNode(n.id, { name: e.target.value }, 'name')} /></td>
              <td>{NODE_LABELS[n.type]}</td>
              <td>
                <select aria-label={`Activation of ${n.name || n.id}`} value={n.activation} onChange={(e) => setNode(n.id, { activation: e.target.value as DiagramNode['activation'] }, 'activation')}>
                  {ACTIVATIONS.map((a) => <option key={a} value={a}>{a}</option>)}
                </select>
              </td>
              <td>
                {n.type === 'pool' ? (
                  <input aria-label={`Start of ${n.name || n.id}`} type="number" min={0} value={n.start ?? 0}
                    onChange={(e) => Number.isInteger(Number(e.target.value)) && setNode(n.id, { start: Math.max(0, Number(e.target.value)) }, 'start')} />
                ) : n.type === 'register' ? (
                  <input aria-label={`Formula of ${n.name || n.id}`} value={n.formula ?? ''} onChange={(e) => setNode(n.id, { formula: e.target.value }, 'formula')} />
                ) : null}
              </td>
              <td>{n.type === 'pool' || n.type === 'register' ? <input type="checkbox" aria-label={`Show ${n.name || n.id} in chart`} checked={n.showInChart} onChange={(e) => setNode(n.id, { showInChart: e.target.checked }, 'chart')} /> : null}</td>
              <td className="outline__problem">{problemText(n.id)}</td>
              <td><button type="button" className="link-button" aria-label={`Delete ${n.name || n.id}`} onClick={() => store.edit((d) => removeElements(d, { nodes: [n.id], connections: [] }))}>Delete</button></td>
            </tr>
          ))}
        </tbody>
      </table>
      {/* Arrow keys move between the cells' inputs and buttons; the listener only moves focus. */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions */}
      <table className="outline__table" aria-label="Connections" onKeyDown={gridKeys}>
        <caption>Connections ({doc.connections.length})</caption>
        <thead>
          <tr><th scope="col">From</th><th scope="col">To</th><th scope="col">Kind</th><th scope="col">Formula</th><th scope="col">Problems</th><th scope="col"><span className="visually-hidden">Actions</span></th></tr>
        </thead>
        <tbody>
          {doc.connections.map((c) => (
            <tr key={c.id} className={selection.connections.includes(c.id) ? 'is-selected' : undefined} onFocus={() => selectConn(c.id)}>
              <td>{name(c.from)}</td>
              <td>{name(c.to)}</td>
              <td>
                <select aria-label={`Kind of ${name(c.from)} to ${name(c.to)}`} value={c.kind} onChange={(e) => setConn(c.id, { kind: e.target.value as EditorConnection['kind'] }, 'kind')}>
                  <option value="resource">resource</option>
                  <option value="state">state</option>
                </select>
              </td>
              <td><input aria-label={`Formula of ${name(c.from)} to ${name(c.to)}`} value={c.formula} onChange={(e) => setConn(c.id, { formula: e.target.value }, 'formula')} /></td>
              <td className="outline__problem">{problemText(c.id)}</td>
              <td><button type="button" className="link-button" aria-label={`Delete ${name(c.from)} to ${name(c.to)}`} onClick={() => store.edit((d) => removeElements(d, { nodes: [], connections: [c.id] }))}>Delete</button></td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
