import type { BodyOf, QueryOf, templateEndpoints, TemplateSummary, TemplateView } from '@loopwright/contracts';
import { api } from '../../lib/api-client';

type T = typeof templateEndpoints;
export type { TemplateSummary, TemplateView };

/** Types come from URLs and lists as text; the API answers 404 for an unknown one. */
type TemplateType = TemplateSummary['type'];

/** The templates API (packages/contracts/src/library.ts). */
export const templatesApi = {
  list: (query: Omit<QueryOf<T['list']>, 'count'> & { count?: number } = {}) => api.template.list({ query }),
  get: (type: string, id: string) =>
    api.template.get({ params: { type: type as TemplateType, id } }).then((r) => r.template),
  use: (type: string, id: string, name?: string) =>
    api.template.use({ params: { type: type as TemplateType, id }, body: name ? { name } : {} }).then((r) => r.diagram),
  publish: (fuid: string, body: { type: string; title?: string; description?: string }) =>
    api.template.publish({ params: { fuid }, body: body as BodyOf<T['publish']> }).then((r) => r.template),
};
