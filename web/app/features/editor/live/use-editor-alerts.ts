import { useEffect, useRef, useState } from 'react';
import { watchConnection } from '../../../lib/live-socket';

/** A drop shorter than this (a proxy hiccup, a quick restart) shows nothing. */
const OFFLINE_GRACE_MS = 2_000;
const RELEASE_CHECK_MS = 10 * 60_000;

/**
 * Offline: the browser says it is offline, or the server has not been reachable for a moment.
 * Clears by itself when the connection is back.
 */
export function useOffline(): boolean {
  const [offline, setOffline] = useState(false);
  useEffect(() => {
    let timer: number | undefined;
    let serverDown = false;
    const update = () => setOffline(!navigator.onLine || serverDown);
    const stop = watchConnection((connected) => {
      window.clearTimeout(timer);
      if (connected) {
        serverDown = false;
        update();
      } else if (!serverDown) {
        timer = window.setTimeout(() => {
          serverDown = true;
          update();
        }, OFFLINE_GRACE_MS);
      }
    });
    window.addEventListener('online', update);
    window.addEventListener('offline', update);
    update();
    return () => {
      stop();
      window.clearTimeout(timer);
      window.removeEventListener('online', update);
      window.removeEventListener('offline', update);
    };
  }, []);
  return offline;
}

async function currentRelease(): Promise<string | null> {
  try {
    const response = await fetch('/release.json', { cache: 'no-store', credentials: 'omit' });
    if (!response.ok) return null;
    const body = (await response.json()) as { release?: unknown };
    return typeof body.release === 'string' ? body.release : null;
  } catch {
    return null;
  }
}

/**
 * A new release was deployed since this page loaded: /release.json names another release. Checked
 * when the connection to the server comes back (a deployment restarts it), when the tab is shown
 * again, and every 10 minutes.
 */
export function useNewRelease(): boolean {
  const [changed, setChanged] = useState(false);
  const loaded = useRef<string | null>(null);
  useEffect(() => {
    let live = true;
    const check = async () => {
      const release = await currentRelease();
      if (!live || !release) return;
      if (loaded.current === null) loaded.current = release;
      else if (release !== loaded.current) setChanged(true);
    };
    void check();
    const stop = watchConnection((connected) => connected && void check());
    const whenVisible = () => document.visibilityState === 'visible' && void check();
    document.addEventListener('visibilitychange', whenVisible);
    const timer = window.setInterval(() => void check(), RELEASE_CHECK_MS);
    return () => {
      live = false;
      stop();
      document.removeEventListener('visibilitychange', whenVisible);
      window.clearInterval(timer);
    };
  }, []);
  return changed;
}
