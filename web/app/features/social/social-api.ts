import type { BodyOf, ContentOf, socialEndpoints } from '@loopwright/contracts';
import { api } from '../../lib/api-client';

type S = typeof socialEndpoints;
export type SocialStateContent = ContentOf<S['state']>;

export const socialApi = {
  like: (fuid: string) => api.put<ContentOf<S['like']>>(`/community/diagrams/${fuid}/like`),
  unlike: (fuid: string) => api.delete<ContentOf<S['unlike']>>(`/community/diagrams/${fuid}/like`),
  follow: (username: string) =>
    api.put<ContentOf<S['follow']>>(`/community/user/connections/${encodeURIComponent(username)}`),
  unfollow: (username: string) =>
    api.delete<ContentOf<S['unfollow']>>(`/community/user/connections/${encodeURIComponent(username)}`),
  state: (fuids: string[], usernames: string[]) =>
    api.get<SocialStateContent>('/community/social-state', {
      query: { fuids: fuids.join(','), usernames: usernames.join(',') },
    }),
  hire: (body: BodyOf<S['hire']>) => api.post<ContentOf<S['hire']>>('/community/user/hire', body),
  setAvailableForHire: (availableForHire: boolean) =>
    api.put<ContentOf<S['availableForHire']>>('/community/user/available-for-hire', { availableForHire }),
  copy: (fuid: string) => api.post<{ diagram: { fuid: string } }>(`/diagrams/${fuid}/copies`, {}),
};
