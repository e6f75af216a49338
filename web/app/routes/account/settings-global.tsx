import { editorPreferencesFormSchema as formSchema } from '@loopwright/contracts';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../lib/api-client';
import {
  CheckboxField,
  FormMessage,
  SelectField,
  SubmitButton,
  TextField,
  useContractForm,
} from '../../features/account/forms';
import { PageLoading, PageTitle } from '../../features/account/page-shell';
import { preferencesApi, type EditorPreferences } from '../../features/library/preferences-api';

type Values = Omit<EditorPreferences, 'defaultTimeSteps'> & { defaultTimeSteps: string };
const toValues = (p: EditorPreferences): Values => ({ ...p, defaultTimeSteps: String(p.defaultTimeSteps) });

/** Settings → Global Settings: editor preferences, stored per user and applied whenever the editor opens. */
export default function GlobalSettingsPage() {
  const [prefs, setPrefs] = useState<EditorPreferences | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    preferencesApi.get().then(setPrefs, (e: unknown) => setError(errorMessage(e)));
  }, []);
  return (
    <>
      <PageTitle>Global Settings</PageTitle>
      <header>
        <h1>Global Settings</h1>
        <p>How the editor looks and behaves for you, on every diagram and every device you log in on.</p>
      </header>
      {error ? <FormMessage>{error}</FormMessage> : prefs ? <PreferencesForm initial={prefs} /> : <PageLoading />}
    </>
  );
}

function PreferencesForm({ initial }: { initial: EditorPreferences }) {
  const form = useContractForm(formSchema, toValues(initial));
  const [done, setDone] = useState(false);
  return (
    <form
      className="acc-panel"
      noValidate
      aria-labelledby="editor-prefs-title"
      onSubmit={(event) => {
        setDone(false);
        void form.submitWith(async (data) => {
          form.reset(toValues(await preferencesApi.save(data)));
          setDone(true);
        })(event);
      }}
    >
      <h2 id="editor-prefs-title">Editor preferences</h2>
      <FormMessage>{form.formError}</FormMessage>
      <CheckboxField label="Show the grid on the canvas" {...form.field('grid')} />
      <CheckboxField label="Snap elements to the grid" {...form.field('snap')} />
      <CheckboxField label="Reduce motion (no animated resources or transitions)" {...form.field('reducedMotion')} />
      <div className="acc-grid-2">
        <TextField
          label="Default time steps of a new diagram"
          inputMode="numeric"
          {...form.field('defaultTimeSteps')}
        />
        <SelectField
          label="Number format"
          options={['plain', 'grouped', 'compact']}
          {...form.field('numberFormat')}
          hint="plain 12345.6 · grouped 12,345.6 · compact 12.3K"
        />
      </div>
      <SelectField label="Theme" options={['system', 'light', 'dark']} {...form.field('theme')} />
      <div aria-live="polite">
        {done ? <FormMessage kind="success">Your preferences are saved.</FormMessage> : null}
      </div>
      <div className="acc-panel__actions">
        <SubmitButton busy={form.submitting} busyLabel="Saving…" className="button button--primary">
          Save preferences
        </SubmitButton>
      </div>
    </form>
  );
}
