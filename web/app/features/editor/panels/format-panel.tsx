import { useEditor } from '../editor-context';
import { useSelection } from '../model/editor-store';
import { paintSelection } from '../model/ops';
import { useValue } from '../model/value-store';
import { CheckField } from './fields';

const SWATCHES = [
  ['Default', undefined],
  ['Primary', '#5A55F4'],
  ['Red', '#F36161'],
  ['Blue', '#2196F3'],
  ['Amber', '#FFC107'],
  ['Green', '#66BB6A'],
  ['Purple', '#8E24AA'],
  ['Teal', '#00897B'],
  ['Brown', '#6D4C41'],
  ['Grey', '#546E7A'],
] as const;

/** Colours of the selection (a colour on a resource connection is also its colour filter) and grid snapping. */
export function FormatPanel() {
  const { store, tools } = useEditor();
  const selection = useSelection(store);
  const snap = useValue(tools, (t) => t.snap);
  const minimap = useValue(tools, (t) => t.minimap);
  const count = selection.nodes.length + selection.connections.length;
  const paint = (color: string | undefined) => store.edit((d) => paintSelection(d, selection, color));
  return (
    <section className="props" aria-label="Format">
      <h2 className="props__title">Format</h2>
      <p className="props__hint">{count ? `${count} selected` : 'Select elements to colour them.'}</p>
      <div className="swatches" role="group" aria-label="Colours">
        {SWATCHES.map(([name, colour]) => (
          <button
            key={name}
            type="button"
            className="swatch"
            disabled={!count}
            onClick={() => paint(colour)}
            aria-label={name}
            title={name}
            style={{ background: colour ?? '#fff' }}
          />
        ))}
      </div>
      <CheckField label="Snap to grid" checked={snap} onChange={(v) => tools.set({ ...tools.get(), snap: v })} />
      <CheckField
        label="Minimap on big diagrams"
        checked={minimap}
        onChange={(v) => tools.set({ ...tools.get(), minimap: v })}
      />
    </section>
  );
}
