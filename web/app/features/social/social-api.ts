import type { BodyOf, ContentOf, socialEndpoints } from '@loopwright/contracts';
import { api } from '../../lib/api-client';

type S = typeof socialEndpoints;
export type SocialStateContent = ContentOf<S['state']>;

export const socialApi = {
  like: (fuid: string) => api.social.like({ params: { fuid } }),
  unlike: (fuid: string) => api.social.unlike({ params: { fuid } }),
  follow: (username: string) => api.social.follow({ params: { username } }),
  unfollow: (username: string) => api.social.unfollow({ params: { username } }),
  state: (fuids: string[], usernames: string[]) =>
    api.social.state({ query: { fuids: fuids.join(','), usernames: usernames.join(',') } }),
  hire: (body: BodyOf<S['hire']>) => api.social.hire({ body }),
  setAvailableForHire: (availableForHire: boolean) => api.social.availableForHire({ body: { availableForHire } }),
  copy: (fuid: string) => api.diagram.copy({ params: { fuid }, body: {} }),
};
