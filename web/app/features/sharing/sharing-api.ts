import type { BodyOf, ContentOf, sharingEndpoints } from '@loopwright/contracts';
import { api } from '../../lib/api-client';

type S = typeof sharingEndpoints;
const at = (fuid: string) => `/diagrams/${encodeURIComponent(fuid)}`;

/** The sharing API (packages/contracts/src/diagrams.ts sharingEndpoints): privacy and people. */
export const sharingApi = {
  setPrivacy: (fuid: string, body: BodyOf<S['privacy']>) =>
    api.put<ContentOf<S['privacy']>>(`${at(fuid)}/privacy`, body).then((r) => r.privacy),
  shares: (fuid: string) => api.get<ContentOf<S['list']>>(`${at(fuid)}/shares`).then((r) => r.shares),
  share: (fuid: string, body: BodyOf<S['create']>) =>
    api.post<ContentOf<S['create']>>(`${at(fuid)}/shares`, body).then((r) => r.share),
  setRole: (fuid: string, shareId: string, body: BodyOf<S['update']>) =>
    api.patch<ContentOf<S['update']>>(`${at(fuid)}/shares/${shareId}`, body).then((r) => r.share),
  unshare: (fuid: string, shareId: string) => api.delete<ContentOf<S['delete']>>(`${at(fuid)}/shares/${shareId}`),
};
