import type { balanceTestEndpoints, BalanceTestView, BodyOf } from '@loopwright/contracts';
import { api } from '../../lib/api-client';

type B = typeof balanceTestEndpoints;
export type { BalanceTestView };
export type NewBalanceTest = BodyOf<B['create']>;

/** Balance tests (packages/contracts/src/library.ts). */
export const balanceTestsApi = {
  all: () => api.balanceTest.listAll().then((r) => r.items),
  ofDiagram: (fuid: string) => api.balanceTest.list({ params: { fuid } }).then((r) => r.items),
  create: (fuid: string, body: NewBalanceTest) =>
    api.balanceTest.create({ params: { fuid }, body }).then((r) => r.test),
  run: (id: string, origin: 'editor' | 'list') => api.balanceTest.run({ params: { id }, body: { origin } }),
  remove: (id: string) => api.balanceTest.delete({ params: { id } }),
};
