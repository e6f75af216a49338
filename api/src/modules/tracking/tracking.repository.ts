import { Injectable } from '@nestjs/common';
import type { TrackingMessage } from '@loopwright/contracts';
import type { Prisma } from '../../generated/prisma/client.js';
import { PrismaService } from '../../core/prisma/prisma.service.js';

@Injectable()
export class TrackingRepository {
  constructor(private readonly prisma: PrismaService) {}

  async store(messages: TrackingMessage[], ids: { anonymousId: string; userId: string | null }): Promise<number> {
    const { count } = await this.prisma.trackingMessage.createMany({
      data: messages.map((m) => ({
        messageId: m.id,
        name: m.name,
        category: m.category,
        action: m.action ?? null,
        label: m.label ?? null,
        value: m.value === undefined ? null : String(m.value),
        misc: m.misc as Prisma.InputJsonValue,
        attributes: m.msgAttribs,
        anonymousId: ids.anonymousId,
        userId: ids.userId ?? m.userId ?? null,
        utmSource: m.utm_source ?? null,
        utmMedium: m.utm_medium ?? null,
        utmCampaign: m.utm_campaign ?? null,
      })),
    });
    return count;
  }
}
