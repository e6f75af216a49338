import { Injectable } from '@nestjs/common';
import { PrismaService } from '../../core/prisma/prisma.service.js';

type Role = 'viewer' | 'editor' | 'none';
const shareSelect = { id: true, email: true, role: true, createdAt: true, updatedAt: true } as const;

@Injectable()
export class SharingRepository {
  constructor(private readonly prisma: PrismaService) {}

  list(diagramId: string) {
    return this.prisma.diagramShare.findMany({ where: { diagramId }, select: shareSelect, orderBy: { createdAt: 'asc' } });
  }

  find(diagramId: string, id: string) {
    return this.prisma.diagramShare.findFirst({ where: { id, diagramId }, select: shareSelect });
  }

  findByEmail(diagramId: string, email: string) {
    return this.prisma.diagramShare.findUnique({ where: { diagramId_email: { diagramId, email } }, select: shareSelect });
  }

  /** Null when the e-mail is already shared (the unique index decides, also under a race). */
  async create(diagramId: string, email: string, role: Role, invitedById: string) {
    try {
      return await this.prisma.diagramShare.create({ data: { diagramId, email, role, invitedById }, select: shareSelect });
    } catch (error) {
      if ((error as { code?: string }).code === 'P2002') return null;
      throw error;
    }
  }

  update(id: string, role: Role) {
    return this.prisma.diagramShare.update({ where: { id }, data: { role }, select: shareSelect });
  }

  async delete(id: string): Promise<void> {
    await this.prisma.diagramShare.delete({ where: { id } });
  }

  async hasActive(diagramId: string): Promise<boolean> {
    return (await this.prisma.diagramShare.count({ where: { diagramId, role: { in: ['viewer', 'editor'] } } })) > 0;
  }

  usersByEmail(emails: string[]) {
    return this.prisma.user.findMany({ where: { email: { in: emails } }, select: { id: true, email: true, username: true, firstName: true, lastName: true } });
  }
}
