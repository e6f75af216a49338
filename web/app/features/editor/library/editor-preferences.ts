import type { EditorServices } from '../editor-context';
import { setNumberFormat } from './number-format';
import { preferencesApi, type EditorPreferences } from '../../library/preferences-api';
import '../../library/editor-preferences.css';

const CLASSES = ['lw-no-grid', 'lw-reduced-motion', 'lw-theme-dark', 'lw-theme-light'];

/** Applies the user's Global Settings to an open editor: snap, grid, number format, theme and reduced motion. */
export function applyEditorPreferences(services: EditorServices, prefs: EditorPreferences): void {
  services.tools.set({ ...services.tools.get(), snap: prefs.snap });
  setNumberFormat(prefs.numberFormat);
  const body = document.body.classList;
  body.remove(...CLASSES);
  if (!prefs.grid) body.add('lw-no-grid');
  if (prefs.reducedMotion) body.add('lw-reduced-motion');
  if (prefs.theme !== 'system') body.add(`lw-theme-${prefs.theme}`);
}

/** Loads and applies the preferences (a failure keeps the defaults). */
export function loadEditorPreferences(services: EditorServices): void {
  preferencesApi.get().then(
    (prefs) => applyEditorPreferences(services, prefs),
    () => undefined,
  );
}

/** The editor closed: the page returns to its own look. */
export function clearEditorPreferences(): void {
  document.body.classList.remove(...CLASSES);
  setNumberFormat('plain');
}
