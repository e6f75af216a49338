import { DEFAULT_LOCALE, LOCALE_COOKIE } from '@loopwright/contracts';

const ONE_YEAR = 60 * 60 * 24 * 365;

/** The locale remembered in the i18n_redirected cookie, and the Set-Cookie that keeps it. */
export function localeFromRequest(request: Request): { locale: string; setCookie?: string } {
  const cookie = request.headers.get('cookie') ?? '';
  const match = cookie.match(new RegExp(`(?:^|;\\s*)${LOCALE_COOKIE}=([^;]+)`));
  if (match) return { locale: decodeURIComponent(match[1]) };
  return {
    locale: DEFAULT_LOCALE,
    setCookie: `${LOCALE_COOKIE}=${DEFAULT_LOCALE}; Path=/; Max-Age=${ONE_YEAR}; SameSite=Lax`,
  };
}
