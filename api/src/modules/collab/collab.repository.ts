import { Injectable } from '@nestjs/common';
import { PrismaService } from '../../core/prisma/prisma.service.js';

/** The only file that touches diagram_live_documents: each diagram's merged Yjs state. */
@Injectable()
export class CollabRepository {
  constructor(private readonly prisma: PrismaService) {}

  find(diagramId: string) {
    return this.prisma.diagramLiveDocument.findUnique({
      where: { diagramId },
      select: { state: true, diagramVersion: true },
    });
  }

  async save(diagramId: string, state: Uint8Array, diagramVersion: number): Promise<void> {
    const bytes = new Uint8Array(state);
    await this.prisma.diagramLiveDocument.upsert({
      where: { diagramId },
      create: { diagramId, state: bytes, diagramVersion },
      update: { state: bytes, diagramVersion },
    });
  }
}
