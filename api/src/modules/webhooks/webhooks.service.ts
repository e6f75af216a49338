import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import {
  ErrorCode,
  WEBHOOK_DISABLE_AFTER_FAILURES,
  WebhookTexts,
  type Webhook,
  type WebhookDelivery,
  type WebhookEventType,
} from '@loopwright/contracts';
import { UnrecoverableError } from 'bullmq';
import type { Logger } from 'pino';
import type { AppConfig } from '../../config/config.js';
import type { Caller } from '../../core/auth/caller.js';
import { deriveKey } from '../../core/crypto/keys.js';
import { SecretBox } from '../../core/crypto/secret-box.js';
import { randomToken } from '../../core/crypto/tokens.js';
import { AppError } from '../../core/errors/app-error.js';
import type { TransactionClient } from '../../core/prisma/prisma.service.js';
import { JobRegistry } from '../../core/queue/job-registry.js';
import { QueueService } from '../../core/queue/queue.service.js';
import { retention, type Retention } from '../../core/queue/retention.js';
import { APP_CONFIG, LOGGER } from '../../core/tokens.js';
import type { Prisma } from '../../generated/prisma/client.js';
import { DiagramAccessService } from '../diagrams/diagram-access.service.js';
import { DomainEventsService } from '../events/domain-events.service.js';
import { refusedHost } from './webhook-address.js';
import { postJson } from './webhook-post.js';
import { signatureHeader } from './webhook-signature.js';
import { deliverWebhookJob, webhookDeliveriesPruneJob } from './webhooks.jobs.js';
import { deliveryView, webhookView as view } from './webhook-view.js';
import { WebhooksRepository } from './webhooks.repository.js';

/**
 * Webhooks: a workspace (a user's own, or a team's, managed by its owner) subscribes URLs to events.
 * Each event becomes one delivery row per subscribed URL, written in the event's delivery transaction
 * (the outbox), then posted by a queue job that retries with back-off; every attempt is recorded.
 * A webhook can be paused and resumed; WEBHOOK_DISABLE_AFTER_FAILURES event deliveries failing in a
 * row disable it (its owner is notified). Deliveries older than WEBHOOK_DELIVERY_DAYS are pruned.
 */
@Injectable()
export class WebhooksService implements OnApplicationBootstrap {
  private readonly secrets: SecretBox;
  private readonly retention: Retention;

  constructor(
    private readonly webhooks: WebhooksRepository,
    private readonly access: DiagramAccessService,
    private readonly queue: QueueService,
    private readonly events: DomainEventsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(LOGGER) private readonly logger: Logger,
    registry: JobRegistry,
  ) {
    this.secrets = new SecretBox(deriveKey(config.APP_SECRET ?? 'development-secret', 'webhook-secrets'));
    registry.handle(deliverWebhookJob, (payload, context) => this.deliver(payload.deliveryId, context.attempt));
    this.retention = retention(
      { registry, queue, logger },
      {
        job: webhookDeliveriesPruneJob,
        keptDays: () => this.keptDays,
        deleteBefore: (cutoff) => this.webhooks.pruneDeliveries(cutoff),
        message: 'webhooks: old deliveries deleted',
      },
    );
  }

  get keptDays(): number {
    return this.config.WEBHOOK_DELIVERY_DAYS;
  }

  onApplicationBootstrap(): Promise<void> {
    return this.retention.start();
  }

  /** Deletes the deliveries older than WEBHOOK_DELIVERY_DAYS; answers how many. */
  prune(now = new Date()): Promise<number> {
    return this.retention.prune(now);
  }

  /** The workspaces whose webhooks the caller manages: their own, and a team they own. */
  private async managed(caller: Caller): Promise<string[]> {
    const ids = [await this.access.personalWorkspaceOf(caller)];
    const team = await this.access.teamOf(caller);
    if (team && team.ownerId === caller.userId) ids.push(team.id);
    return ids;
  }

  async list(caller: Caller) {
    const rows = await this.webhooks.list(await this.managed(caller));
    return {
      items: rows.map((row) => ({ ...view(row), deliveries: row.deliveries.map(deliveryView) })),
      disableAfterFailures: WEBHOOK_DISABLE_AFTER_FAILURES,
      deliveriesKeptDays: this.keptDays,
    };
  }

  async create(
    caller: Caller,
    input: { url: string; events: WebhookEventType[]; workspaceId?: string },
  ): Promise<{ webhook: Webhook; secret: string }> {
    const workspaceId = input.workspaceId ?? (await this.access.personalWorkspaceOf(caller));
    if (input.workspaceId) await this.access.requireWorkspace(input.workspaceId, caller, 'owner');
    await this.assertAllowed(input.url);
    const secret = `whsec_${randomToken(24)}`;
    const row = await this.webhooks.create({
      workspaceId,
      createdById: caller.userId,
      url: input.url,
      events: [...new Set(input.events)],
      secret: this.secrets.seal(secret),
    });
    return { webhook: view(row), secret };
  }

  /** Edits the URL or the events; `active` pauses (false) or resumes (true: a disabled one starts afresh). */
  async update(
    id: string,
    caller: Caller,
    input: { url?: string; events?: WebhookEventType[]; active?: boolean },
  ): Promise<Webhook> {
    const webhook = await this.find(id, caller);
    if (input.url !== undefined && input.url !== webhook.url) await this.assertAllowed(input.url);
    const resume = input.active === true ? { disabledAt: null, consecutiveFailures: 0 } : {};
    return view(
      await this.webhooks.update(webhook.id, {
        url: input.url,
        events: input.events ? [...new Set(input.events)] : undefined,
        active: input.active,
        ...resume,
      }),
    );
  }

  private async assertAllowed(url: string): Promise<void> {
    const refused = await refusedHost(url, this.config.WEBHOOKS_ALLOW_PRIVATE);
    if (refused) throw new AppError(ErrorCode.WEBHOOK_URL_REFUSED, { details: { address: refused } });
  }

  async delete(id: string, caller: Caller): Promise<void> {
    await this.webhooks.delete((await this.find(id, caller)).id);
  }

  /** "Send test": a signed `ping` delivery, through the same queue and retries as real events. */
  async sendTest(id: string, caller: Caller): Promise<WebhookDelivery> {
    const webhook = await this.find(id, caller);
    const deliveryId = await this.webhooks.addTestDelivery(
      webhook.id,
      envelope('ping', { webhookId: webhook.id, message: 'A test delivery from Loopwright' }),
    );
    await this.dispatch([deliveryId]);
    return deliveryView(await this.webhooks.deliveryView(deliveryId));
  }

  /** In an event's delivery transaction: one delivery per webhook of the workspace subscribed to the event. */
  async record(
    tx: TransactionClient,
    workspaceId: string,
    event: WebhookEventType,
    eventId: string,
    data: Record<string, unknown>,
  ): Promise<string[]> {
    const subscribed = await this.webhooks.subscribed(tx, workspaceId, event);
    if (subscribed.length === 0) return [];
    return this.webhooks.addDeliveries(
      tx,
      subscribed.map((w) => w.id),
      eventId,
      event,
      envelope(event, data),
    );
  }

  async dispatch(deliveryIds: string[]): Promise<void> {
    for (const deliveryId of deliveryIds)
      await this.queue.enqueue(deliverWebhookJob, { deliveryId }, { jobId: `webhook-${deliveryId}` });
  }

  /**
   * One attempt: signed POST; a 2xx answer delivers, anything else is retried until the attempts run
   * out. An event of a paused or disabled webhook is not sent ("Send test" is, to try the receiver).
   * Each event delivery's final outcome counts towards disabling the webhook (pings do not).
   */
  async deliver(deliveryId: string, attempt: number): Promise<void> {
    const delivery = await this.webhooks.findDelivery(deliveryId);
    if (!delivery) throw new UnrecoverableError(`webhook delivery ${deliveryId} does not exist`);
    if (delivery.status !== 'pending') return;
    const ping = delivery.event === 'ping';
    if (!delivery.webhook.active && !ping) return this.webhooks.markNotSent(delivery.id, WebhookTexts.notSentPaused);
    const body = JSON.stringify({ id: delivery.id, ...(delivery.payload as object) });
    const headers = {
      'User-Agent': 'Loopwright-Webhooks/1',
      'Loopwright-Event': delivery.event,
      'Loopwright-Delivery': delivery.id,
      'Loopwright-Signature': signatureHeader(this.secrets.open(delivery.webhook.secret), body),
    };
    const result = await postJson(delivery.webhook.url, body, headers, this.config.WEBHOOKS_ALLOW_PRIVATE);
    const delivered = result.status !== null && result.status >= 200 && result.status < 300;
    const last = attempt >= (deliverWebhookJob.attempts ?? 1);
    const error = delivered ? null : (result.error ?? `the receiver answered HTTP ${result.status}`);
    await this.webhooks.recordAttempt(delivery.id, {
      status: delivered ? 'delivered' : last ? 'failed' : 'pending',
      responseStatus: result.status,
      error,
    });
    if (!ping && (delivered || last)) await this.countOutcome(delivery.webhookId, delivered);
    if (!delivered) {
      this.logger.info({ deliveryId, attempt, error }, 'webhook delivery failed; retried with back-off');
      throw new Error(error ?? 'webhook delivery failed');
    }
  }

  /** A failure in a row more, or none; the one that reaches the limit disables the webhook and tells its owner. */
  private async countOutcome(webhookId: string, delivered: boolean): Promise<void> {
    await this.events.transaction(async (tx, emit) => {
      const outcome = await this.webhooks.countOutcome(tx, webhookId, delivered, WEBHOOK_DISABLE_AFTER_FAILURES);
      if (!outcome?.disabled) return;
      this.logger.warn({ webhookId, failures: outcome.failures }, 'webhook disabled after failures in a row');
      await emit({
        type: 'WebhookDisabled',
        payload: { webhookId, url: outcome.url, ownerId: outcome.ownerId, failures: outcome.failures },
      });
    });
  }

  private async find(id: string, caller: Caller) {
    const row = await this.webhooks.find(id);
    if (!row || !(await this.managed(caller)).includes(row.workspaceId))
      throw new AppError(ErrorCode.WEBHOOK_NOT_FOUND);
    return row;
  }
}

function envelope(type: string, data: Record<string, unknown>): Prisma.InputJsonValue {
  return { type, createdAt: new Date().toISOString(), data } as Prisma.InputJsonValue;
}
