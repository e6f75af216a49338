import { Global, Module } from '@nestjs/common';
import { JobRegistry } from './job-registry.js';
import { QueueService } from './queue.service.js';

@Global()
@Module({ providers: [JobRegistry, QueueService], exports: [JobRegistry, QueueService] })
export class QueueModule {}
