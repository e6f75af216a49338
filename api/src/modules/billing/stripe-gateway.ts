import { Inject, Injectable } from '@nestjs/common';
import { ErrorCode, type BillingCycle } from '@loopwright/contracts';
import type { Logger } from 'pino';
import Stripe from 'stripe';
import type { AppConfig } from '../../config/config.js';
import { AppError } from '../../core/errors/app-error.js';
import { APP_CONFIG, LOGGER } from '../../core/tokens.js';

/** The Stripe SDK for the configured account, or null when billing is off (no STRIPE_SECRET_KEY). */
export function createStripeClient(config: Pick<AppConfig, 'STRIPE_SECRET_KEY' | 'STRIPE_API_BASE'>): Stripe | null {
  if (!config.STRIPE_SECRET_KEY) return null;
  const base = config.STRIPE_API_BASE ? new URL(config.STRIPE_API_BASE) : null;
  const protocol = base?.protocol === 'http:' ? 'http' : 'https';
  return new Stripe(config.STRIPE_SECRET_KEY, {
    maxNetworkRetries: 1,
    timeout: 20_000,
    telemetry: false,
    appInfo: { name: 'Loopwright' },
    ...(base ? { host: base.hostname, port: base.port || (protocol === 'http' ? 80 : 443), protocol } : {}),
  });
}

/** Stripe's lookup key of a plan's price: `studio_monthly`, `aaa_yearly`… (README, Billing). */
export const priceLookupKey = (planName: string, cycle: BillingCycle) => `${planName}_${cycle}`;

/**
 * Every call to Stripe goes through here: Stripe's failures become our error codes (a declined
 * card is BILLING_PAYMENT_FAILED, an unreachable Stripe BILLING_PROVIDER_UNAVAILABLE). Never called
 * inside a database transaction.
 */
@Injectable()
export class StripeGateway {
  private readonly stripe: Stripe | null;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(LOGGER) logger: Logger,
  ) {
    this.stripe = createStripeClient(config);
    if (this.stripe && !config.STRIPE_WEBHOOK_SECRET)
      logger.warn(
        'STRIPE_SECRET_KEY is set but STRIPE_WEBHOOK_SECRET is not: Stripe webhooks are refused, so payments never change a subscription',
      );
  }

  /** Billing is on with a Stripe key (the plans module's `billingEnabled` says the same). */
  get enabled(): boolean {
    return this.stripe !== null;
  }

  private get client(): Stripe {
    if (!this.stripe) throw new AppError(ErrorCode.PLAN_BILLING_DISABLED);
    return this.stripe;
  }

  private async call<T>(run: (stripe: Stripe) => Promise<T>): Promise<T> {
    try {
      return await run(this.client);
    } catch (error) {
      if (error instanceof AppError) throw error;
      if (error instanceof Stripe.errors.StripeCardError)
        throw new AppError(ErrorCode.BILLING_PAYMENT_FAILED, {
          details: { declineCode: error.decline_code ?? error.code ?? null },
        });
      if (
        error instanceof Stripe.errors.StripeInvalidRequestError &&
        (error.code === 'tax_id_invalid' || error.param === 'value')
      )
        throw new AppError(ErrorCode.BILLING_TAX_ID_INVALID);
      throw new AppError(ErrorCode.BILLING_PROVIDER_UNAVAILABLE, {
        details: { stripe: error instanceof Stripe.errors.StripeError ? error.type : 'unknown' },
      });
    }
  }

  /** Verifies the signature over the raw body; throws when it is missing or wrong. */
  constructEvent(raw: Buffer, signature: string | undefined): Stripe.Event {
    if (!this.stripe) throw new AppError(ErrorCode.PLAN_BILLING_DISABLED);
    if (!this.config.STRIPE_WEBHOOK_SECRET || !signature || !raw?.length)
      throw new AppError(ErrorCode.BILLING_WEBHOOK_SIGNATURE);
    try {
      return this.stripe.webhooks.constructEvent(raw, signature, this.config.STRIPE_WEBHOOK_SECRET);
    } catch {
      throw new AppError(ErrorCode.BILLING_WEBHOOK_SIGNATURE);
    }
  }

  createCustomer(params: { email: string | null; workspaceId: string }) {
    return this.call((s) =>
      s.customers.create(
        { email: params.email ?? undefined, metadata: { workspace_id: params.workspaceId } },
        { idempotencyKey: `customer-${params.workspaceId}` },
      ),
    );
  }

  async customer(id: string): Promise<Stripe.Customer | null> {
    const found = await this.call((s) => s.customers.retrieve(id));
    return found.deleted ? null : found;
  }

  updateCustomer(id: string, params: Stripe.CustomerUpdateParams) {
    return this.call((s) => s.customers.update(id, params));
  }

  /** The active price for a plan and cycle, or null when Stripe has none with that lookup key. */
  async price(planName: string, cycle: BillingCycle): Promise<Stripe.Price | null> {
    const key = priceLookupKey(planName, cycle);
    const list = await this.call((s) => s.prices.list({ lookup_keys: [key], active: true, limit: 1 }));
    return list.data.find((p) => p.lookup_key === key) ?? null;
  }

  priceById(id: string) {
    return this.call((s) => s.prices.retrieve(id));
  }

  createCheckout(params: Stripe.Checkout.SessionCreateParams) {
    return this.call((s) => s.checkout.sessions.create(params));
  }

  portal(customer: string, returnUrl: string) {
    return this.call((s) => s.billingPortal.sessions.create({ customer, return_url: returnUrl }));
  }

  subscription(id: string) {
    return this.call((s) => s.subscriptions.retrieve(id));
  }

  updateSubscription(id: string, params: Stripe.SubscriptionUpdateParams) {
    return this.call((s) => s.subscriptions.update(id, params));
  }

  /** A schedule that takes over the subscription, to change its price at the end of the period. */
  scheduleFromSubscription(subscriptionId: string) {
    return this.call((s) => s.subscriptionSchedules.create({ from_subscription: subscriptionId }));
  }

  updateSchedule(id: string, params: Stripe.SubscriptionScheduleUpdateParams) {
    return this.call((s) => s.subscriptionSchedules.update(id, params));
  }

  releaseSchedule(id: string) {
    return this.call((s) => s.subscriptionSchedules.release(id));
  }

  /** The next invoice as it would be with the given changes (nothing changes). */
  previewInvoice(params: Stripe.InvoiceCreatePreviewParams) {
    return this.call((s) => s.invoices.createPreview(params));
  }

  cancelSubscriptionNow(id: string) {
    return this.call((s) => s.subscriptions.cancel(id));
  }

  invoice(id: string) {
    return this.call((s) => s.invoices.retrieve(id));
  }

  payInvoice(id: string) {
    return this.call((s) => s.invoices.pay(id));
  }

  invoices(customer: string, limit = 24) {
    return this.call((s) => s.invoices.list({ customer, limit }));
  }

  taxIds(customer: string) {
    return this.call((s) => s.customers.listTaxIds(customer, { limit: 10 }));
  }

  createTaxId(customer: string, value: string) {
    return this.call((s) => s.customers.createTaxId(customer, { type: 'eu_vat', value }));
  }

  deleteTaxId(customer: string, id: string) {
    return this.call((s) => s.customers.deleteTaxId(customer, id));
  }
}
