import { Injectable } from '@nestjs/common';
import { ErrorCode, WEBHOOK_DISABLE_AFTER_FAILURES } from '@loopwright/contracts';
import { AppError } from '../../core/errors/app-error.js';
import { PrismaService } from '../../core/prisma/prisma.service.js';
import { AuditLogService } from '../audit/audit-log.service.js';
import { webhookView } from './webhook-view.js';
import { WebhooksRepository } from './webhooks.repository.js';

const PAGE_SIZE = 50;

/**
 * The instance administrator's view of webhooks: those disabled automatically after failures in a
 * row, across every workspace, and re-enabling one as its owner's Resume does (audited).
 */
@Injectable()
export class WebhooksAdminService {
  constructor(
    private readonly webhooks: WebhooksRepository,
    private readonly prisma: PrismaService,
    private readonly audit: AuditLogService,
  ) {}

  async disabled(page: number) {
    const { rows, total } = await this.webhooks.disabledPage(page, PAGE_SIZE);
    return {
      entries: rows.map((row) => ({
        ...webhookView(row),
        workspaceName: row.workspaceName,
        ownerEmail: row.ownerEmail,
        lastError: row.lastError,
      })),
      total,
      page,
      pageSize: PAGE_SIZE,
      disableAfterFailures: WEBHOOK_DISABLE_AFTER_FAILURES,
    };
  }

  /** Sends again with its failures forgotten; one paused by its owner stays paused (theirs to resume). */
  async enable(adminId: string, id: string) {
    return this.prisma.$transaction(async (tx) => {
      const row = await this.webhooks.find(id, tx);
      if (!row) throw new AppError(ErrorCode.WEBHOOK_NOT_FOUND);
      const before = webhookView(row);
      if (before.status !== 'disabled')
        return { webhook: before, message: `${row.url} is not disabled: nothing to re-enable.` };
      const after = webhookView(
        await this.webhooks.update(id, { active: true, disabledAt: null, consecutiveFailures: 0 }, tx),
      );
      await this.audit.record(
        {
          actorId: adminId,
          action: 'webhook.enabled',
          target: row.url,
          before: { status: before.status, consecutiveFailures: before.consecutiveFailures },
          after: { status: after.status, consecutiveFailures: after.consecutiveFailures },
        },
        tx,
      );
      return { webhook: after, message: `${row.url} is enabled again: new events are sent to it.` };
    });
  }
}
