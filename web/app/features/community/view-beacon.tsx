import { useEffect } from 'react';
import { communityApi } from './community-api';

/**
 * Counts a view of a public diagram or profile from the browser (server-rendered pages are cached
 * for visitors, so the page render itself cannot count). The server keeps one per visitor per day,
 * never the owner's, never a bot's.
 */
export function ViewBeacon({ fuid, username }: { fuid?: string; username?: string }) {
  useEffect(() => {
    const body = fuid ? { fuid } : username ? { username } : null;
    if (body) void communityApi.recordView(body).catch(() => undefined);
  }, [fuid, username]);
  return null;
}
