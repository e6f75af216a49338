import { Injectable } from '@nestjs/common';
import { PlanType, type AdminUser, type PlanView } from '@loopwright/contracts';
import { AppError } from '../../core/errors/app-error.js';
import { PrismaService, type TransactionClient } from '../../core/prisma/prisma.service.js';
import { AuditLogService } from '../audit/audit-log.service.js';
import { RegistrationService } from '../auth/registration.service.js';
import { SessionsService } from '../auth/sessions.service.js';
import { SubscriptionsService } from '../plans/subscriptions.service.js';
import { UsersService } from '../users/users.service.js';

const PAGE_SIZE = 50;

type Row = {
  id: string;
  email: string;
  username: string | null;
  firstName: string | null;
  lastName: string | null;
  role: 'user' | 'admin';
  emailConfirmedAt: Date | null;
  disabledAt: Date | null;
  subscriptionPlan: number;
  createdAt: Date;
  lastLoginAt: Date | null;
};

type PlanFacts = Pick<PlanView, 'type' | 'displayName'>;

/** "Public (free)"; other plans by name (Enterprise costs nothing through the app, but is not the free plan). */
function planName(plan: PlanFacts): string {
  return plan.type === PlanType.COMMUNITY ? `${plan.displayName} (free)` : plan.displayName;
}

function accountState(user: Row): AdminUser['state'] {
  return user.disabledAt ? 'disabled' : user.emailConfirmedAt ? 'confirmed' : 'unconfirmed';
}

function adminUserView(user: Row, plan: PlanFacts): AdminUser {
  return {
    id: user.id,
    email: user.email,
    username: user.username,
    name: [user.firstName, user.lastName].filter(Boolean).join(' '),
    role: user.role,
    state: accountState(user),
    plan: { type: plan.type, name: planName(plan) },
    createdAt: user.createdAt.toISOString(),
    lastLoginAt: user.lastLoginAt?.toISOString() ?? null,
  };
}

/** What the audit log keeps of an account's change: its state before and after. */
function stateChange(before: Row, after: Row) {
  return { before: { state: accountState(before) }, after: { state: accountState(after) } };
}

/** The admin users screen: confirm, resend, disable, enable and delete accounts. */
@Injectable()
export class AdminUsersService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly users: UsersService,
    private readonly registration: RegistrationService,
    private readonly sessions: SessionsService,
    private readonly subscriptions: SubscriptionsService,
    private readonly audit: AuditLogService,
  ) {}

  /**
   * The account as the screen shows it, with the plan whose limits apply to its own workspace now:
   * the subscription's, or on a self-hosted instance (billing off) the plan the administrator chose.
   */
  private async view(user: Row): Promise<AdminUser> {
    return adminUserView(user, (await this.subscriptions.currentForUser(user.id)).effectivePlan);
  }

  async list(query: { page: number; search?: string; state?: AdminUser['state'] }) {
    const { entries, total } = await this.users.adminPage(query, query.page, PAGE_SIZE);
    const views = await Promise.all(entries.map((user) => this.view(user)));
    return { entries: views, total, page: query.page, pageSize: PAGE_SIZE };
  }

  async confirm(callerId: string, id: string) {
    const user = await this.require(id);
    if (user.emailConfirmedAt) return { user: await this.view(user), message: `${user.email} was already confirmed.` };
    const updated = await this.prisma.$transaction(async (tx) => {
      const changed = await this.users.update(id, { emailConfirmedAt: new Date() }, tx);
      await this.audit.record(
        { actorId: callerId, action: 'user.confirmed', target: user.email, ...stateChange(user, changed) },
        tx,
      );
      return changed;
    });
    return { user: await this.view(updated), message: `${user.email} is confirmed and can log in.` };
  }

  async resendConfirmation(id: string, ip: string) {
    const user = await this.require(id);
    if (user.emailConfirmedAt)
      throw new AppError('ADMIN_USER_ALREADY_CONFIRMED', { message: `${user.email} is already confirmed.` });
    if (!user.passwordHash)
      throw new AppError('ADMIN_USER_NO_PASSWORD', {
        message: `${user.email} signs in with Google and needs no confirmation e-mail: confirm the account instead.`,
      });
    await this.registration.resendConfirmation(user.email, ip);
    return {
      user: await this.view(user),
      message: `A new confirmation e-mail is on its way to ${user.email} (see the mail log).`,
    };
  }

  async disable(callerId: string, id: string) {
    if (callerId === id) throw new AppError('ADMIN_CANNOT_DISABLE_SELF');
    const user = await this.prisma.$transaction(async (tx) => {
      const target = await this.require(id, tx);
      await this.assertNotLastAdmin(target, tx);
      const changed = await this.users.update(id, { disabledAt: target.disabledAt ?? new Date() }, tx);
      await this.audit.record(
        { actorId: callerId, action: 'user.disabled', target: target.email, ...stateChange(target, changed) },
        tx,
      );
      return changed;
    });
    await this.sessions.revokeAll(id, 'account disabled by an administrator');
    return {
      user: await this.view(user),
      message: `${user.email} is disabled: they cannot log in, and their sessions have ended.`,
    };
  }

  async enable(callerId: string, id: string) {
    const user = await this.prisma.$transaction(async (tx) => {
      const target = await this.require(id, tx);
      const changed = await this.users.update(id, { disabledAt: null }, tx);
      await this.audit.record(
        { actorId: callerId, action: 'user.enabled', target: target.email, ...stateChange(target, changed) },
        tx,
      );
      return changed;
    });
    return { user: await this.view(user), message: `${user.email} can log in again.` };
  }

  async delete(callerId: string, id: string) {
    if (callerId === id) throw new AppError('ADMIN_CANNOT_DELETE_SELF');
    const email = await this.prisma.$transaction(async (tx) => {
      const target = await this.require(id, tx);
      await this.assertNotLastAdmin(target, tx);
      await this.users.delete(id, tx);
      await this.audit.record(
        {
          actorId: callerId,
          action: 'user.deleted',
          target: target.email,
          before: { state: accountState(target), role: target.role },
        },
        tx,
      );
      return target.email;
    });
    return { message: `${email} and everything they owned are deleted.` };
  }

  private async require(id: string, tx?: TransactionClient) {
    const user = await this.users.findById(id, tx);
    if (!user) throw AppError.notFound('No such user');
    return user;
  }

  private async assertNotLastAdmin(target: { role: string }, tx: TransactionClient) {
    if (target.role !== 'admin') return;
    // Serialise with other admin changes so two admins cannot remove each other at once.
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(4242001)`;
    const others = await this.users.countActiveAdmins(tx);
    if (others <= 1) throw new AppError('ADMIN_LAST_ADMIN');
  }
}
