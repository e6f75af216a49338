import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { LOGGER } from '../../core/tokens.js';
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

/**
 * The instance ID proves a person can read the server's log (first admin, mail settings).
 * It is made once, at the first start, and printed in the log that time only.
 */
@Injectable()
export class InstanceService {
  constructor(
    private readonly settings: InstanceSettingsRepository,
    private readonly queue: QueueService,
    registry: JobRegistry,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    registry.handle(heartbeatJob, (payload) => this.recordHeartbeat(payload.requestedBy));
  }


  async ensureInstanceId(): Promise<{ id: string; created: boolean }> {
    const candidate = randomUUID();
    const id = await this.settings.setIfAbsent(INSTANCE_ID, candidate);
    const created = id === candidate;
    if (created) {
      this.logger.info({ instanceId: id }, `Instance ID: ${id} (shown once; you will need it to create the first admin account)`);
    }
    return { id, created };
  }

  async instanceId(): Promise<string | undefined> {
    return this.settings.get<string>(INSTANCE_ID);
  }

  async requestHeartbeat(requestedBy: string): Promise<void> {
    await this.queue.enqueue(heartbeatJob, { requestedAt: new Date().toISOString(), requestedBy });
  }

  async lastHeartbeat(): Promise<WorkerHeartbeat | undefined> {
    return this.settings.get<WorkerHeartbeat>(WORKER_HEARTBEAT);
  }

  private async recordHeartbeat(requestedBy: string): Promise<void> {
    const heartbeat: WorkerHeartbeat = { at: new Date().toISOString(), host: hostname(), pid: process.pid, requestedBy };
    await this.settings.set(WORKER_HEARTBEAT, heartbeat);
  }
}
