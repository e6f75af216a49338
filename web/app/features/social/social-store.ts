import { useEffect, useSyncExternalStore } from 'react';
import { socialApi } from './social-api';

export interface Contributor {
  username: string;
  name: string;
}

interface SocialSnapshot {
  liked: Record<string, boolean>;
  likeCounts: Record<string, number>;
  followed: Record<string, boolean>;
  followerCounts: Record<string, number>;
  contributors: Record<string, Contributor[]>;
  forHire: Record<string, boolean>;
}

/**
 * One page-wide store of the viewer's likes and follows: every card, button and count of the same
 * diagram or designer reads it, so a like changes the count everywhere it appears at once. What a
 * page shows is asked for in one batched request (/community/social-state) after hydration.
 */
let snapshot: SocialSnapshot = {
  liked: {},
  likeCounts: {},
  followed: {},
  followerCounts: {},
  contributors: {},
  forHire: {},
};
const listeners = new Set<() => void>();
const asked = { fuids: new Set<string>(), usernames: new Set<string>() };
const pending = { fuids: new Set<string>(), usernames: new Set<string>() };
let timer: ReturnType<typeof setTimeout> | null = null;

function emit(next: Partial<SocialSnapshot>): void {
  snapshot = {
    liked: { ...snapshot.liked, ...next.liked },
    likeCounts: { ...snapshot.likeCounts, ...next.likeCounts },
    followed: { ...snapshot.followed, ...next.followed },
    followerCounts: { ...snapshot.followerCounts, ...next.followerCounts },
    contributors: { ...snapshot.contributors, ...next.contributors },
    forHire: { ...snapshot.forHire, ...next.forHire },
  };
  for (const l of listeners) l();
}

async function flush(): Promise<void> {
  timer = null;
  const fuids = [...pending.fuids];
  const usernames = [...pending.usernames];
  pending.fuids.clear();
  pending.usernames.clear();
  if (!fuids.length && !usernames.length) return;
  try {
    const state = await socialApi.state(fuids, usernames);
    emit({
      liked: Object.fromEntries(fuids.map((f) => [f, state.liked.includes(f)])),
      likeCounts: state.likeCounts,
      followed: Object.fromEntries(usernames.map((u) => [u, state.followed.includes(u)])),
      followerCounts: state.followerCounts,
      contributors: Object.fromEntries(fuids.map((f) => [f, state.contributors[f] ?? []])),
      forHire: Object.fromEntries(usernames.map((u) => [u, state.forHire.includes(u)])),
    });
  } catch {
    // The server-rendered counts stay on screen; the next page asks again.
    for (const f of fuids) asked.fuids.delete(f);
    for (const u of usernames) asked.usernames.delete(u);
  }
}

function want(fuids: string[], usernames: string[]): void {
  for (const f of fuids) {
    if (asked.fuids.has(f)) continue;
    asked.fuids.add(f);
    pending.fuids.add(f);
  }
  for (const u of usernames) {
    if (asked.usernames.has(u)) continue;
    asked.usernames.add(u);
    pending.usernames.add(u);
  }
  if ((pending.fuids.size || pending.usernames.size) && !timer) timer = setTimeout(() => void flush(), 0);
}

/** Forget what the viewer likes and follows (they logged in or out): ask again. */
export function refreshSocialState(): void {
  const fuids = [...asked.fuids];
  const usernames = [...asked.usernames];
  asked.fuids.clear();
  asked.usernames.clear();
  want(fuids, usernames);
}

export function setLiked(fuid: string, liked: boolean, likeCount: number): void {
  emit({ liked: { [fuid]: liked }, likeCounts: { [fuid]: likeCount } });
}

export function setFollowed(username: string, followed: boolean, followerCount: number): void {
  emit({ followed: { [username]: followed }, followerCounts: { [username]: followerCount } });
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const serverSnapshot = snapshot;

export function useSocialSnapshot(): SocialSnapshot {
  return useSyncExternalStore(
    subscribe,
    () => snapshot,
    () => serverSnapshot,
  );
}

/** Registers what this component shows; the batched request follows on the client. */
export function useWantSocial(fuids: string[], usernames: string[]): void {
  const key = `${fuids.join(',')}|${usernames.join(',')}`;
  useEffect(() => {
    want(fuids, usernames);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
}
