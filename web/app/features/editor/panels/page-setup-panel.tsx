import { useEditor } from '../editor-context';
import { useEditorDoc } from '../model/editor-store';
import { updateSettings } from '../model/ops';
import { FormulaField, NumberField, SelectField } from './fields';

/** Page setup: steps limit, seed, dice, trigger timing, allocation, and the values of S, ST and M. */
export function PageSetupPanel() {
  const { store } = useEditor();
  const doc = useEditorDoc(store);
  const s = doc.settings;
  const set = (patch: Partial<typeof s>, field?: string) =>
    store.edit((d) => updateSettings(d, patch), field ? { coalesce: `settings.${field}` } : {});
  return (
    <section className="props" aria-label="Page setup">
      <h2 className="props__title">Page setup</h2>
      <NumberField
        label="Steps limit"
        integer
        min={0}
        value={s.stepsLimit}
        onChange={(stepsLimit) => set({ stepsLimit }, 'steps')}
      />
      <NumberField label="Seed" integer value={s.seed} onChange={(seed) => set({ seed }, 'seed')} />
      <FormulaField
        label="Dice"
        elementId=""
        field="settings.dice"
        value={s.dice}
        onChange={(dice) => set({ dice }, 'dice')}
        placeholder="D6"
      />
      <SelectField
        label="Trigger timing"
        value={s.triggerTiming}
        options={
          [
            ['nextStep', 'Next step'],
            ['sameStep', 'Same step'],
          ] as const
        }
        onChange={(triggerTiming) => set({ triggerTiming })}
      />
      <SelectField
        label="Allocation"
        value={s.allocation}
        options={
          [
            ['creationOrder', 'Creation order'],
            ['synchronous', 'Synchronous'],
          ] as const
        }
        onChange={(allocation) => set({ allocation })}
      />
      <NumberField label="Skill (S)" value={s.skill} onChange={(skill) => set({ skill }, 'skill')} />
      <NumberField label="Strategy (ST)" value={s.strategy} onChange={(strategy) => set({ strategy }, 'strategy')} />
      <NumberField
        label="Multiplayer (M)"
        value={s.multiplayer}
        onChange={(multiplayer) => set({ multiplayer }, 'multiplayer')}
      />
    </section>
  );
}
