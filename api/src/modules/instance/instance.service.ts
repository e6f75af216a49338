import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import path from 'node:path';
import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import type { AppConfig } from '../../config/config.js';
import type { TransactionClient } from '../../core/prisma/prisma.service.js';
import { APP_CONFIG, LOGGER } from '../../core/tokens.js';
import { JobRegistry } from '../../core/queue/job-registry.js';
import { QueueService } from '../../core/queue/queue.service.js';
import { heartbeatJob } from './instance.jobs.js';
import { InstanceSettingsRepository } from './instance-settings.repository.js';

const INSTANCE_ID = 'instance.id';
const WORKER_HEARTBEAT = 'worker.heartbeat';

export interface WorkerHeartbeat {
  at: string;
  host: string;
  pid: number;
  requestedBy: string;
}

/** Where the instance ID is also kept, for admins who cannot scroll back through the log. */
export function instanceIdFile(dataDir: string): string {
  return path.join(dataDir, 'instance-id');
}

/**
 * The instance ID proves a person has access to the server (first admin, mail settings).
 * It is made once, at the first start; every start prints it and writes it to the data directory.
 */
@Injectable()
export class InstanceService {
  constructor(
    private readonly settings: InstanceSettingsRepository,
    private readonly queue: QueueService,
    registry: JobRegistry,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    registry.handle(heartbeatJob, (payload) => this.recordHeartbeat(payload.requestedBy));
  }

  async ensureInstanceId(): Promise<{ id: string; created: boolean }> {
    const candidate = randomUUID();
    const id = await this.settings.setIfAbsent(INSTANCE_ID, candidate);
    return { id, created: id === candidate };
  }

  /** At every start of the app: makes the ID if needed, prints it and keeps it in the data directory. */
  async announceInstanceId(): Promise<string> {
    const { id } = await this.ensureInstanceId();
    const file = instanceIdFile(this.config.DATA_DIR);
    const written = await mkdir(this.config.DATA_DIR, { recursive: true })
      .then(() => writeFile(file, `${id}\n`, { mode: 0o600 }))
      .then(
        () => true,
        (error: Error) => (
          this.logger.warn({ file, error: error.message }, 'could not write the instance ID file'),
          false
        ),
      );
    const where = written ? `also in ${file}; ` : '';
    this.logger.info(
      { instanceId: id },
      `Instance ID: ${id} (${where}\`npm run instance-id\` prints it; you need it to create the first admin and to save mail settings)`,
    );
    return id;
  }

  async instanceId(): Promise<string | undefined> {
    return this.settings.get<string>(INSTANCE_ID);
  }

  /** A setting another module keeps in instance_settings (its key names the module: `plans.…`). */
  setting<T>(key: string, tx?: TransactionClient): Promise<T | undefined> {
    return this.settings.get<T>(key, tx);
  }

  setSetting<T>(key: string, value: T): Promise<void> {
    return this.settings.set(key, value);
  }

  async requestHeartbeat(requestedBy: string): Promise<void> {
    await this.queue.enqueue(heartbeatJob, { requestedAt: new Date().toISOString(), requestedBy });
  }

  async lastHeartbeat(): Promise<WorkerHeartbeat | undefined> {
    return this.settings.get<WorkerHeartbeat>(WORKER_HEARTBEAT);
  }

  private async recordHeartbeat(requestedBy: string): Promise<void> {
    const heartbeat: WorkerHeartbeat = {
      at: new Date().toISOString(),
      host: hostname(),
      pid: process.pid,
      requestedBy,
    };
    await this.settings.set(WORKER_HEARTBEAT, heartbeat);
  }
}
