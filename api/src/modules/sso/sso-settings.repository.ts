import { Injectable } from '@nestjs/common';
import type { Prisma } from '../../generated/prisma/client.js';
import { PrismaService, type TransactionClient } from '../../core/prisma/prisma.service.js';

/** The only file that touches `sso_settings` (one row, id 1). */
@Injectable()
export class SsoSettingsRepository {
  constructor(private readonly prisma: PrismaService) {}

  find(tx: TransactionClient = this.prisma) {
    return tx.ssoSettings.findUnique({ where: { id: 1 } });
  }

  save(data: Omit<Prisma.SsoSettingsUncheckedCreateInput, 'id'>, tx: TransactionClient) {
    return tx.ssoSettings.upsert({ where: { id: 1 }, create: { id: 1, ...data }, update: data });
  }

  async remove(tx: TransactionClient): Promise<void> {
    await tx.ssoSettings.deleteMany({ where: { id: 1 } });
  }

  transaction<T>(work: (tx: TransactionClient) => Promise<T>): Promise<T> {
    return this.prisma.$transaction(work);
  }
}
