import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import type { AuditAction, AuditLogEntryView } from '@loopwright/contracts';
import type { Logger } from 'pino';
import type { AppConfig } from '../../config/config.js';
import { PrismaService, type TransactionClient } from '../../core/prisma/prisma.service.js';
import { JobRegistry } from '../../core/queue/job-registry.js';
import { QueueService } from '../../core/queue/queue.service.js';
import { retention, type Retention } from '../../core/queue/retention.js';
import { APP_CONFIG, LOGGER } from '../../core/tokens.js';
import { AuditLogRepository, type AuditFilter } from './audit-log.repository.js';
import { auditPruneJob } from './audit.jobs.js';

const DAY_MS = 24 * 60 * 60_000;
/** How a secret's change shows in the log: that it changed, never its value. */
export const SECRET_CHANGED = 'changed (hidden)';

type Summary = Record<string, unknown>;

export interface AuditRecord {
  /** The administrator who made the change (null: the server itself). */
  actorId: string | null;
  action: AuditAction;
  /** What was changed, in words a reader recognises (an e-mail, a plan's name). */
  target?: string | null;
  /** The fields before and after; only those that differ are kept. Never pass a secret's value. */
  before?: Summary | null;
  after?: Summary | null;
  /** Names of secrets that were replaced: logged as changed, without values. */
  secretsChanged?: string[];
}

/** Only the fields whose value differs, as { field: { before, after } }. */
export function changesBetween(before: Summary | null | undefined, after: Summary | null | undefined) {
  const changes: Record<string, { before: unknown; after: unknown }> = {};
  for (const key of new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])) {
    const was = before?.[key] ?? null;
    const is = after?.[key] ?? null;
    if (JSON.stringify(was) !== JSON.stringify(is)) changes[key] = { before: was, after: is };
  }
  return changes;
}

/**
 * The admin audit log: who changed the instance's administration (mail, single sign-on, plans,
 * users, spotlights, the instance), when, and what changed. Each change records its row in its own
 * transaction when it has one, so a row exists if and only if the change was committed. Rows older
 * than AUDIT_LOG_DAYS are deleted by a repeatable maintenance job.
 */
@Injectable()
export class AuditLogService implements OnApplicationBootstrap {
  private readonly retention: Retention;

  constructor(
    private readonly log: AuditLogRepository,
    private readonly prisma: PrismaService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(LOGGER) logger: Logger,
    queue: QueueService,
    registry: JobRegistry,
  ) {
    this.retention = retention(
      { registry, queue, logger },
      {
        job: auditPruneJob,
        keptDays: () => this.keptDays,
        deleteBefore: (cutoff) => this.log.deleteBefore(cutoff),
        message: 'audit log: old entries deleted',
      },
    );
  }

  get keptDays(): number {
    return this.config.AUDIT_LOG_DAYS;
  }

  onApplicationBootstrap(): Promise<void> {
    return this.retention.start();
  }

  async record(entry: AuditRecord, tx?: TransactionClient): Promise<void> {
    const db = tx ?? this.prisma;
    const actor = entry.actorId
      ? await db.user.findUnique({ where: { id: entry.actorId }, select: { email: true } })
      : null;
    const changes = changesBetween(entry.before, entry.after);
    for (const secret of entry.secretsChanged ?? []) changes[secret] = { before: null, after: SECRET_CHANGED };
    await this.log.insert(
      {
        actorId: entry.actorId,
        actorEmail: actor?.email ?? null,
        action: entry.action,
        target: entry.target ?? null,
        changes: changes as object,
      },
      tx,
    );
  }

  async page(filter: { actor?: string; action?: string; from?: string; to?: string }, page: number, pageSize: number) {
    const where: AuditFilter = {
      actor: filter.actor,
      action: filter.action,
      from: filter.from ? new Date(`${filter.from}T00:00:00Z`) : undefined,
      before: filter.to ? new Date(new Date(`${filter.to}T00:00:00Z`).getTime() + DAY_MS) : undefined,
    };
    const { entries, total } = await this.log.page(where, page, pageSize);
    return {
      total,
      entries: entries.map((row): AuditLogEntryView => ({
        id: row.id,
        actor: { id: row.actorId, email: row.actorEmail },
        action: row.action,
        target: row.target,
        changes: row.changes as AuditLogEntryView['changes'],
        createdAt: row.createdAt.toISOString(),
      })),
    };
  }

  /** Deletes what is older than the retention period; idempotent. */
  prune(now = new Date()): Promise<number> {
    return this.retention.prune(now);
  }
}
