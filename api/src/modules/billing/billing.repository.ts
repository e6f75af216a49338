import { Injectable } from '@nestjs/common';
import { PrismaService, type TransactionClient } from '../../core/prisma/prisma.service.js';
import type { Prisma } from '../../generated/prisma/client.js';

export type BillingAccountRecord = NonNullable<Awaited<ReturnType<BillingRepository['byWorkspace']>>>;

/** The only file that touches billing_accounts and stripe_events. */
@Injectable()
export class BillingRepository {
  constructor(private readonly prisma: PrismaService) {}

  transaction<T>(run: (tx: TransactionClient) => Promise<T>): Promise<T> {
    return this.prisma.$transaction(run);
  }

  byWorkspace(workspaceId: string, tx: TransactionClient = this.prisma) {
    return tx.billingAccount.findUnique({ where: { workspaceId } });
  }

  byCustomer(stripeCustomerId: string, tx: TransactionClient = this.prisma) {
    return tx.billingAccount.findUnique({ where: { stripeCustomerId } });
  }

  /** Keeps the first customer when two requests race (the unique workspace_id decides). */
  async createAccount(workspaceId: string, stripeCustomerId: string) {
    return this.prisma.billingAccount.upsert({ where: { workspaceId }, create: { workspaceId, stripeCustomerId }, update: {} });
  }

  /** Locks the account row for the rest of the transaction (webhooks for one customer apply one at a time). */
  async lockByCustomer(stripeCustomerId: string, tx: TransactionClient) {
    const rows = await tx.$queryRaw<{ id: string }[]>`SELECT id FROM billing_accounts WHERE stripe_customer_id = ${stripeCustomerId} FOR UPDATE`;
    return rows.length ? tx.billingAccount.findUnique({ where: { stripeCustomerId } }) : null;
  }

  update(id: string, data: Prisma.BillingAccountUpdateInput, tx: TransactionClient = this.prisma) {
    return tx.billingAccount.update({ where: { id }, data });
  }

  /** Stores a verified event once; answers whether it still needs processing (false for a replay already processed). */
  async storeEvent(event: { id: string; type: string; created: number; payload: unknown }): Promise<boolean> {
    const stored = await this.prisma.stripeEvent.upsert({
      where: { stripeEventId: event.id },
      create: { stripeEventId: event.id, type: event.type, stripeCreatedAt: new Date(event.created * 1000), payload: event.payload as Prisma.InputJsonValue },
      update: {},
      select: { processedAt: true },
    });
    return stored.processedAt === null;
  }

  markProcessed(stripeEventId: string, outcome: string, tx: TransactionClient = this.prisma) {
    return tx.stripeEvent.update({ where: { stripeEventId }, data: { outcome, processedAt: new Date() } });
  }

  /** Processed in this transaction unless another delivery of the same event got there first. */
  async claimEvent(stripeEventId: string, tx: TransactionClient): Promise<boolean> {
    const rows = await tx.$queryRaw<{ processed_at: Date | null }[]>`SELECT processed_at FROM stripe_events WHERE stripe_event_id = ${stripeEventId} FOR UPDATE`;
    return rows.length === 1 && rows[0].processed_at === null;
  }

  eventsOf(type?: string) {
    return this.prisma.stripeEvent.findMany({ where: type ? { type } : {}, orderBy: { stripeCreatedAt: 'asc' }, select: { stripeEventId: true, type: true, outcome: true, processedAt: true } });
  }
}
