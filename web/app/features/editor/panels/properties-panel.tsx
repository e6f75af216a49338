import { useEditor } from '../editor-context';
import { useSettledEditor } from '../model/editor-store';
import { paintSelection } from '../model/ops';
import { ColorField } from './fields';
import { ConnectionProperties } from './connection-properties';
import { NodeProperties } from './node-properties';

/** The selection's properties: one element, one connection, or what a multi-selection shares (colour). */
export function PropertiesPanel() {
  const { store } = useEditor();
  const { doc, selection } = useSettledEditor(store);
  const count = selection.nodes.length + selection.connections.length;
  if (count === 0)
    return (
      <p className="props__hint">
        {store.readOnly
          ? 'Select an element or a connection to see its properties.'
          : 'Select an element or a connection to edit it. Add elements from the palette.'}
      </p>
    );
  if (count === 1 && selection.nodes.length === 1) {
    const node = doc.nodes.find((n) => n.id === selection.nodes[0]);
    return node ? <NodeProperties key={node.id} node={node} /> : null;
  }
  if (count === 1) {
    const c = doc.connections.find((x) => x.id === selection.connections[0]);
    return c ? <ConnectionProperties key={c.id} connection={c} /> : null;
  }
  const setColour = (color: string | undefined) => store.edit((d) => paintSelection(d, selection, color));
  return (
    <section className="props" aria-label="Selection properties">
      <h2 className="props__title">{count} items selected</h2>
      <ColorField value={undefined} onChange={setColour} />
    </section>
  );
}
