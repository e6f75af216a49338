import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { DiagramErrorCode } from '@loopwright/contracts';
import type { Logger } from 'pino';
import type { AppConfig } from '../../config/config.js';
import type { Caller } from '../../core/auth/caller.js';
import { AppError } from '../../core/errors/app-error.js';
import { JobRegistry } from '../../core/queue/job-registry.js';
import { QueueService } from '../../core/queue/queue.service.js';
import { APP_CONFIG, LOGGER } from '../../core/tokens.js';
import { DiagramAccessService } from './diagram-access.service.js';
import { DiagramsRepository } from './diagrams.repository.js';
import { TRASH_PURGE_EVERY_MS, trashPurgeJob } from './trash.jobs.js';

const DAY_MS = 24 * 60 * 60_000;

/**
 * The Trash: deleting a diagram moves it here (DiagramsService.delete sets deleted_at); the owner
 * restores it or deletes it forever, and a repeatable maintenance job deletes forever whatever has
 * been in any trash longer than TRASH_RETENTION_DAYS. "Forever" removes the row; its versions,
 * plays, shares, tags, likes and thumbnails go with it (foreign keys cascade), copies keep living
 * with their source link cleared.
 */
@Injectable()
export class TrashService implements OnApplicationBootstrap {
  constructor(
    private readonly diagrams: DiagramsRepository,
    private readonly access: DiagramAccessService,
    private readonly queue: QueueService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(LOGGER) private readonly logger: Logger,
    registry: JobRegistry,
  ) {
    registry.handle(trashPurgeJob, async () => {
      const deleted = await this.purgeExpired();
      if (deleted)
        this.logger.info({ deleted, retentionDays: this.retentionDays }, 'trash purge: diagrams deleted forever');
    });
  }

  get retentionDays(): number {
    return this.config.TRASH_RETENTION_DAYS;
  }

  /** Every process schedules the purge at start (an upsert: one scheduler however many call it). */
  async onApplicationBootstrap(): Promise<void> {
    if (this.config.NODE_ENV === 'test') return; // tests schedule and run it themselves
    await this.schedule().catch((error: Error) =>
      this.logger.warn({ error: error.message }, 'could not schedule the trash purge'),
    );
  }

  async schedule(): Promise<void> {
    await this.queue.repeat(trashPurgeJob, {}, TRASH_PURGE_EVERY_MS);
  }

  async deleteForever(fuid: string, caller: Caller): Promise<void> {
    const diagram = await this.access.requireOwned(fuid, caller);
    if (!diagram.deletedAt) throw new AppError(DiagramErrorCode.DIAGRAM_NOT_IN_TRASH);
    await this.diagrams.deleteTrashed([diagram.id]);
  }

  async empty(caller: Caller): Promise<number> {
    const workspaceId = await this.access.personalWorkspaceOf(caller);
    return this.diagrams.deleteTrashed(await this.diagrams.trashedIds(workspaceId));
  }

  /** Deletes forever what was deleted more than the retention period ago; idempotent. */
  purgeExpired(now = new Date()): Promise<number> {
    return this.diagrams.deleteTrashedBefore(new Date(now.getTime() - this.retentionDays * DAY_MS));
  }
}
