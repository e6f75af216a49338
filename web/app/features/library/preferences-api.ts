import type { ContentOf, EditorPreferences, preferenceEndpoints } from '@loopwright/contracts';
import { api } from '../../lib/api-client';

type P = typeof preferenceEndpoints;
export type { EditorPreferences };

/** Global Settings (editor preferences) and the diagram token (packages/contracts/src/library.ts). */
export const preferencesApi = {
  get: () => api.get<ContentOf<P['get']>>('/users/me/preferences').then((r) => r.preferences),
  save: (changes: Partial<EditorPreferences>) =>
    api.put<ContentOf<P['save']>>('/users/me/preferences', changes).then((r) => r.preferences),
  regenerateToken: (fuid: string) =>
    api
      .post<ContentOf<P['regenerateToken']>>(`/diagrams/${encodeURIComponent(fuid)}/file-token`)
      .then((r) => r.fileToken),
};
