import { Injectable } from '@nestjs/common';
import { PrismaService } from '../../core/prisma/prisma.service.js';

@Injectable()
export class ThumbnailsRepository {
  constructor(private readonly prisma: PrismaService) {}

  find(diagramId: string, size: string) {
    return this.prisma.diagramThumbnail.findUnique({ where: { diagramId_size: { diagramId, size } } });
  }

  async store(diagramId: string, size: string, version: number, png: Uint8Array): Promise<void> {
    const bytes = new Uint8Array(png);
    await this.prisma.diagramThumbnail.upsert({
      where: { diagramId_size: { diagramId, size } },
      create: { diagramId, size, version, png: bytes },
      update: { version, png: bytes },
    });
  }
}
