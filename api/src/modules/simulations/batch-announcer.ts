import { Injectable } from '@nestjs/common';
import { RealtimeEvents } from '@loopwright/contracts';
import type { BatchJobInput } from '../plays/play-batches.service.js';
import { playWork } from './batch-work.js';
import { RealtimePublisher } from '../realtime/realtime.publisher.js';

/** A batch's live events on its author's sockets: progress summed over its blocks, and its end. */
@Injectable()
export class BatchAnnouncer {
  constructor(private readonly realtime: RealtimePublisher) {}

  progress(batch: BatchJobInput, completed: number): void {
    if (batch.authorId)
      this.realtime.toUser(batch.authorId, RealtimeEvents.playProgress, {
        playId: batch.play.id,
        fuid: batch.play.fuid,
        completed,
        total: playWork(batch).total,
      });
  }

  finished(batch: BatchJobInput, status: 'done' | 'failed' | 'cancelled'): void {
    if (batch.authorId)
      this.realtime.toUser(batch.authorId, RealtimeEvents.playFinished, {
        playId: batch.play.id,
        fuid: batch.play.fuid,
        status,
      });
  }
}
