import { Injectable } from '@nestjs/common';
import { PlanTexts, type DomainEvent } from '@loopwright/contracts';
import type { TransactionClient } from '../../core/prisma/prisma.service.js';
import { EventConsumers, type AfterCommit } from '../events/event-consumers.js';
import { MailService } from '../mail/mail.service.js';
import { NotificationsService } from '../notifications/notifications.service.js';
import { PlansRepository } from './plans.repository.js';

const TYPES = ['SubscriptionChanged', 'AcademiaApplicationChanged'] as const;
const fill = (text: string, values: Record<string, string>) =>
  text.replace(/\{(\w+)\}/g, (_m, key: string) => values[key] ?? '');

/**
 * The in-app notices and e-mails that follow plan changes: trial ended, Academia decided, warned,
 * reverted. Both are written in the delivery's transaction, so a redelivered event adds nothing.
 */
@Injectable()
export class PlansEventsConsumer {
  constructor(
    consumers: EventConsumers,
    private readonly notifications: NotificationsService,
    private readonly mail: MailService,
    private readonly plans: PlansRepository,
  ) {
    consumers.register({ name: 'plans-notices', types: TYPES, handle: (event, tx) => this.handle(event, tx) });
  }

  async handle(event: DomainEvent<(typeof TYPES)[number]>, tx: TransactionClient): Promise<AfterCommit | void> {
    if (event.type === 'SubscriptionChanged') {
      const p = event.payload;
      // Stripe's webhooks: a change, or the end (a cancelled subscription goes back to Public as 'canceled').
      if (p.reason === 'stripe' || p.reason === 'canceled') return this.paidPlanChanged(p, tx);
      if (p.reason !== 'trial_expired') return;
      const owner = await this.plans.user(p.ownerId, tx);
      if (!owner) return;
      const trialPlan = (p.previousPlan && (await this.plans.planByName(p.previousPlan, tx))?.displayName) ?? 'paid';
      const push = await this.notifications.addInTransaction(
        tx,
        owner.id,
        'warning',
        fill(PlanTexts.trialEndedNotice, { plan: trialPlan }),
        '/plans',
      );
      const mailId = await this.mail.record('trial-ended', owner.email, { planName: trialPlan }, tx);
      return async () => {
        push();
        await this.mail.dispatch(mailId);
      };
    }
    return this.academiaChanged(event.payload, tx);
  }

  /** A paid plan that ended (cancelled or expired) or changed to another plan: the owner is told in the app and by e-mail. */
  private async paidPlanChanged(
    p: DomainEvent<'SubscriptionChanged'>['payload'],
    tx: TransactionClient,
  ): Promise<AfterCommit | void> {
    const lapsed = (status: string | null) => status === 'canceled' || status === 'expired';
    const ended = lapsed(p.status) && !lapsed(p.previousStatus);
    const changed =
      !ended &&
      !lapsed(p.status) &&
      p.previousPlan !== null &&
      p.previousPlan !== 'community' &&
      p.previousPlan !== p.plan;
    if (!ended && !changed) return;
    const owner = await this.plans.user(p.ownerId, tx);
    if (!owner) return;
    const previousPlanName =
      (p.previousPlan && (await this.plans.planByName(p.previousPlan, tx))?.displayName) ?? p.planDisplayName;
    const text = ended
      ? fill(PlanTexts.planEndedNotice, { plan: previousPlanName })
      : fill(PlanTexts.planChangedNotice, { previous: previousPlanName, plan: p.planDisplayName });
    const push = await this.notifications.addInTransaction(
      tx,
      owner.id,
      ended ? 'warning' : 'info',
      text,
      '/settings/billing',
    );
    const mailId = await this.mail.record(
      'plan-changed',
      owner.email,
      { kind: ended ? 'ended' : 'changed', planName: p.planDisplayName, previousPlanName },
      tx,
    );
    return async () => {
      push();
      await this.mail.dispatch(mailId);
    };
  }

  private async academiaChanged(
    p: DomainEvent<'AcademiaApplicationChanged'>['payload'],
    tx: TransactionClient,
  ): Promise<AfterCommit | void> {
    const user = await this.plans.user(p.userId, tx);
    if (!user) return;
    const notices = {
      approved: ['info', PlanTexts.academiaApprovedNotice],
      rejected: ['info', PlanTexts.academiaRejectedNotice],
      reverted: ['warning', PlanTexts.academiaRevertedNotice],
    } as const;
    const notice = p.change in notices ? notices[p.change as keyof typeof notices] : null;
    const push = notice
      ? await this.notifications.addInTransaction(tx, user.id, notice[0], notice[1], '/settings/billing')
      : undefined;
    const mailId =
      p.change === 'submitted' ? null : await this.mail.record('academia-update', user.email, { change: p.change }, tx);
    return async () => {
      push?.();
      if (mailId) await this.mail.dispatch(mailId);
    };
  }
}
