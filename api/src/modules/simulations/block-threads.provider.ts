import { availableParallelism } from 'node:os';
import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import { BlockThreads } from '@loopwright/engine/node';
import type { AppConfig } from '../../config/config.js';
import { APP_CONFIG } from '../../core/tokens.js';

/** Blocks a worker process runs at once (one per thread): WORKER_THREADS, else one per core. */
export function workerThreads(config: AppConfig): number {
  return config.WORKER_THREADS ?? availableParallelism();
}

/** This process's block threads (started on the first block, ended with the process). */
@Injectable()
export class SimulationThreads implements OnModuleDestroy {
  readonly threads: BlockThreads;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.threads = new BlockThreads(workerThreads(config));
  }

  async onModuleDestroy(): Promise<void> {
    await this.threads.close();
  }
}
