import { useEffect, useState } from 'react';

type Connection = { saveData?: boolean; effectiveType?: string };

/** Link prefetching is skipped offline, on 2g and in data-saver mode (spec §9). */
export function prefetchAllowed(): boolean {
  if (typeof navigator === 'undefined' || !navigator.onLine) return false;
  const connection = (navigator as Navigator & { connection?: Connection }).connection;
  return !(connection?.saveData || /(^|-)2g$/.test(connection?.effectiveType ?? ''));
}

/** `intent` once hydrated on a connection that allows it, else `none` (the server renders `none`). */
export function usePrefetch(): 'intent' | 'none' {
  const [mode, setMode] = useState<'intent' | 'none'>('none');
  useEffect(() => {
    const update = () => setMode(prefetchAllowed() ? 'intent' : 'none');
    update();
    window.addEventListener('online', update);
    window.addEventListener('offline', update);
    return () => {
      window.removeEventListener('online', update);
      window.removeEventListener('offline', update);
    };
  }, []);
  return mode;
}

/** Online or offline, following the browser. */
export function useOnline(): boolean {
  const [online, setOnline] = useState(true);
  useEffect(() => {
    const update = () => setOnline(navigator.onLine);
    update();
    window.addEventListener('online', update);
    window.addEventListener('offline', update);
    return () => {
      window.removeEventListener('online', update);
      window.removeEventListener('offline', update);
    };
  }, []);
  return online;
}
