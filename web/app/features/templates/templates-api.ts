import type { ContentOf, QueryOf, templateEndpoints, TemplateSummary, TemplateView } from '@loopwright/contracts';
import { api } from '../../lib/api-client';

type T = typeof templateEndpoints;
export type { TemplateSummary, TemplateView };

const at = (type: string, id: string) => `/templates/${encodeURIComponent(type)}/${encodeURIComponent(id)}`;

/** The templates API (packages/contracts/src/library.ts). */
export const templatesApi = {
  list: (query: Omit<QueryOf<T['list']>, 'count'> & { count?: number } = {}) =>
    api.get<ContentOf<T['list']>>('/templates', { query }),
  get: (type: string, id: string) => api.get<ContentOf<T['get']>>(at(type, id)).then((r) => r.template),
  use: (type: string, id: string, name?: string) =>
    api.post<ContentOf<T['use']>>(`${at(type, id)}/copies`, name ? { name } : {}).then((r) => r.diagram),
  publish: (fuid: string, body: { type: string; title?: string; description?: string }) =>
    api.put<ContentOf<T['publish']>>(`/diagrams/${encodeURIComponent(fuid)}/template`, body).then((r) => r.template),
};
