import { Injectable } from '@nestjs/common';
import type { Prisma } from '../../generated/prisma/client.js';
import { PrismaService, type TransactionClient } from '../../core/prisma/prisma.service.js';

const deliverySelect = {
  id: true,
  webhookId: true,
  event: true,
  status: true,
  attempts: true,
  responseStatus: true,
  error: true,
  createdAt: true,
  deliveredAt: true,
} as const;
export type DeliveryRow = Prisma.WebhookDeliveryGetPayload<{ select: typeof deliverySelect }>;

@Injectable()
export class WebhooksRepository {
  constructor(private readonly prisma: PrismaService) {}

  create(data: { workspaceId: string; createdById: string; url: string; events: string[]; secret: string }) {
    return this.prisma.webhook.create({ data });
  }

  /** The workspaces' webhooks with their newest deliveries. */
  list(workspaceIds: string[], deliveries = 10) {
    return this.prisma.webhook.findMany({
      where: { workspaceId: { in: workspaceIds } },
      orderBy: { createdAt: 'desc' },
      include: { deliveries: { orderBy: { createdAt: 'desc' }, take: deliveries, select: deliverySelect } },
    });
  }

  find(id: string) {
    return this.prisma.webhook.findUnique({ where: { id } });
  }

  async delete(id: string): Promise<void> {
    await this.prisma.webhook.delete({ where: { id } });
  }

  subscribed(tx: TransactionClient, workspaceId: string, event: string) {
    return tx.webhook.findMany({ where: { workspaceId, active: true, events: { has: event } }, select: { id: true } });
  }

  /** One delivery per webhook and event: a redelivered event adds none. Answers the new rows' ids. */
  async addDeliveries(
    tx: TransactionClient,
    webhookIds: string[],
    eventId: string | null,
    event: string,
    payload: Prisma.InputJsonValue,
  ): Promise<string[]> {
    const ids: string[] = [];
    for (const webhookId of webhookIds) {
      if (eventId && (await tx.webhookDelivery.findUnique({ where: { webhookId_eventId: { webhookId, eventId } } })))
        continue;
      ids.push(
        (await tx.webhookDelivery.create({ data: { webhookId, eventId, event, payload }, select: { id: true } })).id,
      );
    }
    return ids;
  }

  async addTestDelivery(webhookId: string, payload: Prisma.InputJsonValue): Promise<string> {
    return (
      await this.prisma.webhookDelivery.create({ data: { webhookId, event: 'ping', payload }, select: { id: true } })
    ).id;
  }

  findDelivery(id: string) {
    return this.prisma.webhookDelivery.findUnique({ where: { id }, include: { webhook: true } });
  }

  deliveryView(id: string) {
    return this.prisma.webhookDelivery.findUniqueOrThrow({ where: { id }, select: deliverySelect });
  }

  async recordAttempt(
    id: string,
    outcome: { status: 'pending' | 'delivered' | 'failed'; responseStatus: number | null; error: string | null },
  ): Promise<void> {
    await this.prisma.webhookDelivery.update({
      where: { id },
      data: {
        ...outcome,
        attempts: { increment: 1 },
        deliveredAt: outcome.status === 'delivered' ? new Date() : undefined,
      },
    });
  }
}
