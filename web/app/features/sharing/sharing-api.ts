import type { BodyOf, sharingEndpoints } from '@loopwright/contracts';
import { api } from '../../lib/api-client';

type S = typeof sharingEndpoints;

/** The sharing API (packages/contracts/src/diagrams.ts sharingEndpoints): privacy and people. */
export const sharingApi = {
  setPrivacy: (fuid: string, body: BodyOf<S['privacy']>) =>
    api.sharing.privacy({ params: { fuid }, body }).then((r) => r.privacy),
  shares: (fuid: string) => api.sharing.list({ params: { fuid } }).then((r) => r.shares),
  share: (fuid: string, body: BodyOf<S['create']>) =>
    api.sharing.create({ params: { fuid }, body }).then((r) => r.share),
  setRole: (fuid: string, shareId: string, body: BodyOf<S['update']>) =>
    api.sharing.update({ params: { fuid, shareId }, body }).then((r) => r.share),
  unshare: (fuid: string, shareId: string) => api.sharing.delete({ params: { fuid, shareId } }),
};
