import type { Webhook, WebhookDelivery, WebhookEventType } from '@loopwright/contracts';
import type { DeliveryRow, WebhookRow } from './webhooks.repository.js';

/** A webhook as its owner and the administrator see it. */
export function webhookView(row: WebhookRow): Webhook {
  return {
    id: row.id,
    workspaceId: row.workspaceId,
    url: row.url,
    events: row.events as WebhookEventType[],
    active: row.active,
    status: row.active ? 'active' : row.disabledAt ? 'disabled' : 'paused',
    consecutiveFailures: row.consecutiveFailures,
    disabledAt: row.disabledAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

export function deliveryView(row: DeliveryRow): WebhookDelivery {
  return {
    id: row.id,
    webhookId: row.webhookId,
    event: row.event,
    status: row.status as WebhookDelivery['status'],
    attempts: row.attempts,
    responseStatus: row.responseStatus,
    error: row.error,
    createdAt: row.createdAt.toISOString(),
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
  };
}
