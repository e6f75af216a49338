import { api } from '../../lib/api-client';
import { TrackingRules } from '../../lib/spec';
import { hasConsent } from './consent-store';
import { readCookie, writeCookie } from './cookies';

interface TrackingEvent {
  name: string;
  category: string;
}

interface Extra {
  action?: string;
  label?: string;
  value?: string | number;
  misc?: { type: string; value: unknown }[];
}

const randomId = () =>
  crypto.randomUUID ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`;

/** Keeps utm_source, utm_medium and utm_campaign from the landing URL for about 180 days. */
export function rememberUtm(search: string): void {
  if (!hasConsent('analytics')) return;
  const params = new URLSearchParams(search);
  for (const field of TrackingRules.utmFields) {
    const value = params.get(field);
    if (value) writeCookie(field, value.slice(0, 200), TrackingRules.utmCookieMaxAgeDays);
  }
}

/**
 * Sends one tracking message to POST /api/message when analytics is consented. Failures are
 * swallowed (the spec: tracking never breaks a page); the request gives up after 2 s.
 */
export function track(event: TrackingEvent, extra: Extra = {}): void {
  if (typeof window === 'undefined' || !hasConsent('analytics')) return;
  const utm = Object.fromEntries(
    TrackingRules.utmFields.map((f): [string, string | undefined] => [f, readCookie(f)]).filter(([, v]) => v),
  );
  const message = {
    id: `${TrackingRules.messageIdPrefix}${randomId()}`,
    name: event.name,
    category: event.category,
    ...extra,
    misc: extra.misc ?? [],
    msgAttribs: {
      environment: 'web',
      navigator: navigator.userAgent.slice(0, 500),
      type: 'event',
      url: location.href.slice(0, 2000),
    },
    ...utm,
  };
  fetch(api.tracking.message.url(), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ messages: [message] }),
    keepalive: true,
    signal: AbortSignal.timeout(TrackingRules.postTimeoutMs),
  }).catch(() => undefined);
}
