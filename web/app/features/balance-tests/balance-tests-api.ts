import type { balanceTestEndpoints, BalanceTestView, BodyOf, ContentOf } from '@loopwright/contracts';
import { api } from '../../lib/api-client';

type B = typeof balanceTestEndpoints;
export type { BalanceTestView };
export type NewBalanceTest = BodyOf<B['create']>;

/** Balance tests (packages/contracts/src/library.ts). */
export const balanceTestsApi = {
  all: () => api.get<ContentOf<B['listAll']>>('/balance-tests').then((r) => r.items),
  ofDiagram: (fuid: string) =>
    api.get<ContentOf<B['list']>>(`/diagrams/${encodeURIComponent(fuid)}/balance-tests`).then((r) => r.items),
  create: (fuid: string, body: NewBalanceTest) =>
    api.post<ContentOf<B['create']>>(`/diagrams/${encodeURIComponent(fuid)}/balance-tests`, body).then((r) => r.test),
  run: (id: string, origin: 'editor' | 'list') =>
    api.post<ContentOf<B['run']>>(`/balance-tests/${id}/runs`, { origin }),
  remove: (id: string) => api.delete<ContentOf<B['delete']>>(`/balance-tests/${id}`),
};
