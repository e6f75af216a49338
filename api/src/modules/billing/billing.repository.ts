import { Injectable } from '@nestjs/common';
import { PrismaService, type TransactionClient } from '../../core/prisma/prisma.service.js';
import type { Prisma } from '../../generated/prisma/client.js';

/** The only file that touches billing_accounts and stripe_events. */
@Injectable()
export class BillingRepository {
  constructor(private readonly prisma: PrismaService) {}

  account(workspaceId: string, tx: TransactionClient = this.prisma) {
    return tx.billingAccount.findUnique({ where: { workspaceId } });
  }

  /** The workspace's row, made on first use and locked for the rest of the transaction. */
  async lockAccount(workspaceId: string, tx: TransactionClient) {
    await tx.billingAccount.upsert({ where: { workspaceId }, create: { workspaceId }, update: {} });
    await tx.$queryRaw`SELECT id FROM billing_accounts WHERE workspace_id = ${workspaceId}::uuid FOR UPDATE`;
    return (await tx.billingAccount.findUnique({ where: { workspaceId } }))!;
  }

  updateAccount(
    workspaceId: string,
    data: { openInvoiceId?: string | null; invoiceEventAt?: Date | null; taxIdCheckedAt?: Date | null },
    tx: TransactionClient = this.prisma,
  ) {
    return tx.billingAccount.upsert({ where: { workspaceId }, create: { ...data, workspaceId }, update: data });
  }

  /** Stores a verified event once; answers whether it still needs processing (false for a replay already processed). */
  async storeEvent(event: { id: string; type: string; created: number; payload: unknown }): Promise<boolean> {
    const stored = await this.prisma.stripeEvent.upsert({
      where: { stripeEventId: event.id },
      create: {
        stripeEventId: event.id,
        type: event.type,
        stripeCreatedAt: new Date(event.created * 1000),
        payload: event.payload as Prisma.InputJsonValue,
      },
      update: {},
      select: { processedAt: true },
    });
    return stored.processedAt === null;
  }

  /** True when this transaction may process the event (another delivery of it did not get there first). */
  async claimEvent(stripeEventId: string, tx: TransactionClient): Promise<boolean> {
    const rows = await tx.$queryRaw<
      { processed_at: Date | null }[]
    >`SELECT processed_at FROM stripe_events WHERE stripe_event_id = ${stripeEventId} FOR UPDATE`;
    return rows.length === 1 && rows[0].processed_at === null;
  }

  markProcessed(stripeEventId: string, outcome: string, tx: TransactionClient) {
    return tx.stripeEvent.update({ where: { stripeEventId }, data: { outcome, processedAt: new Date() } });
  }
}
