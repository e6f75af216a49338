import { Injectable } from '@nestjs/common';
import { randomToken, safeEqual, sha256 } from '../../core/crypto/tokens.js';
import { AppError } from '../../core/errors/app-error.js';
import { ApiKeysRepository } from './api-keys.repository.js';

const KEY_PATTERN = /^lw_([A-Za-z0-9]{12})_([A-Za-z0-9_-]{43})$/;
const TOUCH_EVERY_MS = 60_000;

export interface ApiKeySummary {
  prefix: string;
  createdAt: string;
  lastUsedAt: string | null;
}

/**
 * One API key per user: `lw_<prefix>_<secret>`. Shown once; stored as a SHA-256 with its prefix
 * visible, so the key is found by prefix and checked in constant time.
 */
@Injectable()
export class ApiKeysService {
  constructor(private readonly keys: ApiKeysRepository) {}

  async current(userId: string): Promise<ApiKeySummary | null> {
    const key = await this.keys.findActiveForUser(userId);
    return key ? summary(key) : null;
  }

  async regenerate(userId: string): Promise<{ key: string; summary: ApiKeySummary }> {
    const prefix = randomToken(12)
      .replace(/[^A-Za-z0-9]/g, '')
      .padEnd(12, '0')
      .slice(0, 12);
    const key = `lw_${prefix}_${randomToken(32)}`;
    const stored = await this.keys.replace(userId, prefix, sha256(key));
    return { key, summary: summary(stored) };
  }

  async revoke(userId: string): Promise<void> {
    if (!(await this.keys.revokeAll(userId))) throw AppError.notFound('You have no API key');
  }

  /** The key's owner, or null for anything else (unknown, revoked, malformed). */
  async authenticate(key: string): Promise<{ userId: string; role: 'user' | 'admin' } | null> {
    const match = KEY_PATTERN.exec(key);
    if (!match) return null;
    const stored = await this.keys.findByPrefix(match[1]);
    if (!stored || stored.revokedAt || stored.user.disabledAt || !safeEqual(stored.keyHash, sha256(key))) return null;
    if (!stored.lastUsedAt || Date.now() - stored.lastUsedAt.getTime() > TOUCH_EVERY_MS)
      this.keys.touch(stored.id).catch(() => undefined);
    return { userId: stored.user.id, role: stored.user.role };
  }
}

function summary(key: { prefix: string; createdAt: Date; lastUsedAt: Date | null }): ApiKeySummary {
  return {
    prefix: `lw_${key.prefix}`,
    createdAt: key.createdAt.toISOString(),
    lastUsedAt: key.lastUsedAt?.toISOString() ?? null,
  };
}
