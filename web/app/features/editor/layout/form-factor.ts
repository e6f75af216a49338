import { useSyncExternalStore } from 'react';

export type FormFactor = 'phone' | 'tablet' | 'desktop';

const PHONE = '(max-width: 640px)';
const TOUCH = '(pointer: coarse)';

function current(): FormFactor {
  if (typeof window === 'undefined' || !window.matchMedia) return 'desktop';
  if (window.matchMedia(PHONE).matches) return 'phone';
  return window.matchMedia(TOUCH).matches ? 'tablet' : 'desktop';
}

function subscribe(onChange: () => void): () => void {
  const queries = [window.matchMedia(PHONE), window.matchMedia(TOUCH)];
  queries.forEach((q) => q.addEventListener('change', onChange));
  return () => queries.forEach((q) => q.removeEventListener('change', onChange));
}

/** Phone (narrow screen), tablet (touch, wider) or desktop, following the window. */
export function useFormFactor(): FormFactor {
  return useSyncExternalStore(subscribe, current, () => 'desktop');
}
