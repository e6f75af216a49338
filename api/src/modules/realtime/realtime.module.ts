import { Global, Module } from '@nestjs/common';
import { RealtimePublisher } from './realtime.publisher.js';

/** Sending live updates over Socket.IO; the publisher works in apps and workers alike. */
@Global()
@Module({ providers: [RealtimePublisher], exports: [RealtimePublisher] })
export class RealtimeModule {}
