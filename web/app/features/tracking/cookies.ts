/** Reads a cookie in the browser. */
export function readCookie(name: string): string | undefined {
  if (typeof document === 'undefined') return undefined;
  const match = document.cookie.match(new RegExp(`(?:^|;\\s*)${name}=([^;]*)`));
  return match ? decodeURIComponent(match[1]) : undefined;
}

export function writeCookie(name: string, value: string, maxAgeDays: number): void {
  document.cookie = `${name}=${encodeURIComponent(value)}; Path=/; Max-Age=${Math.round(maxAgeDays * 86400)}; SameSite=Lax`;
}

export function deleteCookie(name: string): void {
  const host = location.hostname;
  for (const domain of ['', `; Domain=${host}`, `; Domain=.${host.split('.').slice(-2).join('.')}`]) {
    document.cookie = `${name}=; Path=/; Max-Age=0${domain}`;
  }
}
