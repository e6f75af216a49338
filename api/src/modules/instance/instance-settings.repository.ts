import { Injectable } from '@nestjs/common';
import { PrismaService, type TransactionClient } from '../../core/prisma/prisma.service.js';
import type { InputJsonValue } from '../../generated/prisma/internal/prismaNamespace.js';

@Injectable()
export class InstanceSettingsRepository {
  constructor(private readonly prisma: PrismaService) {}

  async get<T>(key: string, tx: TransactionClient = this.prisma): Promise<T | undefined> {
    const row = await tx.instanceSetting.findUnique({ where: { key } });
    return row ? (row.value as T) : undefined;
  }

  /** Inserts the value unless the key exists; returns the value stored (first writer wins). */
  async setIfAbsent<T>(key: string, value: T): Promise<T> {
    // INSERT … ON CONFLICT DO NOTHING: safe when two processes start at once.
    await this.prisma.instanceSetting.createMany({
      data: [{ key, value: value as InputJsonValue }],
      skipDuplicates: true,
    });
    const row = await this.prisma.instanceSetting.findUniqueOrThrow({ where: { key } });
    return row.value as T;
  }

  async set<T>(key: string, value: T): Promise<void> {
    await this.prisma.instanceSetting.upsert({
      where: { key },
      create: { key, value: value as InputJsonValue },
      update: { value: value as InputJsonValue },
    });
  }
}
