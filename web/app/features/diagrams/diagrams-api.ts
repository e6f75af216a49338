import type { BodyOf, ContentOf, diagramEndpoints, playEndpoints, QueryOf, tagEndpoints } from '@loopwright/contracts';
import { api } from '../../lib/api-client';

// Request and response types come from the endpoint contracts in packages/contracts (type-only:
// no zod in the page bundle); nothing here re-declares them.
type D = typeof diagramEndpoints;
type P = typeof playEndpoints;
type T = typeof tagEndpoints;

export type TagWithCount = ContentOf<T['list']>['tags'][number];
export type DiagramDetails = ContentOf<D['details']>;
export type CreatePlayBody = BodyOf<P['create']>;
/** Documents from templates and files are checked by the server, so the client sends them as they are. */
type WithAnyDocument<B> = Omit<B, 'document'> & { document?: unknown };
/** Numbers in the query string (the contract coerces them). */
type ListQuery = Omit<QueryOf<D['list']>, 'page' | 'pageSize'> & { page?: number; pageSize?: number };

/** The diagrams API (packages/contracts/src/diagrams.ts, plays.ts, tags.ts) as the editor and the list use it. */
export const diagramsApi = {
  list: (query: ListQuery) => api.diagram.list({ query }),
  create: (body: WithAnyDocument<BodyOf<D['create']>>) =>
    api.diagram.create({ body: body as BodyOf<D['create']> }).then((r) => r.diagram),
  get: (fuid: string) => api.diagram.get({ params: { fuid } }).then((r) => r.diagram),
  save: (fuid: string, body: BodyOf<D['save']>) => api.diagram.save({ params: { fuid }, body }),
  update: (fuid: string, body: BodyOf<D['update']>) =>
    api.diagram.update({ params: { fuid }, body }).then((r) => r.diagram),
  remove: (fuid: string) => api.diagram.delete({ params: { fuid } }),
  restore: (fuid: string) => api.diagram.restore({ params: { fuid } }).then((r) => r.diagram),
  deleteForever: (fuid: string) => api.diagram.deleteForever({ params: { fuid } }),
  emptyTrash: () => api.diagram.emptyTrash().then((r) => r.deleted),
  copy: (fuid: string, name?: string) =>
    api.diagram.copy({ params: { fuid }, body: name ? { name } : {} }).then((r) => r.diagram),
  details: (fuid: string) => api.diagram.details({ params: { fuid } }),
  importText: (text: string, name?: string) => api.diagram.import({ body: { text, name } }),
  exportJson: (fuid: string) => api.diagram.exportJson({ params: { fuid } }),
  versions: (fuid: string) => api.diagramVersion.list({ params: { fuid } }),
  version: (fuid: string, id: string) =>
    api.diagramVersion.get({ params: { fuid, versionId: id } }).then((r) => r.version),
  restoreVersion: (fuid: string, id: string) => api.diagramVersion.restore({ params: { fuid, versionId: id } }),
  plays: (fuid: string, page = 1) => api.play.list({ params: { fuid }, query: { page, pageSize: 50 } }),
  play: (fuid: string, id: string) => api.play.get({ params: { fuid, playId: id } }).then((r) => r.play),
  createPlay: (fuid: string, body: CreatePlayBody) => api.play.create({ params: { fuid }, body }).then((r) => r.play),
  deletePlay: (fuid: string, id: string) => api.play.delete({ params: { fuid, playId: id } }),
  cancelServerBatch: (fuid: string, id: string) => api.play.cancel({ params: { fuid, playId: id } }),
  serverBatch: (fuid: string, body: BodyOf<P['batch']>) =>
    api.play.batch({ params: { fuid }, body }).then((r) => r.play),
  serverStudy: (fuid: string, body: BodyOf<P['study']>) => api.play.study({ params: { fuid }, body }),
  tags: () => api.tag.list().then((r) => r.tags),
  createTag: (body: BodyOf<T['create']>) => api.tag.create({ body }).then((r) => r.tag),
  updateTag: (id: string, body: BodyOf<T['update']>) => api.tag.update({ params: { id }, body }).then((r) => r.tag),
  deleteTag: (id: string) => api.tag.delete({ params: { id } }),
  setTags: (fuid: string, tagIds: string[]) =>
    api.tag.setOnDiagram({ params: { fuid }, body: { tagIds } }).then((r) => r.tags),
};
