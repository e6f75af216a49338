import { Injectable } from '@nestjs/common';
import {
  DiagramErrorCode,
  DiagramLimits,
  DiagramTexts,
  type BatchStats,
  type Play,
  type PlayWithValues,
  type StudyRecord,
} from '@loopwright/contracts';
import type { z } from 'zod';
import type { batchBodySchema, createPlayBodySchema, listPlaysQuerySchema, StudyBody } from '@loopwright/contracts';
import { studyCost, StudyInputError, type StudyCost, type StudySettings } from '@loopwright/engine';
import type { Caller } from '../../core/auth/caller.js';
import { AppError } from '../../core/errors/app-error.js';
import { QueueService } from '../../core/queue/queue.service.js';
import type { Prisma } from '../../generated/prisma/client.js';
import { DiagramAccessService } from '../diagrams/diagram-access.service.js';
import { userRefView } from '../diagrams/diagram-view.js';
import type { DiagramMeta } from '../diagrams/diagram-meta.js';
import { DiagramCountersService } from '../diagrams/diagram-counters.service.js';
import { DiagramsService } from '../diagrams/diagrams.service.js';
import { EntitlementsService } from '../plans/entitlements.service.js';
import { simulationsBatchJob } from './plays.jobs.js';
import { PlaysRepository, type PlayRow } from './plays.repository.js';

type CreatePlay = z.infer<typeof createPlayBodySchema>;
type BatchRequest = z.infer<typeof batchBodySchema>;
type ListQuery = z.infer<typeof listPlaysQuerySchema>;

export function playView(p: PlayRow): Play {
  return {
    id: p.id,
    fuid: p.diagram.fuid,
    kind: p.kind,
    status: p.status,
    name: p.name,
    diagramVersion: p.diagramVersion,
    seed: p.seed,
    runs: p.runs,
    completedRuns: p.completedRuns,
    steps: p.steps,
    totalSteps: p.totalSteps,
    endReasons: p.endReasons as Record<string, number>,
    author: p.author ? userRefView(p.author) : null,
    server: p.server,
    error: p.error,
    createdAt: p.createdAt.toISOString(),
    finishedAt: p.finishedAt?.toISOString() ?? null,
  };
}

const json = (value: unknown) => value as Prisma.InputJsonValue;

/** Play history: runs the editor made and stored, and server batches (queued here, run by the simulations job). */
@Injectable()
export class PlaysService {
  constructor(
    private readonly plays: PlaysRepository,
    private readonly access: DiagramAccessService,
    private readonly diagrams: DiagramsService,
    private readonly queue: QueueService,
    private readonly entitlements: EntitlementsService,
    private readonly counters: DiagramCountersService,
  ) {}

  async list(fuid: string, caller: Caller, query: ListQuery) {
    const { diagram } = await this.access.require(fuid, caller, 'viewer', DiagramTexts.notFound);
    const { rows, total } = await this.plays.list(
      diagram.id,
      query.kind,
      (query.page - 1) * query.pageSize,
      query.pageSize,
    );
    return { items: rows.map(playView), total, page: query.page, pageSize: query.pageSize };
  }

  async get(fuid: string, caller: Caller, playId: string): Promise<PlayWithValues> {
    const { diagram } = await this.access.require(fuid, caller, 'viewer');
    const play = await this.plays.find(diagram.id, playId);
    if (!play) throw new AppError(DiagramErrorCode.PLAY_NOT_FOUND);
    return {
      ...playView(play),
      series: (play.series as Record<string, number[]> | null) ?? null,
      stats: (play.stats as BatchStats | null) ?? null,
      study: play.kind === 'study' ? studyRecordOf(play.options) : null,
    };
  }

  async create(fuid: string, caller: Caller, body: CreatePlay): Promise<PlayWithValues> {
    const { diagram } = await this.access.require(fuid, caller, 'editor');
    requireSaved(diagram);
    if (body.diagramVersion > diagram.version)
      throw AppError.validation(
        { fields: [{ field: 'diagramVersion', message: 'This version of the diagram does not exist yet' }] },
        'This version of the diagram does not exist yet',
      );
    const points = Object.values(body.series ?? {}).reduce((sum, s) => sum + s.length, 0);
    // A study's answer counts like series points: one per number it keeps.
    const studyPoints = body.study ? JSON.stringify(body.study).length / 8 : 0;
    if ((body.kind === 'study') !== (body.study !== undefined))
      throw AppError.validation(
        { fields: [{ field: 'study', message: 'A balance study, and only a study, carries its settings' }] },
        'A balance study, and only a study, carries its settings',
      );
    if (points + studyPoints > DiagramLimits.maxPlaySeriesPoints)
      throw new AppError(DiagramErrorCode.PLAY_TOO_LARGE, { details: { limit: DiagramLimits.maxPlaySeriesPoints } });
    // Plan limits: steps of a run, and multiple runs ("Predictions") per month.
    await this.entitlements.assertWithin(diagram.workspaceId, 'runSteps', body.steps);
    const play = await this.record({
      diagramId: diagram.id,
      workspaceId: diagram.workspaceId,
      authorId: caller.userId,
      kind: body.kind,
      status: 'done',
      name: body.name ?? null,
      diagramVersion: body.diagramVersion,
      seed: body.seed,
      runs: body.runs,
      completedRuns: body.runs,
      steps: body.steps,
      totalSteps: body.totalSteps ?? body.steps * body.runs,
      endReasons: json(body.endReasons),
      series: body.series ? json(body.series) : undefined,
      stats: body.stats ? json(body.stats) : undefined,
      options: body.study ? json(body.study) : undefined,
      server: false,
      finishedAt: new Date(),
    });
    return { ...playView(play), series: body.series ?? null, stats: body.stats ?? null, study: body.study ?? null };
  }

  async delete(fuid: string, caller: Caller, playId: string): Promise<void> {
    const { diagram } = await this.access.require(fuid, caller, 'editor');
    const deleted = await this.plays.transaction(async (tx) => {
      const count = await this.plays.delete(diagram.id, playId, tx);
      if (count) await this.counters.add(diagram.id, { playCount: -count }, tx);
      return count;
    });
    if (!deleted) throw new AppError(DiagramErrorCode.PLAY_NOT_FOUND, { message: DiagramTexts.playDeleteFailed });
  }

  /**
   * Stores the play and counts it on its diagram, in one transaction; a multiple run first checks
   * the month's Predictions under the workspace lock, so concurrent batches cannot pass the limit.
   */
  private record(data: Prisma.PlayUncheckedCreateInput) {
    return this.plays.transaction(async (tx) => {
      if (data.kind === 'multiple') await this.entitlements.assertMonthlyPredictionAvailable(data.workspaceId, tx);
      const play = await this.plays.create(data, tx);
      await this.counters.add(data.diagramId, { playCount: 1 }, tx);
      return play;
    });
  }

  /** Stops a server batch that is queued or running; the job sees it and aborts the engine. */
  async cancel(fuid: string, caller: Caller, playId: string): Promise<Play> {
    const { diagram } = await this.access.require(fuid, caller, 'editor');
    const play = await this.plays.find(diagram.id, playId);
    if (!play) throw new AppError(DiagramErrorCode.PLAY_NOT_FOUND, { message: DiagramTexts.batchStopFailed });
    if (
      !(await this.plays.transition(playId, ['queued', 'running'], { status: 'cancelled', finishedAt: new Date() }))
    ) {
      throw new AppError(DiagramErrorCode.PLAY_NOT_RUNNING, { details: { status: play.status } });
    }
    return playView({ ...play, status: 'cancelled', finishedAt: new Date() });
  }

  /**
   * Queues a balance study on the server against the document as it is now: checked (levers,
   * expressions), held to the plan's runs per study and run steps, then cut into blocks of
   * evaluations by the simulations job like a batch (progress, cancel and faults the same).
   */
  async submitStudy(fuid: string, caller: Caller, body: StudyBody): Promise<{ play: Play; evaluations: number }> {
    const { diagram } = await this.access.require(fuid, caller, 'editor');
    requireSaved(diagram);
    await this.assertRoomForAnotherBatch(caller.userId);
    const document = await this.diagrams.documentOf(diagram.id);
    const settings: StudySettings = {
      kind: body.kind,
      levers: body.levers,
      goals: body.goals,
      objective: body.objective,
      budget: body.budget,
      metric: body.metric,
      method: body.method ?? (body.kind === 'sweep' ? 'grid' : 'sobol'),
      samples: body.samples,
      runs: body.runs,
      seed: body.seed ?? document.settings.seed ?? 0,
    };
    let cost: StudyCost;
    try {
      cost = studyCost(document, settings);
    } catch (e) {
      if (!(e instanceof StudyInputError)) throw e;
      throw AppError.validation({ fields: [{ field: 'study', message: e.message }] }, e.message);
    }
    await this.entitlements.assertWithin(diagram.workspaceId, 'runSteps', cost.steps);
    await this.entitlements.assertWithin(diagram.workspaceId, 'studyRuns', cost.runs);
    const study: StudyRecord = {
      type: settings.kind,
      levers: settings.levers,
      goals: settings.kind === 'solve' ? settings.goals : [],
      result: {},
    };
    if (settings.kind === 'solve') {
      study.budget = settings.budget;
      if (settings.objective) study.objective = settings.objective;
    } else {
      study.metric = settings.metric;
      study.method = settings.method;
      study.samples = settings.samples;
    }
    const play = await this.record({
      diagramId: diagram.id,
      workspaceId: diagram.workspaceId,
      authorId: caller.userId,
      kind: 'study',
      status: 'queued',
      name: body.name ?? null,
      diagramVersion: diagram.version,
      seed: settings.seed,
      runs: settings.runs,
      completedRuns: 0,
      steps: 0,
      server: true,
      options: json({ document, settings, evaluations: cost.evaluations, steps: cost.steps, study }),
    });
    await this.enqueueServerPlay(play.id);
    return { play: playView(play), evaluations: cost.evaluations };
  }

  /** Queues a multiple run on the server against the document as it is now (kept with the play). */
  async submitBatch(fuid: string, caller: Caller, body: BatchRequest): Promise<Play> {
    const { diagram } = await this.access.require(fuid, caller, 'editor');
    requireSaved(diagram);
    await this.assertRoomForAnotherBatch(caller.userId);
    const document = await this.diagrams.documentOf(diagram.id);
    await this.entitlements.assertWithin(diagram.workspaceId, 'runSteps', body.steps ?? document.settings.stepsLimit);
    const play = await this.record({
      diagramId: diagram.id,
      workspaceId: diagram.workspaceId,
      authorId: caller.userId,
      kind: 'multiple',
      status: 'queued',
      name: body.name ?? null,
      diagramVersion: diagram.version,
      seed: body.seed ?? document.settings.seed ?? 0,
      runs: body.runs,
      completedRuns: 0,
      steps: 0,
      server: true,
      options: json({ document, steps: body.steps ?? null, percentiles: body.percentiles ?? null }),
    });
    await this.enqueueServerPlay(play.id);
    return playView(play);
  }

  /** Server batches and studies a user may have queued or running at once. */
  private async assertRoomForAnotherBatch(userId: string): Promise<void> {
    if ((await this.plays.countActiveBatches(userId)) >= DiagramLimits.batchMaxActivePerUser) {
      throw new AppError(DiagramErrorCode.PLAY_LIMIT_REACHED, {
        details: { limit: DiagramLimits.batchMaxActivePerUser },
      });
    }
  }

  /** Hands a stored server play (batch or study) to the simulations job; without a queue it fails at once. */
  private async enqueueServerPlay(playId: string): Promise<void> {
    try {
      await this.queue.enqueue(simulationsBatchJob, { playId }, { jobId: playId });
    } catch {
      await this.plays.transition(playId, ['queued'], {
        status: 'failed',
        error: DiagramTexts.batchFailed,
        finishedAt: new Date(),
      });
      throw new AppError(DiagramErrorCode.PLAY_QUEUE_UNAVAILABLE);
    }
  }
}

/** A study's record: a server study keeps it beside its document snapshot and settings; a stored one is the record itself. */
function studyRecordOf(options: unknown): StudyRecord {
  const o = options as { study?: StudyRecord } & StudyRecord;
  return o.study ?? o;
}

function requireSaved(diagram: DiagramMeta): void {
  if (diagram.version < 1) throw new AppError(DiagramErrorCode.DIAGRAM_NOT_SAVED);
}
