import { useEffect, useRef } from 'react';
import { NavigationType, useLocation, useNavigationType } from 'react-router';
import { reloadForChunkError } from '../../lib/chunk-reload';
import { WebsiteRules } from '../../lib/spec';
import { rememberUtm, track } from '../tracking/track';
import { TrackingEvents } from '../../lib/spec';

/** Scrolls smoothly to `#hash` with a 120 px offset, trying every 100 ms for up to 5 s. */
export function scrollToHash(hash: string): () => void {
  let tries = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const attempt = () => {
    const element = document.getElementById(decodeURIComponent(hash.slice(1)));
    if (element) {
      const top = element.getBoundingClientRect().top + window.scrollY - WebsiteRules.hashScrollOffsetPx;
      window.scrollTo({ top, behavior: 'smooth' });
      return;
    }
    if (++tries < WebsiteRules.hashScrollTries) timer = setTimeout(attempt, WebsiteRules.hashScrollIntervalMs);
  };
  attempt();
  return () => clearTimeout(timer);
}

/** Hash and top-of-page scrolling on navigation, utm memory, page views, chunk-load recovery. */
export function NavigationEffects() {
  const location = useLocation();
  const type = useNavigationType();
  const first = useRef(true);

  useEffect(() => {
    const initial = first.current;
    first.current = false;
    rememberUtm(location.search);
    track(TrackingEvents.pageView, { label: location.pathname });
    if (location.hash) return scrollToHash(location.hash);
    // Back and forward keep their position (ScrollRestoration); new pages start at the top.
    if (!initial && type !== NavigationType.Pop) window.scrollTo({ top: 0 });
    return undefined;
  }, [location.pathname, location.search, location.hash, type]);

  useEffect(() => {
    const onError = (event: ErrorEvent) => reloadForChunkError(event.error ?? event.message);
    const onRejection = (event: PromiseRejectionEvent) => reloadForChunkError(event.reason);
    window.addEventListener('error', onError);
    window.addEventListener('unhandledrejection', onRejection);
    return () => {
      window.removeEventListener('error', onError);
      window.removeEventListener('unhandledrejection', onRejection);
    };
  }, []);
  return null;
}
