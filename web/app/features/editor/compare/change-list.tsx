import {
  FORMULA_FIELDS,
  formulaDiff,
  showValue,
  type DiagramDiff,
  type ElementKind,
  type FieldChange,
} from '@loopwright/engine';
import type { EditorDiagram } from '../model/types';

const KIND_LABEL: Record<ElementKind, string> = {
  node: 'Element',
  connection: 'Connection',
  variable: 'Variable',
  settings: 'Settings',
};

/** An element's name in either version: a node's name, a connection as "from → to". */
function nameOf(kind: ElementKind, id: string, docs: EditorDiagram[]): string {
  if (kind === 'settings') return 'Diagram settings';
  for (const doc of docs) {
    if (kind === 'node') {
      const n = doc.nodes.find((x) => x.id === id);
      if (n) return n.name || n.text || id;
    } else if (kind === 'connection') {
      const c = doc.connections.find((x) => x.id === id);
      const node = (nid: string) => doc.nodes.find((x) => x.id === nid)?.name || nid;
      if (c) return `${node(c.from)} → ${node(c.to)}`;
    } else if (doc.variables.some((v) => v.name === id)) return id;
  }
  return id;
}

function Value({ change }: { change: FieldChange }) {
  if (
    FORMULA_FIELDS[change.kind].includes(change.field) &&
    typeof change.before === 'string' &&
    typeof change.after === 'string'
  )
    return (
      <code className="change-list__formula">
        {formulaDiff(change.before, change.after).map((t, i) =>
          t.op === 'same' ? (
            <span key={i}>{t.text} </span>
          ) : t.op === 'removed' ? (
            <del key={i}>{t.text} </del>
          ) : (
            <ins key={i}>{t.text} </ins>
          ),
        )}
      </code>
    );
  return (
    <span>
      <del>{showValue(change.before)}</del> → <ins>{showValue(change.after)}</ins>
    </span>
  );
}

function ElementSection({ title, mark, items }: { title: string; mark: string; items: DiagramDiff['added'] }) {
  if (!items.length) return null;
  return (
    <section>
      <h3>
        {title} ({items.length})
      </h3>
      <ul>
        {items.map((e) => (
          <li key={`${e.kind}:${e.id}`} className={`change-list__item change-list__item--${mark}`}>
            <span className="change-list__kind">{KIND_LABEL[e.kind]}</span> <strong>{e.name || e.id}</strong>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Every change with old → new, grouped by element; layout moves only when asked for. */
export function ChangeList({
  diff,
  before,
  after,
  showMoves,
}: {
  diff: DiagramDiff;
  before: EditorDiagram;
  after: EditorDiagram;
  showMoves: boolean;
}) {
  const changed = new Map<string, FieldChange[]>();
  for (const c of diff.changed) {
    const key = `${c.kind}\u0000${c.id}`;
    changed.set(key, [...(changed.get(key) ?? []), c]);
  }
  const empty =
    !diff.added.length && !diff.removed.length && !diff.changed.length && (!showMoves || !diff.moved.length);
  return (
    <div className="change-list" aria-label="Changes">
      {empty ? <p className="props__hint">No changes{diff.moved.length ? ' apart from layout moves' : ''}.</p> : null}
      <ElementSection title="Added" mark="added" items={diff.added} />
      <ElementSection title="Removed" mark="removed" items={diff.removed} />
      {changed.size ? (
        <section>
          <h3>Changed ({changed.size})</h3>
          <ul>
            {[...changed.values()].map((fields) => (
              <li key={`${fields[0].kind}:${fields[0].id}`} className="change-list__item change-list__item--changed">
                <span className="change-list__kind">{KIND_LABEL[fields[0].kind]}</span>{' '}
                <strong>{nameOf(fields[0].kind, fields[0].id, [after, before])}</strong>
                <dl>
                  {fields.map((f) => (
                    <div key={f.field}>
                      <dt>{f.field}</dt>
                      <dd>
                        <Value change={f} />
                      </dd>
                    </div>
                  ))}
                </dl>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {showMoves && diff.moved.length ? (
        <section>
          <h3>Moved ({diff.moved.length})</h3>
          <ul>
            {diff.moved.map((m) => (
              <li key={`${m.kind}:${m.id}`} className="change-list__item change-list__item--moved">
                <span className="change-list__kind">{KIND_LABEL[m.kind]}</span>{' '}
                <strong>{nameOf(m.kind, m.id, [after, before])}</strong>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
