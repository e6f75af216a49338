import type {
  BodyOf,
  ContentOf,
  diagramEndpoints,
  diagramVersionEndpoints,
  playEndpoints,
  QueryOf,
  tagEndpoints,
} from '@loopwright/contracts';
import { api } from '../../lib/api-client';

// Request and response types come from the endpoint contracts in packages/contracts (type-only:
// no zod in the page bundle); nothing here re-declares them.
type D = typeof diagramEndpoints;
type P = typeof playEndpoints;
type T = typeof tagEndpoints;
type V = typeof diagramVersionEndpoints;

export type TagWithCount = ContentOf<T['list']>['tags'][number];
export type DiagramDetails = ContentOf<D['details']>;
export type CreatePlayBody = BodyOf<P['create']>;
/** Documents from templates and files are checked by the server, so the client sends them as they are. */
type WithAnyDocument<B> = Omit<B, 'document'> & { document?: unknown };
/** Numbers in the query string (the contract coerces them). */
type ListQuery = Omit<QueryOf<D['list']>, 'page' | 'pageSize'> & { page?: number; pageSize?: number };

const at = (fuid: string) => `/diagrams/${encodeURIComponent(fuid)}`;

/** The diagrams API (packages/contracts/src/diagrams.ts, plays.ts, tags.ts) as the editor and the list use it. */
export const diagramsApi = {
  list: (query: ListQuery) => api.get<ContentOf<D['list']>>('/diagrams', { query }),
  create: (body: WithAnyDocument<BodyOf<D['create']>>) =>
    api.post<ContentOf<D['create']>>('/diagrams', body).then((r) => r.diagram),
  get: (fuid: string) => api.get<ContentOf<D['get']>>(at(fuid)).then((r) => r.diagram),
  save: (fuid: string, body: BodyOf<D['save']>) => api.put<ContentOf<D['save']>>(`${at(fuid)}/document`, body),
  update: (fuid: string, body: BodyOf<D['update']>) =>
    api.patch<ContentOf<D['update']>>(at(fuid), body).then((r) => r.diagram),
  remove: (fuid: string) => api.delete<ContentOf<D['delete']>>(at(fuid)),
  restore: (fuid: string) => api.post<ContentOf<D['restore']>>(`${at(fuid)}/restore`).then((r) => r.diagram),
  deleteForever: (fuid: string) => api.delete<ContentOf<D['deleteForever']>>(`${at(fuid)}/forever`),
  emptyTrash: () => api.post<ContentOf<D['emptyTrash']>>('/diagrams/trash/empty').then((r) => r.deleted),
  copy: (fuid: string, name?: string) =>
    api.post<ContentOf<D['copy']>>(`${at(fuid)}/copies`, name ? { name } : {}).then((r) => r.diagram),
  details: (fuid: string) => api.get<ContentOf<D['details']>>(`${at(fuid)}/details`),
  importText: (text: string, name?: string) => api.post<ContentOf<D['import']>>('/diagrams/import', { text, name }),
  exportJson: (fuid: string) => api.get<ContentOf<D['exportJson']>>(`${at(fuid)}/export/json`),
  versions: (fuid: string) => api.get<ContentOf<V['list']>>(`${at(fuid)}/versions`),
  version: (fuid: string, id: string) =>
    api.get<ContentOf<V['get']>>(`${at(fuid)}/versions/${id}`).then((r) => r.version),
  restoreVersion: (fuid: string, id: string) => api.post<ContentOf<V['restore']>>(`${at(fuid)}/versions/${id}/restore`),
  plays: (fuid: string, page = 1) =>
    api.get<ContentOf<P['list']>>(`${at(fuid)}/plays`, { query: { page, pageSize: 50 } }),
  play: (fuid: string, id: string) => api.get<ContentOf<P['get']>>(`${at(fuid)}/plays/${id}`).then((r) => r.play),
  createPlay: (fuid: string, body: CreatePlayBody) =>
    api.post<ContentOf<P['create']>>(`${at(fuid)}/plays`, body).then((r) => r.play),
  deletePlay: (fuid: string, id: string) => api.delete<ContentOf<P['delete']>>(`${at(fuid)}/plays/${id}`),
  cancelServerBatch: (fuid: string, id: string) => api.post<ContentOf<P['cancel']>>(`${at(fuid)}/plays/${id}/cancel`),
  serverBatch: (fuid: string, body: BodyOf<P['batch']>) =>
    api.post<ContentOf<P['batch']>>(`${at(fuid)}/batches`, body).then((r) => r.play),
  tags: () => api.get<ContentOf<T['list']>>('/tags').then((r) => r.tags),
  createTag: (body: BodyOf<T['create']>) => api.post<ContentOf<T['create']>>('/tags', body).then((r) => r.tag),
  updateTag: (id: string, body: BodyOf<T['update']>) =>
    api.patch<ContentOf<T['update']>>(`/tags/${id}`, body).then((r) => r.tag),
  deleteTag: (id: string) => api.delete<ContentOf<T['delete']>>(`/tags/${id}`),
  setTags: (fuid: string, tagIds: string[]) =>
    api.put<ContentOf<T['setOnDiagram']>>(`${at(fuid)}/tags`, { tagIds }).then((r) => r.tags),
};
