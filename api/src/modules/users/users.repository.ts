import { Injectable } from '@nestjs/common';
import { PrismaService, type TransactionClient } from '../../core/prisma/prisma.service.js';
import type { Prisma, UserImageKind } from '../../generated/prisma/client.js';

export const userWithImages = { images: { select: { kind: true, updatedAt: true } } } as const;
export type UserRecord = Prisma.UserGetPayload<{ include: typeof userWithImages }>;

@Injectable()
export class UsersRepository {
  constructor(private readonly prisma: PrismaService) {}

  transaction<T>(work: (tx: TransactionClient) => Promise<T>): Promise<T> {
    return this.prisma.$transaction(work);
  }

  async emailOf(id: string): Promise<string | null> {
    return (await this.prisma.user.findUnique({ where: { id }, select: { email: true } }))?.email ?? null;
  }

  refsByEmail(emails: string[]) {
    return this.prisma.user.findMany({ where: { email: { in: emails } }, select: { id: true, email: true, username: true, firstName: true, lastName: true } });
  }

  findById(id: string, tx: TransactionClient = this.prisma): Promise<UserRecord | null> {
    return tx.user.findUnique({ where: { id }, include: userWithImages });
  }

  findByEmail(email: string, tx: TransactionClient = this.prisma): Promise<UserRecord | null> {
    return tx.user.findUnique({ where: { email }, include: userWithImages });
  }

  findByGoogle(issuer: string, subject: string): Promise<UserRecord | null> {
    return this.prisma.user.findUnique({ where: { googleIssuer_googleSubject: { googleIssuer: issuer, googleSubject: subject } }, include: userWithImages });
  }

  async usernameTaken(username: string, exceptUserId?: string): Promise<boolean> {
    const found = await this.prisma.user.findFirst({
      where: { username: { equals: username, mode: 'insensitive' }, ...(exceptUserId ? { NOT: { id: exceptUserId } } : {}) },
      select: { id: true },
    });
    return !!found;
  }

  create(data: Prisma.UserCreateInput, tx: TransactionClient = this.prisma): Promise<UserRecord> {
    return tx.user.create({ data, include: userWithImages });
  }

  update(id: string, data: Prisma.UserUpdateInput, tx: TransactionClient = this.prisma): Promise<UserRecord> {
    return tx.user.update({ where: { id }, data, include: userWithImages });
  }

  countAdmins(tx: TransactionClient = this.prisma): Promise<number> {
    return tx.user.count({ where: { role: 'admin' } });
  }

  async adminEmails(tx: TransactionClient = this.prisma): Promise<string[]> {
    const rows = await tx.user.findMany({ where: { role: 'admin' }, select: { email: true }, orderBy: { createdAt: 'asc' } });
    return rows.map((row) => row.email);
  }

  async saveImage(userId: string, kind: UserImageKind, contentType: string, data: Buffer): Promise<void> {
    const bytes = new Uint8Array(data);
    await this.prisma.userImage.upsert({
      where: { userId_kind: { userId, kind } },
      create: { userId, kind, contentType, data: bytes },
      update: { contentType, data: bytes },
    });
  }

  async deleteImage(userId: string, kind: UserImageKind): Promise<void> {
    await this.prisma.userImage.deleteMany({ where: { userId, kind } });
  }

  findImage(userId: string, kind: UserImageKind) {
    return this.prisma.userImage.findUnique({ where: { userId_kind: { userId, kind } }, select: { contentType: true, data: true, updatedAt: true } });
  }
}
