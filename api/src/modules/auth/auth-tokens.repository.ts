import { Injectable } from '@nestjs/common';
import { randomToken, sha256 } from '../../core/crypto/tokens.js';
import { PrismaService, type TransactionClient } from '../../core/prisma/prisma.service.js';
import type { AuthTokenPurpose } from '../../generated/prisma/client.js';

export type ConsumeResult = { status: 'ok'; userId: string } | { status: 'expired' | 'invalid' };

/** Single-use e-mailed tokens: 256 random bits, only their hash is stored. */
@Injectable()
export class AuthTokensRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** Issues a new token and voids the user's earlier unused ones of the same purpose. */
  async issue(
    userId: string,
    purpose: AuthTokenPurpose,
    ttlMs: number,
    tx: TransactionClient = this.prisma,
  ): Promise<string> {
    const token = randomToken(32);
    await tx.authToken.updateMany({ where: { userId, purpose, usedAt: null }, data: { usedAt: new Date() } });
    await tx.authToken.create({
      data: { userId, purpose, tokenHash: sha256(token), expiresAt: new Date(Date.now() + ttlMs) },
    });
    return token;
  }

  /** Marks the token used exactly once (a conditional update, safe against double clicks). */
  async consume(token: string, purpose: AuthTokenPurpose, tx: TransactionClient = this.prisma): Promise<ConsumeResult> {
    const row = await tx.authToken.findUnique({ where: { tokenHash: sha256(token) } });
    if (!row || row.purpose !== purpose || row.usedAt) return { status: 'invalid' };
    if (row.expiresAt.getTime() <= Date.now()) return { status: 'expired' };
    const { count } = await tx.authToken.updateMany({
      where: { id: row.id, usedAt: null },
      data: { usedAt: new Date() },
    });
    return count === 1 ? { status: 'ok', userId: row.userId } : { status: 'invalid' };
  }
}
