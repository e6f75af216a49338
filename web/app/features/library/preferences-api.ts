import type { EditorPreferences } from '@loopwright/contracts';
import { api } from '../../lib/api-client';

export type { EditorPreferences };

/** Global Settings (editor preferences) and the diagram token (packages/contracts/src/library.ts). */
export const preferencesApi = {
  get: () => api.preference.get().then((r) => r.preferences),
  save: (changes: Partial<EditorPreferences>) => api.preference.save({ body: changes }).then((r) => r.preferences),
  regenerateToken: (fuid: string) => api.preference.regenerateToken({ params: { fuid } }).then((r) => r.fileToken),
};
