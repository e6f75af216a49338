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

/** The webhook columns its views show (never the secret). */
export interface WebhookRow {
  id: string;
  workspaceId: string;
  url: string;
  events: string[];
  active: boolean;
  consecutiveFailures: number;
  disabledAt: Date | null;
  createdAt: Date;
}

/** A disabled webhook with whose it is and why it stopped, for the administrator. */
export interface DisabledRow extends WebhookRow {
  workspaceName: string;
  ownerEmail: string;
  lastError: string | null;
}

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

  find(id: string, tx: TransactionClient = this.prisma) {
    return tx.webhook.findUnique({ where: { id } });
  }

  update(id: string, data: Prisma.WebhookUpdateInput, tx: TransactionClient = this.prisma) {
    return tx.webhook.update({ where: { id }, data });
  }

  /**
   * One page of the webhooks disabled automatically (and not resumed since), the most recently
   * disabled first, with their workspace, its owner's e-mail and the last failed delivery's error.
   */
  async disabledPage(page: number, pageSize: number): Promise<{ rows: DisabledRow[]; total: number }> {
    const [rows, [{ total }]] = await this.prisma.$transaction([
      this.prisma.$queryRaw<DisabledRow[]>`
        SELECT w.id::text, w.workspace_id::text AS "workspaceId", w.url, w.events, w.active,
               w.consecutive_failures AS "consecutiveFailures", w.disabled_at AS "disabledAt",
               w.created_at AS "createdAt", ws.name AS "workspaceName", u.email AS "ownerEmail",
               (SELECT d.error FROM webhook_deliveries d
                 WHERE d.webhook_id = w.id AND d.status = 'failed'
                 ORDER BY d.created_at DESC LIMIT 1) AS "lastError"
          FROM webhooks w
          JOIN workspaces ws ON ws.id = w.workspace_id
          JOIN users u ON u.id = ws.owner_id
         WHERE NOT w.active AND w.disabled_at IS NOT NULL
         ORDER BY w.disabled_at DESC, w.id DESC
         LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}`,
      this.prisma.$queryRaw<{ total: number }[]>`
        SELECT count(*)::int AS total FROM webhooks WHERE NOT active AND disabled_at IS NOT NULL`,
    ]);
    return { rows, total };
  }

  /**
   * A delivery's final outcome on its webhook's count of failures in a row: a delivered one resets
   * it; a failed one adds one and, at `limit`, disables the webhook (once: the row that crosses it
   * answers `disabled`, in the same statement, so two racing failures cannot both disable it).
   */
  async countOutcome(
    tx: TransactionClient,
    id: string,
    delivered: boolean,
    limit: number,
  ): Promise<{ disabled: boolean; failures: number; url: string; ownerId: string } | null> {
    if (delivered) {
      await tx.webhook.updateMany({
        where: { id, consecutiveFailures: { gt: 0 } },
        data: { consecutiveFailures: 0 },
      });
      return null;
    }
    const now = new Date().toISOString();
    const [row] = await tx.$queryRaw<{ failures: number; disabled: boolean; url: string; ownerId: string }[]>`
      UPDATE webhooks w SET consecutive_failures = consecutive_failures + 1,
             active = CASE WHEN consecutive_failures + 1 >= ${limit} THEN false ELSE active END,
             disabled_at = CASE WHEN consecutive_failures + 1 = ${limit} THEN ${now}::timestamp ELSE disabled_at END,
             updated_at = ${now}::timestamp
        FROM workspaces ws
       WHERE w.id = ${id}::uuid AND ws.id = w.workspace_id
      RETURNING w.consecutive_failures AS failures, w.url, ws.owner_id::text AS "ownerId",
                (w.consecutive_failures = ${limit}) AS disabled`;
    return row ?? null;
  }

  /** Deletes deliveries created before `before`; answers how many. */
  async pruneDeliveries(before: Date): Promise<number> {
    return (await this.prisma.webhookDelivery.deleteMany({ where: { createdAt: { lt: before } } })).count;
  }

  async markNotSent(id: string, error: string): Promise<void> {
    await this.prisma.webhookDelivery.update({ where: { id }, data: { status: 'failed', error } });
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
