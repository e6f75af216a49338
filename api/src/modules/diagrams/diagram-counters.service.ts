import { Injectable } from '@nestjs/common';
import type { TransactionClient } from '../../core/prisma/prisma.service.js';
import { DiagramsRepository, type DiagramCounter } from './diagrams.repository.js';

/**
 * The counters kept on a diagram's row for the lists that sort by them (plays, likes, views). The
 * module that records the play, like or view moves them in its own transaction, through here.
 */
@Injectable()
export class DiagramCountersService {
  constructor(private readonly diagrams: DiagramsRepository) {}

  /** Adds `by` to each counter; answers the like count after the change. */
  add(diagramId: string, by: Partial<Record<DiagramCounter, number>>, tx: TransactionClient): Promise<number> {
    return this.diagrams.addToCounters(diagramId, by, tx);
  }
}
