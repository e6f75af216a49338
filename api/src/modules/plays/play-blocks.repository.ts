import { Injectable } from '@nestjs/common';
import { PrismaService } from '../../core/prisma/prisma.service.js';

/** The finished blocks of server batches (play_blocks): written once each, read back in block order. */
@Injectable()
export class PlayBlocksRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** Stores a block unless it is already there (a block run twice is stored once); the runs stored so far. */
  async save(playId: string, block: { index: number; first: number; count: number }, summary: Uint8Array) {
    await this.prisma.playBlock.createMany({
      data: [{ playId, index: block.index, first: block.first, count: block.count, summary: new Uint8Array(summary) }],
      skipDuplicates: true,
    });
    return this.completedRuns(playId);
  }

  async has(playId: string, index: number): Promise<boolean> {
    return (await this.prisma.playBlock.count({ where: { playId, index } })) > 0;
  }

  async completedRuns(playId: string): Promise<number> {
    return (await this.prisma.playBlock.aggregate({ where: { playId }, _sum: { count: true } }))._sum.count ?? 0;
  }

  /** Block indexes and sizes, in block order (without their summaries). */
  list(playId: string) {
    return this.prisma.playBlock.findMany({
      where: { playId },
      select: { index: true, first: true, count: true },
      orderBy: { index: 'asc' },
    });
  }

  async summary(playId: string, index: number): Promise<Uint8Array | null> {
    const row = await this.prisma.playBlock.findUnique({
      where: { playId_index: { playId, index } },
      select: { summary: true },
    });
    return row?.summary ?? null;
  }

  async clear(playId: string): Promise<void> {
    await this.prisma.playBlock.deleteMany({ where: { playId } });
  }
}
