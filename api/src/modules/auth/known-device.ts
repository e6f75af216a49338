import { Inject, Injectable } from '@nestjs/common';
import type { Request, Response } from 'express';
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { AppConfig } from '../../config/config.js';
import { deriveKey } from '../../core/crypto/keys.js';
import { APP_CONFIG } from '../../core/tokens.js';

export const DEVICE_COOKIE = 'lw_device';
const YEAR_MS = 365 * 86_400_000;

/**
 * A browser that logged in to an account before (or used its reset link) carries a signed cookie
 * naming the account: failed logins by strangers never lock it out, as it is throttled on its own.
 */
@Injectable()
export class KnownDevices {
  private readonly key: Buffer;
  private readonly secure: boolean;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.key = deriveKey(config.APP_SECRET, 'known-device');
    this.secure = config.APP_URL.startsWith('https://');
  }

  /** The device id when the request carries this account's device cookie, else null. */
  recognise(request: Request, email: string): string | null {
    const value: unknown = request.cookies?.[DEVICE_COOKIE];
    if (typeof value !== 'string') return null;
    const [id, mac] = value.split('.');
    if (!id || !mac) return null;
    const expected = Buffer.from(this.mac(id, email));
    const given = Buffer.from(mac);
    return given.length === expected.length && timingSafeEqual(given, expected) ? id : null;
  }

  /** Marks this browser as known for the account (a new device id, or the one it has). */
  remember(request: Request, response: Response, email: string): void {
    const id = this.recognise(request, email) ?? randomBytes(12).toString('base64url');
    response.cookie(DEVICE_COOKIE, `${id}.${this.mac(id, email)}`, {
      httpOnly: true,
      sameSite: 'lax',
      secure: this.secure,
      path: '/api/oauth2',
      expires: new Date(Date.now() + YEAR_MS),
    });
  }

  private mac(id: string, email: string): string {
    return createHmac('sha256', this.key).update(`${id}|${email.toLowerCase()}`).digest('base64url');
  }
}
