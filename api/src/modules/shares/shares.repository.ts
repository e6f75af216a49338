import { Injectable } from '@nestjs/common';
import { PrismaService, type TransactionClient } from '../../core/prisma/prisma.service.js';

type Role = 'viewer' | 'editor' | 'none';
const shareSelect = { id: true, email: true, role: true, createdAt: true, updatedAt: true } as const;

/** The only file that touches diagram_shares: a diagram shared with a person by e-mail. */
@Injectable()
export class SharesRepository {
  constructor(private readonly prisma: PrismaService) {}

  list(diagramId: string) {
    return this.prisma.diagramShare.findMany({
      where: { diagramId },
      select: shareSelect,
      orderBy: { createdAt: 'asc' },
    });
  }

  find(diagramId: string, id: string) {
    return this.prisma.diagramShare.findFirst({ where: { id, diagramId }, select: shareSelect });
  }

  findByEmail(diagramId: string, email: string) {
    return this.prisma.diagramShare.findUnique({
      where: { diagramId_email: { diagramId, email } },
      select: shareSelect,
    });
  }

  /** Null when the e-mail is already shared (the unique index decides, also under a race). */
  async create(diagramId: string, email: string, role: Role, invitedById: string, tx: TransactionClient = this.prisma) {
    try {
      return await tx.diagramShare.create({ data: { diagramId, email, role, invitedById }, select: shareSelect });
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

  /** The role of the e-mail on each of these diagrams that it is on. */
  async rolesOf(diagramIds: string[], email: string): Promise<Map<string, Role>> {
    const rows = await this.prisma.diagramShare.findMany({
      where: { diagramId: { in: diagramIds }, email },
      select: { diagramId: true, role: true },
    });
    return new Map(rows.map((r) => [r.diagramId, r.role]));
  }

  /** Which of these diagrams are shared with someone as viewer or editor. */
  async withActive(diagramIds: string[]): Promise<Set<string>> {
    const rows = await this.prisma.diagramShare.findMany({
      where: { diagramId: { in: diagramIds }, role: { in: ['viewer', 'editor'] } },
      select: { diagramId: true },
      distinct: ['diagramId'],
    });
    return new Set(rows.map((r) => r.diagramId));
  }
}
