import { Inject, Injectable } from '@nestjs/common';
import { ErrorCode } from '@loopwright/contracts';
import type { Logger } from 'pino';
import type { AppConfig } from '../../config/config.js';
import type { IssuedTokens } from '../../core/auth/session-cookies.js';
import { deriveKey } from '../../core/crypto/keys.js';
import { SignedTokens } from '../../core/crypto/signed-token.js';
import { randomToken, sha256 } from '../../core/crypto/tokens.js';
import { AppError } from '../../core/errors/app-error.js';
import { PrismaService } from '../../core/prisma/prisma.service.js';
import { APP_CONFIG, LOGGER } from '../../core/tokens.js';
import { UsersService } from '../users/users.service.js';
import { SessionsRepository } from './sessions.repository.js';

const ACCESS_TTL_MS = 65 * 60_000; // the client renews every hour
const SESSION_TTL_MS = 30 * 24 * 60 * 60_000;
const REUSE_GRACE_MS = 10_000; // two tabs refreshing at once is a race, not theft
const TOUCH_EVERY_MS = 5 * 60_000;

interface AccessPayload {
  sid: string;
  uid: string;
  exp: number;
}

export interface SessionContext {
  userAgent?: string;
  ip?: string;
  method: 'password' | 'google' | 'sso';
}

/**
 * Browser sessions: a signed short-lived access token naming the session, checked against the
 * database on every request (so revocation is immediate), and an opaque rotating refresh token.
 * Presenting a refresh token that was already rotated revokes the whole session.
 */
@Injectable()
export class SessionsService {
  private readonly accessTokens: SignedTokens<AccessPayload>;

  constructor(
    private readonly sessions: SessionsRepository,
    private readonly prisma: PrismaService,
    private readonly users: UsersService,
    @Inject(APP_CONFIG) config: AppConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.accessTokens = new SignedTokens(deriveKey(config.APP_SECRET, 'access-token'));
  }

  async start(userId: string, context: SessionContext): Promise<IssuedTokens & { sessionId: string }> {
    const refreshExpiresAt = new Date(Date.now() + SESSION_TTL_MS);
    const refreshToken = randomToken(32);
    const session = await this.prisma.$transaction(async (tx) => {
      // Every way in (password, Google) starts here: the one place a disabled account is refused.
      if (!(await this.users.recordLogin(userId, tx))) throw new AppError('AUTH_ACCOUNT_DISABLED');
      const created = await this.sessions.createSession(
        {
          userId,
          userAgent: context.userAgent?.slice(0, 300),
          ip: context.ip,
          method: context.method,
          expiresAt: refreshExpiresAt,
        },
        tx,
      );
      await this.sessions.addRefreshToken(created.id, sha256(refreshToken), refreshExpiresAt, tx);
      return created;
    });
    return { sessionId: session.id, refreshToken, refreshExpiresAt, ...this.accessToken(session.id, userId) };
  }

  async rotate(refreshToken: string): Promise<IssuedTokens> {
    const row = await this.sessions.findRefreshToken(sha256(refreshToken));
    const invalid = () =>
      new AppError(ErrorCode.AUTH_REQUIRED, { message: 'Your session has ended. Please log in again.' });
    if (!row || row.session.revokedAt || row.session.expiresAt <= new Date() || row.expiresAt <= new Date())
      throw invalid();
    if (row.usedAt) {
      if (Date.now() - row.usedAt.getTime() > REUSE_GRACE_MS) {
        await this.sessions.revoke({ id: row.sessionId }, 'refresh token reused');
        this.logger.warn(
          { sessionId: row.sessionId, userId: row.session.userId },
          'refresh token reuse detected: session revoked',
        );
      }
      throw invalid();
    }
    const refreshExpiresAt = new Date(Date.now() + SESSION_TTL_MS);
    const next = randomToken(32);
    const rotated = await this.prisma.$transaction(async (tx) => {
      if (!(await this.sessions.markRefreshTokenUsed(row.id, tx))) return false;
      await this.sessions.addRefreshToken(row.sessionId, sha256(next), refreshExpiresAt, tx);
      await this.sessions.touch(row.sessionId, refreshExpiresAt, tx);
      return true;
    });
    if (!rotated) throw invalid();
    return { refreshToken: next, refreshExpiresAt, ...this.accessToken(row.sessionId, row.session.userId) };
  }

  /** The live session an access token names, or null. */
  async authenticate(
    accessToken: string,
  ): Promise<{ sessionId: string; userId: string; role: 'user' | 'admin' } | null> {
    const payload = this.accessTokens.verify(accessToken);
    if (!payload) return null;
    const session = await this.sessions.findActive(payload.sid);
    if (!session || session.userId !== payload.uid) return null;
    if (Date.now() - session.lastUsedAt.getTime() > TOUCH_EVERY_MS) {
      this.sessions.touch(session.id).catch(() => undefined);
    }
    return { sessionId: session.id, userId: session.userId, role: session.user.role };
  }

  /** The session a refresh token belongs to (for logout when the access token has expired). */
  async sessionOfRefreshToken(refreshToken: string): Promise<string | null> {
    const row = await this.sessions.findRefreshToken(sha256(refreshToken));
    return row?.sessionId ?? null;
  }

  /** The instance ID is asked once per sign-in session (admin screens): remembered on the session row. */
  instanceIdProven(sessionId: string): Promise<boolean> {
    return this.sessions.instanceIdProven(sessionId);
  }

  markInstanceIdProven(sessionId: string): Promise<void> {
    return this.sessions.markInstanceIdProven(sessionId);
  }

  list(userId: string) {
    return this.sessions.listActive(userId);
  }

  async revoke(userId: string, sessionId: string, reason: string): Promise<void> {
    const count = await this.sessions.revoke({ id: sessionId, userId }, reason);
    if (!count) throw AppError.notFound('No such session');
  }

  async end(sessionId: string, reason: string): Promise<void> {
    await this.sessions.revoke({ id: sessionId }, reason);
  }

  revokeAll(userId: string, reason: string, exceptSessionId?: string): Promise<number> {
    return this.sessions.revoke({ userId, exceptId: exceptSessionId }, reason);
  }

  private accessToken(sessionId: string, userId: string): { accessToken: string; accessExpiresAt: Date } {
    const accessExpiresAt = new Date(Date.now() + ACCESS_TTL_MS);
    return {
      accessToken: this.accessTokens.sign({
        sid: sessionId,
        uid: userId,
        exp: Math.floor(accessExpiresAt.getTime() / 1000),
      }),
      accessExpiresAt,
    };
  }
}
