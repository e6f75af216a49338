import { Injectable } from '@nestjs/common';
import { CURRENCY, type BillingAccountDetails, type BillingInvoice } from '@loopwright/contracts';
import type { Caller } from '../../core/auth/caller.js';
import { SubscriptionsService } from '../plans/subscriptions.service.js';
import { BillingAccess } from './billing-access.js';
import { BillingRepository } from './billing.repository.js';
import { BillingService } from './billing.service.js';
import { invoiceStatus, taxIdStatus } from './stripe-mapping.js';
import { StripeGateway } from './stripe-gateway.js';

const EMPTY: BillingAccountDetails = {
  companyName: '',
  invoicingEmail: '',
  address: { line1: '', postalCode: '', city: '', country: '' },
  balance: { amount: 0, currency: CURRENCY.toLowerCase() },
  taxId: null,
};

/**
 * Account details (company name, invoicing e-mail, billing address, balance, tax ID with its VIES
 * result) and billing history: all held by Stripe on the workspace's customer, read and written there.
 */
@Injectable()
export class BillingAccountService {
  constructor(
    private readonly stripe: StripeGateway,
    private readonly access: BillingAccess,
    private readonly repository: BillingRepository,
    private readonly billing: BillingService,
    private readonly subscriptions: SubscriptionsService,
  ) {}

  private async customerId(workspaceId: string): Promise<string | null> {
    return (await this.subscriptions.current(workspaceId)).stripeCustomerId;
  }

  private async checkedAt(workspaceId: string): Promise<Date | null> {
    return (await this.repository.account(workspaceId))?.taxIdCheckedAt ?? null;
  }

  async invoices(caller: Caller, workspaceId?: string): Promise<BillingInvoice[]> {
    const scope = await this.access.scope(caller, workspaceId, 'manage');
    const customer = await this.customerId(scope.workspaceId);
    if (!customer) return [];
    const list = await this.stripe.invoices(customer);
    return list.data.flatMap((invoice) => {
      const status = invoiceStatus(invoice.status);
      return status
        ? [
            {
              id: invoice.id,
              number: invoice.number,
              status,
              amount: invoice.total,
              currency: invoice.currency,
              createdAt: new Date(invoice.created * 1000).toISOString(),
              pdfUrl: invoice.invoice_pdf ?? null,
            },
          ]
        : [];
    });
  }

  async details(caller: Caller, workspaceId?: string): Promise<BillingAccountDetails> {
    const scope = await this.access.scope(caller, workspaceId, 'manage');
    const customer = await this.customerId(scope.workspaceId);
    return customer ? this.read(customer, await this.checkedAt(scope.workspaceId)) : EMPTY;
  }

  private async read(customerId: string, taxIdCheckedAt: Date | null): Promise<BillingAccountDetails> {
    const [customer, taxIds] = await Promise.all([this.stripe.customer(customerId), this.stripe.taxIds(customerId)]);
    if (!customer) return EMPTY;
    const taxId = taxIds.data[0];
    const status = taxIdStatus(taxId?.verification?.status);
    return {
      companyName: customer.name ?? '',
      invoicingEmail: customer.email ?? '',
      address: {
        line1: customer.address?.line1 ?? '',
        postalCode: customer.address?.postal_code ?? '',
        city: customer.address?.city ?? '',
        country: customer.address?.country ?? '',
      },
      balance: { amount: customer.balance, currency: customer.currency ?? CURRENCY.toLowerCase() },
      taxId: taxId
        ? {
            value: taxId.value,
            status,
            checkedAt: status !== 'pending' && taxIdCheckedAt ? taxIdCheckedAt.toISOString() : null,
            verifiedName: taxId.verification?.verified_name ?? null,
          }
        : null,
    };
  }

  async save(
    caller: Caller,
    input: {
      workspaceId?: string;
      companyName: string;
      invoicingEmail: string;
      address: { line1: string; postalCode: string; city: string; country: string };
    },
  ): Promise<BillingAccountDetails> {
    const scope = await this.access.scope(caller, input.workspaceId, 'manage');
    const customer = await this.billing.customerOf(scope, caller);
    const { line1, postalCode, city, country } = input.address;
    await this.stripe.updateCustomer(customer, {
      name: input.companyName,
      email: input.invoicingEmail,
      address: line1 || postalCode || city || country ? { line1, postal_code: postalCode, city, country } : '',
    });
    return this.read(customer, await this.checkedAt(scope.workspaceId));
  }

  /** One tax ID per account: a new one replaces the old; Stripe then checks it with VIES (webhook). */
  async setTaxId(caller: Caller, input: { workspaceId?: string; value: string }): Promise<BillingAccountDetails> {
    const scope = await this.access.scope(caller, input.workspaceId, 'manage');
    const customer = await this.billing.customerOf(scope, caller);
    const existing = await this.stripe.taxIds(customer);
    await this.stripe.createTaxId(customer, input.value);
    for (const old of existing.data) await this.stripe.deleteTaxId(customer, old.id);
    await this.repository.updateAccount(scope.workspaceId, { taxIdCheckedAt: null });
    return this.read(customer, null);
  }

  async deleteTaxId(caller: Caller, workspaceId?: string): Promise<BillingAccountDetails> {
    const scope = await this.access.scope(caller, workspaceId, 'manage');
    const customer = await this.customerId(scope.workspaceId);
    if (!customer) return EMPTY;
    for (const old of (await this.stripe.taxIds(customer)).data) await this.stripe.deleteTaxId(customer, old.id);
    await this.repository.updateAccount(scope.workspaceId, { taxIdCheckedAt: null });
    return this.read(customer, null);
  }
}
