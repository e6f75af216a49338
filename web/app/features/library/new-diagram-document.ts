import { preferencesApi } from './preferences-api';

/** The settings of a new blank diagram (its time steps) from the preferences, or none when they cannot be read. */
export async function newDiagramDocument(): Promise<unknown> {
  const prefs = await preferencesApi.get().catch(() => null);
  return prefs
    ? { version: 1, settings: { stepsLimit: prefs.defaultTimeSteps }, nodes: [], connections: [], variables: [] }
    : undefined;
}
