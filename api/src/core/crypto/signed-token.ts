import { createHmac, createSecretKey, type KeyObject } from 'node:crypto';
import { safeEqual } from './tokens.js';

/** A compact HMAC-signed token: v1.<payload>.<signature>. Expiry is checked by the reader. */
export class SignedTokens<T extends { exp: number }> {
  /** A key object made once: handing createHmac a Buffer makes (and checks) a new one on every call. */
  private readonly key: KeyObject;

  constructor(key: Buffer) {
    this.key = createSecretKey(key);
  }

  sign(payload: T): string {
    const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
    return `v1.${body}.${this.mac(body)}`;
  }

  verify(token: string, now = Date.now()): T | null {
    const [version, body, signature] = token.split('.');
    if (version !== 'v1' || !body || !signature || !safeEqual(signature, this.mac(body))) return null;
    try {
      const payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as T;
      return typeof payload.exp === 'number' && payload.exp * 1000 > now ? payload : null;
    } catch {
      return null;
    }
  }

  private mac(body: string): string {
    return createHmac('sha256', this.key).update(body).digest('base64url');
  }
}
