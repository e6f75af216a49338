import { ConsentRules, optionalConsentCategories, type ConsentCategory } from '../../lib/spec';
import { localStore } from '../../lib/safe-storage';
import { deleteCookie, writeCookie } from './cookies';

export interface CookiePreferences {
  categories: { necessaryCookies: true } & Record<ConsentCategory, boolean>;
  expiresAt: number;
}

const listeners = new Set<() => void>();

/** The saved choice, or null when there is none or it has expired (the banner then shows). */
export function loadPreferences(now = Date.now()): CookiePreferences | null {
  try {
    const saved = JSON.parse(localStore.get(ConsentRules.storageKey) ?? 'null') as CookiePreferences | null;
    if (!saved || typeof saved.expiresAt !== 'number' || saved.expiresAt <= now) return null;
    return saved;
  } catch {
    return null;
  }
}

export function hasConsent(category: ConsentCategory): boolean {
  return Boolean(loadPreferences()?.categories[category]);
}

export function expiryFrom(now: Date): number {
  const expires = new Date(now);
  expires.setMonth(expires.getMonth() + ConsentRules.expiryMonths);
  return expires.getTime();
}

/** Saves the choice for 6 months and mirrors it in a cookie the server reads (tracking). */
export function savePreferences(choice: Record<ConsentCategory, boolean>): CookiePreferences {
  const preferences: CookiePreferences = {
    categories: { necessaryCookies: true, ...choice },
    expiresAt: expiryFrom(new Date()),
  };
  localStore.set(ConsentRules.storageKey, JSON.stringify(preferences));
  const mirror = optionalConsentCategories.map((c) => `${c.key}:${choice[c.key] ? 1 : 0}`).join(',');
  writeCookie(ConsentRules.cookie, mirror, 31 * ConsentRules.expiryMonths);
  if (!choice.analytics) removeAnalyticsCookies();
  listeners.forEach((l) => l());
  return preferences;
}

/** Analytics cookies set by us or the third-party scripts, removed on opt-out. */
export function removeAnalyticsCookies(): void {
  const names = document.cookie.split(';').map((c) => c.split('=')[0].trim());
  for (const name of names) {
    if (/^(_ga|_gid|_gat|_hj|utm_|lw_anonymous_id|lw_user_id|_clck|_clsk|mp_)/.test(name)) deleteCookie(name);
  }
}

export function onPreferencesChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
