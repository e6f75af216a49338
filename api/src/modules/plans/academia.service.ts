import { Injectable } from '@nestjs/common';
import {
  ACADEMIA_BACKLINK_DAYS,
  ACADEMIA_PLAN_TYPE,
  ACADEMIA_WARNING_DAYS_BEFORE,
  academiaApplicationBodySchema,
  type AcademiaApplicationBody,
  type AcademiaApplicationView,
} from '@loopwright/contracts';
import { AppError } from '../../core/errors/app-error.js';
import { DomainEventsService } from '../events/domain-events.service.js';
import { WorkspacesService } from '../workspaces/workspaces.service.js';
import { AcademiaRepository, type ApplicationRow } from './academia.repository.js';
import { SubscriptionsService } from './subscriptions.service.js';

const DAY_MS = 86_400_000;
const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function applicationView(row: ApplicationRow): AcademiaApplicationView {
  return {
    id: row.id,
    userId: row.userId,
    email: row.user.email,
    username: row.user.username,
    educatorEmail: row.educatorEmail,
    courseName: row.courseName,
    studentsCount: row.studentsCount,
    lessonPlan: row.lessonPlan,
    examCurriculum: row.examCurriculum,
    motivation: row.motivation,
    backlinkAcknowledged: row.backlinkAcknowledged,
    backlinkUrl: row.backlinkUrl,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    decidedAt: iso(row.decidedAt),
    backlinkDueAt: iso(row.backlinkDueAt),
    backlinkConfirmedAt: iso(row.backlinkConfirmedAt),
    revertedAt: iso(row.revertedAt),
  };
}

/**
 * The Academia plan (app.md §4): educators apply in onboarding, an instance admin approves, the
 * workspace gets the Academia plan, and it reverts to Public when the backlink is not confirmed
 * within 30 days (a warning e-mail goes out 7 days before). The job is idempotent.
 */
@Injectable()
export class AcademiaService {
  constructor(
    private readonly academia: AcademiaRepository,
    private readonly subscriptions: SubscriptionsService,
    private readonly workspaces: WorkspacesService,
    private readonly events: DomainEventsService,
  ) {}

  async apply(userId: string, body: AcademiaApplicationBody): Promise<AcademiaApplicationView> {
    const parsed = academiaApplicationBodySchema.parse(body);
    const workspaceId = await this.workspaces.personalId(userId);
    return this.events.transaction(async (tx, emit) => {
      if (await this.academia.hasPending(userId, tx)) throw new AppError('ACADEMIA_ALREADY_APPLIED');
      const row = await this.academia.create(userId, workspaceId, parsed, tx);
      await emit({
        type: 'AcademiaApplicationChanged',
        payload: { applicationId: row.id, userId, change: 'submitted' },
      });
      return applicationView(row);
    });
  }

  async mine(userId: string): Promise<AcademiaApplicationView | null> {
    const row = await this.academia.latestForUser(userId);
    return row ? applicationView(row) : null;
  }

  /** The educator tells us where the backlink is (an admin then confirms it). */
  async setBacklink(userId: string, backlinkUrl: string): Promise<AcademiaApplicationView> {
    const row = await this.academia.latestForUser(userId);
    if (!row) throw new AppError('ACADEMIA_NOT_FOUND');
    if (row.status !== 'approved') throw new AppError('ACADEMIA_NOT_APPROVED');
    return applicationView(await this.academia.setBacklink(row.id, backlinkUrl));
  }

  async list(status?: ApplicationRow['status']): Promise<AcademiaApplicationView[]> {
    return (await this.academia.list(status)).map(applicationView);
  }

  async decide(
    id: string,
    decision: 'approve' | 'reject' | 'confirm-backlink',
    now = new Date(),
  ): Promise<AcademiaApplicationView> {
    const found = await this.academia.find(id);
    if (!found) throw new AppError('ACADEMIA_NOT_FOUND');
    await this.events.transaction(async (tx, emit) => {
      if (decision === 'confirm-backlink') {
        if (!(await this.academia.transition(id, 'approved', { backlinkConfirmedAt: now }, tx)))
          throw new AppError('ACADEMIA_NOT_APPROVED');
        return;
      }
      const approve = decision === 'approve';
      const data = approve
        ? {
            status: 'approved' as const,
            decidedAt: now,
            backlinkDueAt: new Date(now.getTime() + ACADEMIA_BACKLINK_DAYS * DAY_MS),
          }
        : { status: 'rejected' as const, decidedAt: now };
      if (!(await this.academia.transition(id, 'pending', data, tx))) throw new AppError('CONFLICT');
      if (approve) {
        await this.subscriptions.applyChange(
          found.workspaceId,
          {
            planType: ACADEMIA_PLAN_TYPE,
            status: 'active',
            trialEndsAt: null,
            cancelAt: null,
            currentPeriodStart: now,
            currentPeriodEnd: data.backlinkDueAt ?? null,
            pendingPlanType: null,
            pendingBillingCycle: null,
            pendingChangeAt: null,
          },
          { reason: 'academia_approved', tx, emit },
        );
      }
      await emit({
        type: 'AcademiaApplicationChanged',
        payload: { applicationId: id, userId: found.userId, change: approve ? 'approved' : 'rejected' },
      });
    });
    return applicationView((await this.academia.find(id))!);
  }

  /** The repeatable job: warnings, then reversions. Returns what it did (tests read it). */
  async runBacklinkDeadlines(now = new Date()): Promise<{ warned: number; reverted: number }> {
    let warned = 0;
    let reverted = 0;
    for (const row of await this.academia.dueWarnings(
      now,
      new Date(now.getTime() + ACADEMIA_WARNING_DAYS_BEFORE * DAY_MS),
    )) {
      const done = await this.events.transaction(async (tx, emit) => {
        if (!(await this.academia.markWarned(row.id, now, tx))) return false;
        await emit({
          type: 'AcademiaApplicationChanged',
          payload: { applicationId: row.id, userId: row.userId, change: 'backlink_warning' },
        });
        return true;
      });
      if (done) warned++;
    }
    for (const row of await this.academia.dueReversions(now)) {
      const done = await this.events.transaction(async (tx, emit) => {
        if (!(await this.academia.transition(row.id, 'approved', { status: 'reverted', revertedAt: now }, tx)))
          return false;
        const current = await this.subscriptions.current(row.workspaceId, tx);
        if (current.plan.type === ACADEMIA_PLAN_TYPE)
          await this.subscriptions.downgradeToPublic(row.workspaceId, 'academia_reverted', { tx, emit });
        await emit({
          type: 'AcademiaApplicationChanged',
          payload: { applicationId: row.id, userId: row.userId, change: 'reverted' },
        });
        return true;
      });
      if (done) reverted++;
    }
    return { warned, reverted };
  }
}
