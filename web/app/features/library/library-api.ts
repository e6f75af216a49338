import type { BodyOf, ContentOf, libraryEndpoints, LibraryItemView } from '@loopwright/contracts';
import { api } from '../../lib/api-client';

type L = typeof libraryEndpoints;
export type { LibraryItemView };

/** The library (packages/contracts/src/library.ts). */
export const libraryApi = {
  list: () => api.get<ContentOf<L['list']>>('/library'),
  create: (body: BodyOf<L['create']>) => api.post<ContentOf<L['create']>>('/library', body).then((r) => r.item),
  update: (id: string, body: BodyOf<L['update']>) =>
    api.patch<ContentOf<L['update']>>(`/library/${id}`, body).then((r) => r.item),
  reorder: (ids: string[]) => api.put<ContentOf<L['reorder']>>('/library/order', { ids }).then((r) => r.items),
  remove: (id: string) => api.delete<ContentOf<L['delete']>>(`/library/${id}`),
};
