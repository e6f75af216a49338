import { randomBytes } from 'node:crypto';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A random base62 string: fuids (16 characters, ~95 bits: the "link" secret) and file tokens. */
export function randomBase62(length: number): string {
  const bytes = randomBytes(length * 2);
  let out = '';
  for (let i = 0; i < bytes.length && out.length < length; i++) if (bytes[i] < 248) out += ALPHABET[bytes[i] % 62];
  return out.length === length ? out : out + randomBase62(length - out.length);
}

export const newFuid = () => randomBase62(16);
export const newFileToken = () => `ft_${randomBase62(32)}`;
