import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/**
 * A fake Stripe on loopback, for the real `stripe` SDK pointed at it (STRIPE_API_BASE). It keeps
 * customers, prices, Checkout sessions, subscriptions, invoices, tax IDs and portal sessions in
 * memory, implements exactly the REST calls the billing module makes, serves a hosted checkout page
 * and a customer portal page a browser can click through, and delivers SIGNED webhooks (built with
 * the SDK's `generateTestHeaderString`) to the app, one at a time and in order.
 *
 * Its clock moves one second per event, so every event has a distinct, increasing `created`.
 */

type Json = Record<string, any>;
type SignatureMode = 'valid' | 'none' | 'wrong';

export interface FakeStripeDelivery {
  event: Json;
  status: number;
  signature: SignatureMode;
}

export interface FakeStripe {
  url: string;
  webhookSecret: string;
  /** STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET and STRIPE_API_BASE for the app. */
  env(): Record<string, string>;
  /** Where webhooks go (the app's /api/billing/webhooks). */
  setWebhookUrl(url: string): void;
  /** Every event generated, oldest first. */
  events: Json[];
  deliveries: FakeStripeDelivery[];
  /** The REST calls received: "POST /v1/customers" … */
  requests: string[];
  /** Resolves when every webhook queued so far has been delivered. */
  settled(): Promise<void>;
  /** Sends an event (again, or built by a test) with a valid, missing or wrong signature; answers the app's status. */
  send(event: Json, signature?: SignatureMode): Promise<number>;
  /** Pays a Checkout session as the hosted page does (events queued). */
  completeCheckout(sessionId: string): Promise<void>;
  /** The renewal charge of a subscription fails: an open invoice, status past_due. */
  failRenewal(subscriptionId: string): Promise<void>;
  /** The period ends: a subscription set to cancel at period end is canceled; others renew and pay. */
  endPeriod(subscriptionId: string): Promise<void>;
  /** Holds webhooks instead of delivering them (a test then sends `held` in any order). */
  pause(): void;
  /** Delivers new events again (held ones stay for the test to send). */
  unpause(): void;
  /** The events generated while paused, oldest first; cleared by the next pause. */
  held: Json[];
  /** Stripe's own retry of an open invoice (Smart Retries): pays it when the card works. */
  payInvoice(invoiceId: string): Promise<boolean>;
  /** Makes the customer's card decline (or work again). */
  setCardDeclines(customerId: string, declines: boolean): void;
  /** Stripe reports the VIES result of a tax ID (event customer.tax_id.updated). */
  verifyTaxId(taxId: string, status: 'verified' | 'unverified' | 'unavailable'): Promise<void>;
  /** Adds an invoice in any status (billing history tests). */
  addInvoice(customerId: string, status: 'paid' | 'void' | 'uncollectible' | 'open', total: number): Json;
  /** Adds a price (e.g. an old plan in another currency). */
  addPrice(lookupKey: string, amount: number, currency: string, interval: 'month' | 'year'): Json;
  customer(id: string): Json | undefined;
  subscription(id: string): Json | undefined;
  schedule(id: string): Json | undefined;
  close(): Promise<void>;
}

/** The catalogue's paid plans with their euro prices (packages/contracts planCatalog). */
const DEFAULT_PRICES: [plan: string, monthly: number, yearly: number][] = [
  ['indie', 12, 120],
  ['studio', 29, 290],
  ['aaa', 79, 790],
];

/** Stripe's form encoding (`a[b][0][c]=v`) into nested objects and arrays. */
function parseForm(text: string): Json {
  const root: Json = {};
  for (const [rawKey, value] of new URLSearchParams(text)) {
    const parts = rawKey.replace(/\]/g, '').split('[');
    let node: any = root;
    parts.forEach((part, index) => {
      const last = index === parts.length - 1;
      const key = part === '' && Array.isArray(node) ? node.length : part;
      if (last) {
        node[key] = value;
        return;
      }
      if (node[key] === undefined) node[key] = /^\d*$/.test(parts[index + 1]) ? [] : {};
      node = node[key];
    });
  }
  return root;
}

const id = (prefix: string) => `${prefix}_${randomBytes(10).toString('hex')}`;
const clone = <T>(value: T): T => structuredClone(value);
const DAY = 86_400;

export async function startFakeStripe(): Promise<FakeStripe> {
  const secretKey = `sk_test_${randomBytes(12).toString('hex')}`;
  const webhookSecret = `whsec_${randomBytes(16).toString('hex')}`;
  const signer = new Stripe(secretKey);
  let clock = Math.floor(Date.now() / 1000);
  const tick = () => ++clock;

  const prices = new Map<string, Json>();
  const customers = new Map<string, Json & { _cardDeclines?: boolean }>();
  const sessions = new Map<string, Json>();
  const subscriptions = new Map<string, Json>();
  const invoices = new Map<string, Json>();
  const taxIds = new Map<string, Json>();
  const portals = new Map<string, Json>();
  const schedules = new Map<string, Json>();
  const events: Json[] = [];
  const deliveries: FakeStripeDelivery[] = [];
  const requests: string[] = [];
  let webhookUrl: string | null = null;
  let paused = false;
  const held: Json[] = [];
  let queue: Promise<void> = Promise.resolve();
  let invoiceNumber = 1;
  let baseUrl = '';

  const addPrice = (lookupKey: string, amount: number, currency: string, interval: 'month' | 'year') => {
    const price = {
      id: `price_${lookupKey}_${randomBytes(3).toString('hex')}`,
      object: 'price',
      active: true,
      currency,
      unit_amount: amount,
      lookup_key: lookupKey,
      recurring: { interval, interval_count: 1 },
      type: 'recurring',
      product: `prod_${lookupKey.split('_')[0]}`,
    };
    prices.set(price.id, price);
    return price;
  };
  for (const [plan, monthly, yearly] of DEFAULT_PRICES) {
    addPrice(`${plan}_monthly`, monthly * 100, 'eur', 'month');
    addPrice(`${plan}_yearly`, yearly * 100, 'eur', 'year');
  }

  async function deliver(event: Json, signature: SignatureMode): Promise<number> {
    if (!webhookUrl) return 0;
    const payload = JSON.stringify(event);
    const header =
      signature === 'none'
        ? undefined
        : signature === 'wrong'
          ? signer.webhooks.generateTestHeaderString({ payload, secret: 'whsec_not_the_right_secret' })
          : signer.webhooks.generateTestHeaderString({ payload, secret: webhookSecret });
    const response = await fetch(webhookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(header ? { 'stripe-signature': header } : {}) },
      body: payload,
    });
    await response.arrayBuffer();
    deliveries.push({ event, status: response.status, signature });
    return response.status;
  }

  function emit(type: string, object: Json): Json {
    const event = {
      id: id('evt'),
      object: 'event',
      api_version: '2026-10-28.endive',
      created: tick(),
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
      data: { object: clone(object) },
    };
    events.push(event);
    if (paused) {
      held.push(event);
      return event;
    }
    queue = queue.then(() => deliver(event, 'valid').then(() => undefined)).catch(() => undefined);
    return event;
  }

  function newInvoice(
    customer: string,
    subscription: Json | null,
    status: string,
    total: number,
    reason: string,
  ): Json {
    const invoiceId = id('in');
    const invoice: Json = {
      id: invoiceId,
      object: 'invoice',
      customer,
      status,
      number: `LW-${String(invoiceNumber++).padStart(4, '0')}`,
      currency: subscription?.currency ?? 'eur',
      total,
      amount_due: total,
      amount_paid: status === 'paid' ? total : 0,
      amount_remaining: status === 'paid' ? 0 : total,
      billing_reason: reason,
      created: tick(),
      period_start: clock,
      period_end: clock,
      invoice_pdf: `${baseUrl}/invoices/${invoiceId}.pdf`,
      hosted_invoice_url: `${baseUrl}/invoices/${invoiceId}`,
      parent: subscription
        ? {
            type: 'subscription_details',
            subscription_details: { subscription: subscription.id, metadata: subscription.metadata },
          }
        : null,
    };
    invoices.set(invoiceId, invoice);
    return invoice;
  }

  const itemTotal = (subscription: Json) =>
    subscription.items.data.reduce((sum: number, item: Json) => sum + item.price.unit_amount * (item.quantity ?? 1), 0);
  const periodLength = (price: Json) => (price.recurring.interval === 'year' ? 365 : 30) * DAY;

  async function completeCheckout(sessionId: string) {
    const session = sessions.get(sessionId);
    if (!session) throw new Error(`no checkout session ${sessionId}`);
    if (session.status === 'complete') return;
    const customer = customers.get(session.customer)!;
    const line = session._lineItems[0];
    const price = prices.get(line.price)!;
    const start = tick();
    // A trial carried over (subscription_data.trial_end): nothing is charged until it ends, and the first period starts then.
    const trialEnd = session.subscription_data?.trial_end ? Number(session.subscription_data.trial_end) : null;
    const periodStart = trialEnd ?? start;
    const subscription: Json = {
      id: id('sub'),
      object: 'subscription',
      customer: customer.id,
      status: trialEnd ? 'trialing' : 'active',
      trial_end: trialEnd,
      cancel_at_period_end: false,
      cancel_at: null,
      canceled_at: null,
      ended_at: null,
      currency: price.currency,
      created: start,
      schedule: null,
      metadata: { ...(session.subscription_data?.metadata ?? {}) },
      latest_invoice: null,
      items: {
        object: 'list',
        data: [
          {
            id: id('si'),
            object: 'subscription_item',
            price: clone(price),
            quantity: Number(line.quantity ?? 1),
            current_period_start: trialEnd ? start : periodStart,
            current_period_end: trialEnd ?? start + periodLength(price),
          },
        ],
      },
    };
    subscriptions.set(subscription.id, subscription);
    const invoice = newInvoice(
      customer.id,
      subscription,
      'paid',
      trialEnd ? 0 : itemTotal(subscription),
      'subscription_create',
    );
    subscription.latest_invoice = invoice.id;
    Object.assign(session, { status: 'complete', payment_status: 'paid', subscription: subscription.id });
    emit('customer.subscription.created', subscription);
    emit('checkout.session.completed', session);
    emit('invoice.paid', invoice);
    await queue;
  }

  async function failRenewal(subscriptionId: string) {
    const subscription = subscriptions.get(subscriptionId)!;
    const item = subscription.items.data[0];
    const start = tick();
    Object.assign(item, { current_period_start: start, current_period_end: start + periodLength(item.price) });
    const invoice = newInvoice(
      subscription.customer,
      subscription,
      'open',
      itemTotal(subscription),
      'subscription_cycle',
    );
    Object.assign(subscription, { status: 'past_due', latest_invoice: invoice.id });
    emit('invoice.payment_failed', invoice);
    emit('customer.subscription.updated', subscription);
    await queue;
  }

  async function endPeriod(subscriptionId: string) {
    const subscription = subscriptions.get(subscriptionId)!;
    if (subscription.cancel_at_period_end) {
      Object.assign(subscription, { status: 'canceled', ended_at: tick(), canceled_at: clock });
      emit('customer.subscription.deleted', subscription);
    } else {
      const item = subscription.items.data[0];
      const schedule = subscription.schedule ? schedules.get(subscription.schedule) : undefined;
      const next = schedule?.phases[1];
      if (schedule && next) {
        // The schedule's next phase starts: its price, quantity and metadata; then it is released.
        item.price = clone(prices.get(next.items[0].price)!);
        item.quantity = Number(next.items[0].quantity ?? item.quantity);
        for (const [key, value] of Object.entries((next.metadata ?? {}) as Json)) {
          if (value === '') delete subscription.metadata[key];
          else subscription.metadata[key] = value;
        }
        Object.assign(schedule, { status: 'released', released_subscription: subscription.id, subscription: null });
        subscription.schedule = null;
      }
      const start = tick();
      Object.assign(item, { current_period_start: start, current_period_end: start + periodLength(item.price) });
      const invoice = newInvoice(
        subscription.customer,
        subscription,
        'paid',
        itemTotal(subscription),
        'subscription_cycle',
      );
      subscription.latest_invoice = invoice.id;
      emit('invoice.paid', invoice);
      emit('customer.subscription.updated', subscription);
    }
    await queue;
  }

  /** Charges an open invoice: paid (and a past_due subscription active again), or a decline. */
  function payOpenInvoice(invoice: Json): boolean {
    const customer = customers.get(invoice.customer)!;
    if (customer._cardDeclines) {
      emit('invoice.payment_failed', invoice);
      return false;
    }
    Object.assign(invoice, { status: 'paid', amount_paid: invoice.total, amount_remaining: 0 });
    emit('invoice.paid', invoice);
    const subscriptionId = invoice.parent?.subscription_details?.subscription;
    const subscription = subscriptionId ? subscriptions.get(subscriptionId) : undefined;
    if (subscription && subscription.status === 'past_due') {
      subscription.status = 'active';
      emit('customer.subscription.updated', subscription);
    }
    return true;
  }

  const html = (response: ServerResponse, body: string) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(
      `<!doctype html><html><head><meta charset="utf-8"><title>Fake Stripe</title><style>body{font:15px system-ui;max-width:420px;margin:60px auto;color:#222}button{background:#635bff;color:#fff;border:0;border-radius:6px;padding:12px 18px;font-size:15px;cursor:pointer}label{display:block;margin:14px 0 4px}input{width:100%;padding:8px;box-sizing:border-box}.muted{color:#666}</style></head><body>${body}</body></html>`,
    );
  };

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? '/', baseUrl);
    let raw = '';
    for await (const chunk of request) raw += chunk;
    const body = raw ? parseForm(raw) : {};
    const query = parseForm(url.search.slice(1));
    const send = (status: number, value: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') });
      response.end(JSON.stringify(value));
    };
    const notFound = (what: string) =>
      send(404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${what}` } });
    const path = url.pathname;
    const method = request.method ?? 'GET';
    let match: RegExpMatchArray | null;

    // Hosted pages a browser visits.
    if ((match = path.match(/^\/checkout\/([\w]+)$/)) && method === 'GET') {
      const session = sessions.get(match[1]);
      if (!session) return notFound('checkout session');
      const price = prices.get(session._lineItems[0].price)!;
      return html(
        response,
        `<h1>Fake Stripe Checkout</h1><p class="muted">${session.customer_email ?? ''}</p><p>Subscribe to <strong>${price.lookup_key}</strong>: ${(price.unit_amount / 100).toFixed(2)} ${price.currency.toUpperCase()} per ${price.recurring.interval}</p><form method="post" action="/checkout/${session.id}/pay"><label for="card">Card number</label><input id="card" name="card" value="4242 4242 4242 4242"><p><button type="submit">Subscribe</button></p></form><p><a href="${session.cancel_url}">Back</a></p>`,
      );
    }
    if ((match = path.match(/^\/checkout\/([\w]+)\/pay$/)) && method === 'POST') {
      const session = sessions.get(match[1]);
      if (!session) return notFound('checkout session');
      await completeCheckout(session.id);
      response.writeHead(303, { location: session.success_url.replace('{CHECKOUT_SESSION_ID}', session.id) });
      return response.end();
    }
    if ((match = path.match(/^\/portal\/([\w]+)$/)) && method === 'GET') {
      const portal = portals.get(match[1]);
      if (!portal) return notFound('portal session');
      return html(
        response,
        `<h1>Fake Stripe customer portal</h1><p>Payment method: ${customers.get(portal.customer)?._cardDeclines ? 'card ending 0341 (declines)' : 'card ending 4242'}</p><form method="post" action="/portal/${portal.id}/card"><label for="card">New card number</label><input id="card" name="card" value="4242 4242 4242 4242"><p><button type="submit">Save card</button></p></form><p><a href="${portal.return_url}">Return to Loopwright</a></p>`,
      );
    }
    if ((match = path.match(/^\/portal\/([\w]+)\/card$/)) && method === 'POST') {
      const portal = portals.get(match[1]);
      if (!portal) return notFound('portal session');
      const customer = customers.get(portal.customer)!;
      customer._cardDeclines = String(body.card ?? '')
        .replace(/\s/g, '')
        .endsWith('0341');
      response.writeHead(303, { location: portal.return_url });
      return response.end();
    }
    if (path.startsWith('/invoices/')) {
      response.writeHead(200, { 'content-type': path.endsWith('.pdf') ? 'application/pdf' : 'text/html' });
      return response.end(path.endsWith('.pdf') ? '%PDF-1.4 fake invoice' : '<h1>Invoice</h1>');
    }

    // The REST API.
    if (!path.startsWith('/v1/')) return notFound('route');
    if (request.headers.authorization !== `Bearer ${secretKey}`)
      return send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
    requests.push(`${method} ${path}`);

    if (path === '/v1/customers' && method === 'POST') {
      const customer = {
        id: id('cus'),
        object: 'customer',
        created: tick(),
        email: body.email ?? null,
        name: body.name ?? null,
        address: body.address ?? null,
        balance: 0,
        currency: 'eur',
        metadata: body.metadata ?? {},
        _cardDeclines: false,
      };
      customers.set(customer.id, customer);
      return send(200, customer);
    }
    if ((match = path.match(/^\/v1\/customers\/(\w+)$/))) {
      const customer = customers.get(match[1]);
      if (!customer) return notFound(`customer: '${match[1]}'`);
      if (method === 'POST') {
        for (const key of ['email', 'name'] as const)
          if (key in body) customer[key] = body[key] === '' ? null : body[key];
        if ('address' in body)
          customer.address = body.address === '' ? null : { line1: null, line2: null, state: null, ...body.address };
        if ('metadata' in body) customer.metadata = { ...customer.metadata, ...body.metadata };
      }
      const { _cardDeclines, ...visible } = customer;
      return send(200, visible);
    }
    if ((match = path.match(/^\/v1\/customers\/(\w+)\/tax_ids$/))) {
      if (!customers.has(match[1])) return notFound(`customer: '${match[1]}'`);
      const customerId = match[1];
      if (method === 'POST') {
        if (body.type !== 'eu_vat' || !/^[A-Z]{2}[0-9A-Z]{2,12}$/.test(body.value ?? ''))
          return send(400, {
            error: {
              type: 'invalid_request_error',
              code: 'tax_id_invalid',
              param: 'value',
              message: `Invalid value for eu_vat.`,
            },
          });
        const taxId = {
          id: id('txi'),
          object: 'tax_id',
          type: 'eu_vat',
          value: body.value,
          country: body.value.slice(0, 2),
          created: tick(),
          customer: customerId,
          livemode: false,
          verification: { status: 'pending', verified_address: null, verified_name: null },
        };
        taxIds.set(taxId.id, taxId);
        emit('customer.tax_id.created', taxId);
        return send(200, taxId);
      }
      const data = [...taxIds.values()].filter((t) => t.customer === customerId).sort((a, b) => b.created - a.created);
      return send(200, { object: 'list', data, has_more: false, url: path });
    }
    if ((match = path.match(/^\/v1\/customers\/(\w+)\/tax_ids\/(\w+)$/)) && method === 'DELETE') {
      const taxId = taxIds.get(match[2]);
      if (!taxId || taxId.customer !== match[1]) return notFound('tax id');
      taxIds.delete(taxId.id);
      emit('customer.tax_id.deleted', taxId);
      return send(200, { id: taxId.id, object: 'tax_id', deleted: true });
    }
    if (path === '/v1/prices' && method === 'GET') {
      const keys: string[] = query.lookup_keys ?? [];
      const data = [...prices.values()].filter((p) => keys.includes(p.lookup_key));
      return send(200, { object: 'list', data, has_more: false, url: path });
    }
    if (path === '/v1/checkout/sessions' && method === 'POST') {
      const items: Json[] = body.line_items ?? [];
      if (body.mode !== 'subscription' || !items.length || !prices.has(items[0].price))
        return send(400, {
          error: { type: 'invalid_request_error', message: 'A subscription Checkout needs a known recurring price' },
        });
      if (!customers.has(body.customer)) return notFound(`customer: '${body.customer}'`);
      const sessionId = id('cs_test');
      const session = {
        id: sessionId,
        object: 'checkout.session',
        mode: 'subscription',
        status: 'open',
        payment_status: 'unpaid',
        customer: body.customer,
        customer_email: customers.get(body.customer)!.email,
        client_reference_id: body.client_reference_id ?? null,
        metadata: body.metadata ?? {},
        subscription_data: body.subscription_data ?? {},
        subscription: null,
        success_url: body.success_url,
        cancel_url: body.cancel_url,
        url: `${baseUrl}/checkout/${sessionId}`,
        created: tick(),
        _lineItems: items,
      };
      sessions.set(sessionId, session);
      return send(200, session);
    }
    if ((match = path.match(/^\/v1\/checkout\/sessions\/(\w+)$/)) && method === 'GET') {
      const session = sessions.get(match[1]);
      return session ? send(200, session) : notFound('checkout session');
    }
    if ((match = path.match(/^\/v1\/subscriptions\/(\w+)$/))) {
      const subscription = subscriptions.get(match[1]);
      if (!subscription) return notFound(`subscription: '${match[1]}'`);
      if (method === 'GET') return send(200, subscription);
      if (method === 'DELETE') {
        if (subscription.status === 'canceled')
          return send(400, {
            error: { type: 'invalid_request_error', message: 'This subscription is already canceled' },
          });
        Object.assign(subscription, {
          status: 'canceled',
          canceled_at: tick(),
          ended_at: clock,
          cancel_at_period_end: false,
        });
        emit('customer.subscription.deleted', subscription);
        return send(200, subscription);
      }
      if (subscription.status === 'canceled')
        return send(400, {
          error: {
            type: 'invalid_request_error',
            message: 'A canceled subscription can only update its cancellation_details and metadata.',
          },
        });
      if ('cancel_at_period_end' in body) {
        subscription.cancel_at_period_end = body.cancel_at_period_end === 'true';
        subscription.cancel_at = subscription.cancel_at_period_end
          ? subscription.items.data[0].current_period_end
          : null;
        subscription.canceled_at = subscription.cancel_at_period_end ? tick() : null;
      }
      if (body.metadata) {
        for (const [key, value] of Object.entries(body.metadata as Json)) {
          if (value === '') delete subscription.metadata[key];
          else subscription.metadata[key] = value;
        }
      }
      let prorated = 0;
      for (const change of (body.items ?? []) as Json[]) {
        const item = subscription.items.data.find((i: Json) => i.id === change.id);
        if (!item)
          return send(400, {
            error: { type: 'invalid_request_error', message: `No such subscription item: '${change.id}'` },
          });
        const before = item.price.unit_amount * item.quantity;
        if (change.price) {
          if (!prices.has(change.price)) return notFound(`price: '${change.price}'`);
          item.price = clone(prices.get(change.price)!);
          item.quantity = 1;
        }
        if (change.quantity !== undefined) item.quantity = Number(change.quantity);
        const after = item.price.unit_amount * item.quantity;
        if (body.proration_behavior !== 'none')
          prorated += Math.round(
            ((after - before) * (item.current_period_end - clock)) /
              (item.current_period_end - item.current_period_start),
          );
      }
      if (prorated > 0 && body.proration_behavior === 'always_invoice') {
        const customer = customers.get(subscription.customer)!;
        const invoice = newInvoice(
          subscription.customer,
          subscription,
          customer._cardDeclines ? 'open' : 'paid',
          prorated,
          'subscription_update',
        );
        subscription.latest_invoice = invoice.id;
        if (customer._cardDeclines) subscription.status = 'past_due';
        emit(customer._cardDeclines ? 'invoice.payment_failed' : 'invoice.paid', invoice);
      }
      tick();
      emit('customer.subscription.updated', subscription);
      return send(200, subscription);
    }
    if (path === '/v1/subscription_schedules' && method === 'POST') {
      const subscription = subscriptions.get(body.from_subscription);
      if (!subscription) return notFound(`subscription: '${body.from_subscription}'`);
      if (subscription.schedule)
        return send(400, {
          error: { type: 'invalid_request_error', message: 'This subscription is already attached to a schedule' },
        });
      const item = subscription.items.data[0];
      const schedule = {
        id: id('sub_sched'),
        object: 'subscription_schedule',
        subscription: subscription.id,
        customer: subscription.customer,
        status: 'active',
        end_behavior: 'release',
        created: tick(),
        phases: [
          {
            start_date: item.current_period_start,
            end_date: item.current_period_end,
            items: [{ price: item.price.id, quantity: item.quantity }],
            metadata: {},
          },
        ],
        current_phase: { start_date: item.current_period_start, end_date: item.current_period_end },
      };
      schedules.set(schedule.id, schedule);
      subscription.schedule = schedule.id;
      return send(200, schedule);
    }
    if ((match = path.match(/^\/v1\/subscription_schedules\/(\w+)(\/release)?$/))) {
      const schedule = schedules.get(match[1]);
      if (!schedule) return notFound(`subscription_schedule: '${match[1]}'`);
      if (method === 'POST' && match[2]) {
        const subscription = subscriptions.get(schedule.subscription);
        if (subscription) subscription.schedule = null;
        Object.assign(schedule, {
          status: 'released',
          released_subscription: schedule.subscription,
          subscription: null,
        });
        return send(200, schedule);
      }
      if (method === 'POST') {
        if (body.end_behavior) schedule.end_behavior = body.end_behavior;
        if (body.phases) {
          schedule.phases = (body.phases as Json[]).map((phase) => ({
            ...phase,
            start_date: phase.start_date ? Number(phase.start_date) : undefined,
            end_date: phase.end_date ? Number(phase.end_date) : undefined,
            items: (phase.items as Json[]).map((i) => ({ price: i.price, quantity: Number(i.quantity ?? 1) })),
          }));
          if (schedule.phases.some((phase: Json) => phase.items.some((i: Json) => !prices.has(i.price))))
            return send(400, { error: { type: 'invalid_request_error', message: 'No such price' } });
        }
      }
      return send(200, schedule);
    }
    if (path === '/v1/invoices/create_preview' && method === 'POST') {
      // The next invoice if the subscription's items changed now: the proration lines and the new recurring line.
      const subscription = subscriptions.get(body.subscription);
      if (!subscription) return notFound(`subscription: '${body.subscription}'`);
      const lines: Json[] = [];
      for (const change of (body.subscription_details?.items ?? []) as Json[]) {
        const item = subscription.items.data.find((i: Json) => i.id === change.id);
        if (!item)
          return send(400, {
            error: { type: 'invalid_request_error', message: `No such subscription item: '${change.id}'` },
          });
        const quantity = change.quantity !== undefined ? Number(change.quantity) : item.quantity;
        const left = (item.current_period_end - clock) / (item.current_period_end - item.current_period_start);
        const proration = (amount: number, description: string) => ({
          object: 'line_item',
          amount,
          currency: subscription.currency,
          description,
          parent: { type: 'subscription_item_details', subscription_item_details: { proration: true } },
        });
        if (subscription.status !== 'trialing' && quantity !== item.quantity) {
          lines.push(proration(-Math.round(item.price.unit_amount * item.quantity * left), 'Unused time'));
          lines.push(proration(Math.round(item.price.unit_amount * quantity * left), 'Remaining time'));
        }
        lines.push({
          object: 'line_item',
          amount: item.price.unit_amount * quantity,
          currency: subscription.currency,
          description: `${quantity} × seat`,
          parent: { type: 'subscription_item_details', subscription_item_details: { proration: false } },
        });
      }
      const total = lines.reduce((sum, line) => sum + line.amount, 0);
      return send(200, {
        id: 'upcoming_in',
        object: 'invoice',
        customer: subscription.customer,
        currency: subscription.currency,
        total,
        amount_due: Math.max(0, total),
        lines: { object: 'list', data: lines, has_more: false },
      });
    }
    if (path === '/v1/invoices' && method === 'GET') {
      const data = [...invoices.values()]
        .filter((i) => i.customer === query.customer)
        .sort((a, b) => b.created - a.created)
        .slice(0, Number(query.limit ?? 10));
      return send(200, { object: 'list', data, has_more: false, url: path });
    }
    if ((match = path.match(/^\/v1\/invoices\/(\w+)\/pay$/)) && method === 'POST') {
      const invoice = invoices.get(match[1]);
      if (!invoice) return notFound(`invoice: '${match[1]}'`);
      if (invoice.status !== 'open')
        return send(400, {
          error: { type: 'invalid_request_error', code: 'invoice_not_open', message: 'Invoice is already paid' },
        });
      if (!payOpenInvoice(invoice))
        return send(402, {
          error: {
            type: 'card_error',
            code: 'card_declined',
            decline_code: 'generic_decline',
            message: 'Your card was declined.',
          },
        });
      return send(200, invoice);
    }
    if ((match = path.match(/^\/v1\/invoices\/(\w+)$/)) && method === 'GET') {
      const invoice = invoices.get(match[1]);
      return invoice ? send(200, invoice) : notFound(`invoice: '${match[1]}'`);
    }
    if (path === '/v1/billing_portal/sessions' && method === 'POST') {
      if (!customers.has(body.customer)) return notFound(`customer: '${body.customer}'`);
      const portal = {
        id: id('bps'),
        object: 'billing_portal.session',
        customer: body.customer,
        return_url: body.return_url,
        created: tick(),
        url: '',
      };
      portal.url = `${baseUrl}/portal/${portal.id}`;
      portals.set(portal.id, portal);
      return send(200, portal);
    }
    return send(404, {
      error: { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path}).` },
    });
  }

  const server: Server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      response.writeHead(500, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: { type: 'api_error', message: String(error) } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: baseUrl,
    webhookSecret,
    env: () => ({ STRIPE_SECRET_KEY: secretKey, STRIPE_WEBHOOK_SECRET: webhookSecret, STRIPE_API_BASE: baseUrl }),
    setWebhookUrl(url) {
      webhookUrl = url;
    },
    events,
    deliveries,
    requests,
    settled: () => queue,
    send: async (event, signature = 'valid') => {
      const status = await deliver(event, signature);
      return status;
    },
    pause() {
      paused = true;
      held.length = 0;
    },
    unpause() {
      paused = false;
    },
    held,
    async payInvoice(invoiceId) {
      const paidNow = payOpenInvoice(invoices.get(invoiceId)!);
      await queue;
      return paidNow;
    },
    completeCheckout,
    failRenewal,
    endPeriod,
    setCardDeclines(customerId, declines) {
      customers.get(customerId)!._cardDeclines = declines;
    },
    async verifyTaxId(taxIdId, status) {
      const taxId = taxIds.get(taxIdId)!;
      taxId.verification = {
        status,
        verified_name: status === 'verified' ? 'Studio Example GmbH' : null,
        verified_address: status === 'verified' ? 'Beispielstr. 1, 10115 Berlin' : null,
      };
      emit('customer.tax_id.updated', taxId);
      await queue;
    },
    addInvoice: (customerId, status, total) => newInvoice(customerId, null, status, total, 'manual'),
    addPrice,
    customer: (customerId) => customers.get(customerId),
    subscription: (subscriptionId) => subscriptions.get(subscriptionId),
    schedule: (scheduleId) => schedules.get(scheduleId),
    async close() {
      await queue;
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
