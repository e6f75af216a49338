import { hkdfSync } from 'node:crypto';

/** A purpose-bound 32-byte key derived from APP_SECRET, so one secret never serves two uses. */
export function deriveKey(appSecret: string, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', appSecret, 'loopwright', purpose, 32));
}
