import { useEffect, useId, useState } from 'react';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useEditor } from '../editor-context';
import { useEditorDoc } from '../model/editor-store';
import { BalanceTestCard } from '../../balance-tests/balance-test-card';
import { balanceTestsApi, type BalanceTestView } from '../../balance-tests/balance-tests-api';
import '../../balance-tests/balance-tests.css';

const emptyForm = { name: '', nodeId: '', step: '100', min: '', max: '', share: '95', runs: '1000', seed: '42' };
const num = (s: string) => (s.trim() === '' ? null : Number(s));

/** The editor's Tests panel: save assertions over this diagram's runs and run them (the diagram is saved first). */
export function BalanceTestsPanel({
  fuid,
  canEdit,
  saveFirst,
}: {
  fuid: string;
  canEdit: boolean;
  saveFirst: () => Promise<unknown>;
}) {
  const { store } = useEditor();
  const doc = useEditorDoc(store);
  const elements = doc.nodes.filter((n) => n.type === 'pool' || n.type === 'register');
  const [tests, setTests] = useState<BalanceTestView[] | null>(null);
  const [form, setForm] = useState(emptyForm);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const base = useId();
  useEffect(() => {
    let live = true;
    balanceTestsApi.ofDiagram(fuid).then(
      (r) => live && setTests(r),
      () => live && setTests([]),
    );
    return () => {
      live = false;
    };
  }, [fuid]);
  const set = (key: keyof typeof emptyForm) => (e: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
    setForm({ ...form, [key]: e.target.value });
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const nodeId = form.nodeId || elements[0]?.id || '';
    const next: Record<string, string> = {};
    if (!form.name.trim()) next.name = 'The test needs a name';
    if (!nodeId) next.nodeId = 'Add a pool or register to the diagram first';
    if (num(form.min) === null && num(form.max) === null) next.min = 'Give a minimum, a maximum or both';
    for (const key of ['step', 'min', 'max', 'share', 'runs', 'seed'] as const)
      if (form[key].trim() !== '' && !Number.isFinite(Number(form[key]))) next[key] = 'Enter a number';
    setErrors(next);
    setFormError(null);
    if (Object.keys(next).length) return;
    try {
      await saveFirst();
      const test = await balanceTestsApi.create(fuid, {
        name: form.name.trim(),
        nodeId,
        step: num(form.step),
        min: num(form.min),
        max: num(form.max),
        share: num(form.share) ?? 100,
        runs: num(form.runs) ?? 100,
        seed: num(form.seed) ?? 0,
      });
      setTests((list) => [...(list ?? []), test]);
      setForm({ ...emptyForm, nodeId });
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.fields).length) setErrors(error.fields);
      else setFormError(errorMessage(error));
    }
  };
  const field = (key: keyof typeof emptyForm, label: string, hint?: string) => (
    <label className="balance-form__field" htmlFor={`${base}-${key}`}>
      <span>{label}</span>
      <input
        id={`${base}-${key}`}
        value={form[key]}
        onChange={set(key)}
        inputMode={key === 'name' ? undefined : 'decimal'}
        aria-invalid={errors[key] ? true : undefined}
        placeholder={hint}
      />
      {errors[key] ? <span className="balance-test__error">{errors[key]}</span> : null}
    </label>
  );
  return (
    <section className="balance-panel" aria-label="Balance tests">
      <p>
        A balance test checks many runs of this diagram, e.g. “Gold after 100 steps is between 50 and 200 in at least
        95% of 1,000 runs”. Run it after a change to know whether the balance still holds.
      </p>
      {tests === null ? (
        <p role="status">Loading…</p>
      ) : tests.length ? (
        <ul className="balance-tests">
          {tests.map((t) => (
            <BalanceTestCard
              key={t.id}
              test={t}
              origin="editor"
              beforeRun={saveFirst}
              onChange={(next) =>
                setTests((list) =>
                  next ? list!.map((x) => (x.id === t.id ? next : x)) : list!.filter((x) => x.id !== t.id),
                )
              }
            />
          ))}
        </ul>
      ) : (
        <p>No balance tests yet.</p>
      )}
      {canEdit ? (
        <form className="balance-form" onSubmit={(e) => void submit(e)} noValidate aria-label="New balance test">
          <h3>New balance test</h3>
          {field('name', 'Name')}
          <label className="balance-form__field" htmlFor={`${base}-nodeId`}>
            <span>Element</span>
            <select id={`${base}-nodeId`} value={form.nodeId || elements[0]?.id || ''} onChange={set('nodeId')}>
              {elements.map((n) => (
                <option key={n.id} value={n.id}>
                  {n.type} {n.name || n.id}
                </option>
              ))}
            </select>
            {errors.nodeId ? <span className="balance-test__error">{errors.nodeId}</span> : null}
          </label>
          {field('step', 'After step', 'blank: the end of the run')}
          <div className="balance-form__row">
            {field('min', 'Minimum')}
            {field('max', 'Maximum')}
          </div>
          <div className="balance-form__row">
            {field('share', 'In at least % of runs')}
            {field('runs', 'Runs')}
            {field('seed', 'Seed')}
          </div>
          <button type="submit" className="button button--primary">
            Save test
          </button>
          {formError ? (
            <p role="alert" className="balance-test__error">
              {formError}
            </p>
          ) : null}
        </form>
      ) : null}
    </section>
  );
}
