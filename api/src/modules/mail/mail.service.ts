import { Inject, Injectable, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import type { Logger } from 'pino';
import type { AppConfig } from '../../config/config.js';
import type { TransactionClient } from '../../core/prisma/prisma.service.js';
import { QueueService } from '../../core/queue/queue.service.js';
import type { MailStatus } from '../../generated/prisma/client.js';
import { APP_CONFIG, LOGGER } from '../../core/tokens.js';
import { sendMailJob } from './mail.jobs.js';
import { MailRepository } from './mail.repository.js';
import { mailTemplates, type MailProps, type MailTemplateName } from './templates/index.js';
import { startOutboxRelay } from '../../core/queue/outbox-relay.js';

/**
 * Domain code asks for mail here. The mail_log row is the outbox: written with the action that
 * causes it (pass the transaction), handed to the queue after commit, and re-handed by the relay
 * if the queue was down — so a message is never lost.
 */
@Injectable()
export class MailService implements OnApplicationBootstrap, OnModuleDestroy {
  private stopRelay?: () => void;

  constructor(
    private readonly mail: MailRepository,
    private readonly queue: QueueService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** Writes the outbox row (inside `tx` when given). Call `dispatch` with the id after commit. */
  async record<T extends MailTemplateName>(
    template: T,
    to: string,
    props: MailProps<T>,
    tx?: TransactionClient,
  ): Promise<string> {
    const parsed = mailTemplates[template].props.parse(props);
    return this.mail.create(template, to, parsed, tx);
  }

  /** Hands recorded messages to the queue; failures are left to the relay. */
  async dispatch(...ids: string[]): Promise<void> {
    for (const id of ids) {
      try {
        await this.queue.enqueue(sendMailJob, { mailLogId: id }, { jobId: `mail-${id}` });
        await this.mail.markEnqueued(id);
      } catch (error) {
        this.logger.warn(
          { mailLogId: id, error: (error as Error).message },
          'mail not handed to the queue yet; the relay will retry',
        );
      }
    }
  }

  async enqueue<T extends MailTemplateName>(template: T, to: string, props: MailProps<T>): Promise<string> {
    const id = await this.record(template, to, props);
    await this.dispatch(id);
    return id;
  }

  /** The mail log, newest first (admins read it). */
  page(page: number, pageSize: number, filter: { status?: MailStatus; search?: string } = {}) {
    return this.mail.page(page, pageSize, filter);
  }

  /** One message of the log, with its body (admins read it). */
  findById(id: string) {
    return this.mail.findById(id);
  }

  /** Re-hands queued rows the queue never got (Redis was down, or the process died). */
  async relayStranded(olderThanMs = 60_000): Promise<number> {
    const stranded = await this.mail.findStranded(new Date(Date.now() - olderThanMs));
    await this.dispatch(...stranded.map((row) => row.id));
    return stranded.length;
  }

  onApplicationBootstrap(): void {
    if (this.config.NODE_ENV === 'test') return;
    this.stopRelay = startOutboxRelay('mail', () => this.relayStranded(), this.logger);
  }

  onModuleDestroy(): void {
    this.stopRelay?.();
  }
}
