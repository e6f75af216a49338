import { Module } from '@nestjs/common';
import { DiagramsModule } from '../diagrams/diagrams.module.js';
import { RealtimeGateway } from './realtime.gateway.js';

/** The Socket.IO server the app attaches to its HTTP server: sockets join rooms the access service allows. */
@Module({ imports: [DiagramsModule], providers: [RealtimeGateway], exports: [RealtimeGateway] })
export class RealtimeGatewayModule {}
