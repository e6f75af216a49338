import { Injectable } from '@nestjs/common';
import { PrismaService } from '../../core/prisma/prisma.service.js';

export interface DriveConnectionRow {
  userId: string;
  accessToken: string;
  refreshToken: string | null;
  expiresAt: Date | null;
}

/** Sealed Drive tokens per user (the service seals and opens them). */
@Injectable()
export class DriveRepository {
  constructor(private readonly prisma: PrismaService) {}

  find(userId: string): Promise<DriveConnectionRow | null> {
    return this.prisma.driveConnection.findUnique({
      where: { userId },
      select: { userId: true, accessToken: true, refreshToken: true, expiresAt: true },
    });
  }

  async save(row: DriveConnectionRow): Promise<void> {
    const data = { accessToken: row.accessToken, refreshToken: row.refreshToken, expiresAt: row.expiresAt };
    await this.prisma.driveConnection.upsert({
      where: { userId: row.userId },
      create: { userId: row.userId, ...data },
      update: data,
    });
  }

  async delete(userId: string): Promise<void> {
    await this.prisma.driveConnection.deleteMany({ where: { userId } });
  }
}
