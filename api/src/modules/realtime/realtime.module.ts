import { Global, Module } from '@nestjs/common';
import { RealtimeGateway } from './realtime.gateway.js';
import { RealtimePublisher } from './realtime.publisher.js';

/** Live updates over Socket.IO; the publisher works in apps and workers alike. */
@Global()
@Module({ providers: [RealtimePublisher, RealtimeGateway], exports: [RealtimePublisher, RealtimeGateway] })
export class RealtimeModule {}
