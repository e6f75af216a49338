import { Injectable } from '@nestjs/common';
import { PrismaService, type TransactionClient } from '../../core/prisma/prisma.service.js';
import type { Prisma, UserImageKind } from '../../generated/prisma/client.js';

export const userWithImages = { images: { select: { kind: true, updatedAt: true } } } as const;
export type UserRecord = Prisma.UserGetPayload<{ include: typeof userWithImages }>;
/** Counters other modules keep on the user row. */
export type UserCounter = 'followerCount' | 'followingCount' | 'publicDiagramCount' | 'viewCount';

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
    return this.prisma.user.findMany({
      where: { email: { in: emails } },
      select: { id: true, email: true, username: true, firstName: true, lastName: true },
    });
  }

  findById(id: string, tx: TransactionClient = this.prisma): Promise<UserRecord | null> {
    return tx.user.findUnique({ where: { id }, include: userWithImages });
  }

  findByEmail(email: string, tx: TransactionClient = this.prisma): Promise<UserRecord | null> {
    return tx.user.findUnique({ where: { email }, include: userWithImages });
  }

  findByGoogle(issuer: string, subject: string): Promise<UserRecord | null> {
    return this.prisma.user.findUnique({
      where: { googleIssuer_googleSubject: { googleIssuer: issuer, googleSubject: subject } },
      include: userWithImages,
    });
  }

  findBySso(issuer: string, subject: string): Promise<UserRecord | null> {
    return this.prisma.user.findUnique({
      where: { ssoIssuer_ssoSubject: { ssoIssuer: issuer, ssoSubject: subject } },
      include: userWithImages,
    });
  }

  async usernameTaken(username: string, exceptUserId?: string): Promise<boolean> {
    const found = await this.prisma.user.findFirst({
      where: {
        username: { equals: username, mode: 'insensitive' },
        ...(exceptUserId ? { NOT: { id: exceptUserId } } : {}),
      },
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

  /** users.trial_used: set once, conditionally (false → true), so two trial starts cannot both pass. */
  async claimTrial(userId: string, tx: TransactionClient): Promise<boolean> {
    const { count } = await tx.user.updateMany({ where: { id: userId, trialUsed: false }, data: { trialUsed: true } });
    return count === 1;
  }

  /** Moves the counters kept on the user row by `by` each (followers, follows, public diagrams, views). */
  async addToCounters(userId: string, by: Partial<Record<UserCounter, number>>, tx: TransactionClient) {
    const data = Object.fromEntries(Object.entries(by).map(([column, delta]) => [column, { increment: delta }]));
    return tx.user.update({ where: { id: userId }, data, select: { followerCount: true } });
  }

  countAdmins(tx: TransactionClient = this.prisma): Promise<number> {
    return tx.user.count({ where: { role: 'admin' } });
  }

  /** A login: refuses a disabled account (returns false) and otherwise records the time. */
  async recordLogin(userId: string, tx: TransactionClient = this.prisma): Promise<boolean> {
    const { count } = await tx.user.updateMany({
      where: { id: userId, disabledAt: null },
      data: { lastLoginAt: new Date() },
    });
    return count === 1;
  }

  /** The admin users screen: newest first, by e-mail, username or name, and by state. */
  async adminPage(
    filter: { search?: string; state?: 'confirmed' | 'unconfirmed' | 'disabled' },
    page: number,
    pageSize: number,
  ) {
    const search = filter.search?.trim();
    const contains = (value: string) => ({ contains: value, mode: 'insensitive' as const });
    const where: Prisma.UserWhereInput = {
      ...(search
        ? {
            OR: [
              { email: contains(search) },
              { username: contains(search) },
              { firstName: contains(search) },
              { lastName: contains(search) },
            ],
          }
        : {}),
      ...(filter.state === 'disabled' ? { disabledAt: { not: null } } : {}),
      ...(filter.state === 'confirmed' ? { disabledAt: null, emailConfirmedAt: { not: null } } : {}),
      ...(filter.state === 'unconfirmed' ? { disabledAt: null, emailConfirmedAt: null } : {}),
    };
    const [entries, total] = await Promise.all([
      this.prisma.user.findMany({ where, orderBy: { createdAt: 'desc' }, skip: (page - 1) * pageSize, take: pageSize }),
      this.prisma.user.count({ where }),
    ]);
    return { entries, total };
  }

  async delete(id: string, tx: TransactionClient = this.prisma): Promise<void> {
    await tx.user.delete({ where: { id } });
  }

  countActiveAdmins(tx: TransactionClient = this.prisma): Promise<number> {
    return tx.user.count({ where: { role: 'admin', disabledAt: null } });
  }

  async adminEmails(tx: TransactionClient = this.prisma): Promise<string[]> {
    const rows = await tx.user.findMany({
      where: { role: 'admin' },
      select: { email: true },
      orderBy: { createdAt: 'asc' },
    });
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
    return this.prisma.userImage.findUnique({
      where: { userId_kind: { userId, kind } },
      select: { contentType: true, data: true, updatedAt: true },
    });
  }
}
