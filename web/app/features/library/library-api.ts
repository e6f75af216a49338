import type { BodyOf, libraryEndpoints, LibraryItemView } from '@loopwright/contracts';
import { api } from '../../lib/api-client';

type L = typeof libraryEndpoints;
export type { LibraryItemView };

/** The library (packages/contracts/src/library.ts). */
export const libraryApi = {
  list: () => api.library.list(),
  create: (body: BodyOf<L['create']>) => api.library.create({ body }).then((r) => r.item),
  update: (id: string, body: BodyOf<L['update']>) => api.library.update({ params: { id }, body }).then((r) => r.item),
  reorder: (ids: string[]) => api.library.reorder({ body: { ids } }).then((r) => r.items),
  remove: (id: string) => api.library.delete({ params: { id } }),
};
