import { z } from 'zod';
import { defineEndpoint, MAX_PAGE } from './endpoint.js';
import { envelope } from './errors.js';

/**
 * For developers with a key: webhooks (events pushed to a URL, signed) and the MCP endpoint
 * (assistants). The public event names are stable; each maps to a domain event.
 */
export const webhookEventTypes = [
  'batch.finished',
  'balance_test.failed',
  'diagram.published',
  'diagram.version_saved',
  'comment.added',
] as const;
export type WebhookEventType = (typeof webhookEventTypes)[number];
export const webhookEventTypeSchema = z.enum(webhookEventTypes);

/** What each event means, for the settings screen and the docs. */
export const webhookEventLabels: Record<WebhookEventType, string> = {
  'batch.finished': 'A multiple run finished',
  'balance_test.failed': 'A balance test failed',
  'diagram.published': 'A diagram was published to community',
  'diagram.version_saved': 'A new version was saved',
  'comment.added': 'A comment was added',
};

/** Deliveries that fail (every attempt) this many times in a row disable a webhook automatically. */
export const WEBHOOK_DISABLE_AFTER_FAILURES = 20;

/** The settings screen's and the owner's notification texts. */
export const WebhookTexts = {
  disabledNotice:
    'Disabled automatically ({when}): the last {failures} deliveries failed. Fix the receiver, send a test, then resume it.',
  pausedNotice: 'Paused: events are not sent to this URL until you resume it.',
  disabledNotificationTitle: 'Webhook disabled',
  disabledNotification:
    'Loopwright stopped sending to {url}: its last {failures} deliveries failed. Resume it under Settings → Webhooks once the receiver works.',
  notSentPaused: 'Not sent: the webhook was paused or disabled',
} as const;

export const webhookStatusSchema = z.enum(['active', 'paused', 'disabled']);
export const webhookSchema = z.object({
  id: z.string(),
  workspaceId: z.string(),
  url: z.string(),
  events: z.array(webhookEventTypeSchema),
  /** Sending: not paused and not disabled. */
  active: z.boolean(),
  /** paused by its owner, or disabled automatically after WEBHOOK_DISABLE_AFTER_FAILURES failures in a row. */
  status: webhookStatusSchema,
  consecutiveFailures: z.number().int(),
  /** When it was disabled automatically; null otherwise. */
  disabledAt: z.string().nullable(),
  createdAt: z.string(),
});
export const webhookDeliverySchema = z.object({
  id: z.string(),
  webhookId: z.string(),
  event: z.string(),
  status: z.enum(['pending', 'delivered', 'failed']),
  attempts: z.number().int(),
  /** The receiver's HTTP status on the last attempt (null: no answer). */
  responseStatus: z.number().int().nullable(),
  error: z.string().nullable(),
  createdAt: z.string(),
  deliveredAt: z.string().nullable(),
});

export const createWebhookBodySchema = z.object({
  url: z
    .url({ message: 'Enter a URL starting with https:// or http://' })
    .max(2000)
    .refine((url) => /^https?:\/\//i.test(url), 'Enter a URL starting with https:// or http://'),
  events: z.array(webhookEventTypeSchema).min(1, 'Choose at least one event'),
  /** A team workspace the caller owns; omitted: their personal workspace. */
  workspaceId: z.string().uuid().optional(),
});
/** Change the URL or the events; `active: false` pauses, `active: true` resumes (also a disabled one, with its failures forgotten). */
export const updateWebhookBodySchema = createWebhookBodySchema
  .pick({ url: true, events: true })
  .partial()
  .extend({ active: z.boolean().optional() });
const webhookParams = z.object({ id: z.string().uuid() });

/** A webhook disabled automatically, as the instance administrator sees it: whose it is and why it stopped. */
export const adminDisabledWebhookSchema = webhookSchema.extend({
  workspaceName: z.string(),
  ownerEmail: z.string(),
  /** The last failed delivery's error or the receiver's HTTP status; null: none kept. */
  lastError: z.string().nullable(),
});
export type AdminDisabledWebhook = z.infer<typeof adminDisabledWebhookSchema>;

const tag = 'webhooks';
export const webhookEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/webhooks',
    summary: 'My webhooks and those of the teams I own, with their latest deliveries',
    tag,
    responses: {
      200: envelope(
        z.object({
          items: z.array(webhookSchema.extend({ deliveries: z.array(webhookDeliverySchema) })),
          /** Failures in a row that disable a webhook. */
          disableAfterFailures: z.number().int(),
          /** Days a delivery is kept (then a maintenance job deletes it). */
          deliveriesKeptDays: z.number().int(),
        }),
      ),
    },
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/webhooks',
    summary: 'Subscribe a URL to events; answers the signing secret, once',
    tag,
    body: createWebhookBodySchema,
    responses: { 201: envelope(z.object({ webhook: webhookSchema, secret: z.string() })) },
  }),
  update: defineEndpoint({
    method: 'PATCH',
    path: '/webhooks/:id',
    summary: 'Change the URL or events, pause (active: false) or resume (active: true)',
    tag,
    params: webhookParams,
    body: updateWebhookBodySchema,
    responses: { 200: envelope(z.object({ webhook: webhookSchema })) },
  }),
  delete: defineEndpoint({
    method: 'DELETE',
    path: '/webhooks/:id',
    summary: 'Stop sending to a webhook and forget it',
    tag,
    params: webhookParams,
    responses: { 200: envelope(z.object({ message: z.string() })) },
  }),
  test: defineEndpoint({
    method: 'POST',
    path: '/webhooks/:id/test',
    summary: 'Send a signed "ping" delivery now',
    tag,
    params: webhookParams,
    responses: { 202: envelope(z.object({ delivery: webhookDeliverySchema })) },
  }),
  adminDisabled: defineEndpoint({
    method: 'GET',
    path: '/admin/webhooks/disabled',
    summary: "The instance's webhooks disabled automatically after failures in a row, newest first (administrators)",
    tag: 'admin',
    query: z.object({ page: z.coerce.number().int().min(1).max(MAX_PAGE).default(1) }),
    responses: {
      200: envelope(
        z.object({
          entries: z.array(adminDisabledWebhookSchema),
          total: z.number().int(),
          page: z.number().int(),
          pageSize: z.number().int(),
          disableAfterFailures: z.number().int(),
        }),
      ),
    },
  }),
  adminEnable: defineEndpoint({
    method: 'POST',
    path: '/admin/webhooks/:id/enable',
    summary: "Re-enable a disabled webhook, as its owner's Resume does (its failures forgotten; administrators)",
    tag: 'admin',
    params: webhookParams,
    responses: { 200: envelope(z.object({ webhook: webhookSchema, message: z.string() })) },
  }),
};

export const mcpEndpoints = {
  post: defineEndpoint({
    method: 'POST',
    path: '/mcp',
    summary:
      'The MCP server (Streamable HTTP, stateless): JSON-RPC messages from an assistant, with the user API key as Bearer token',
    tag: 'mcp',
    body: z.unknown(),
    responses: { 200: z.unknown(), 202: null },
  }),
  stream: defineEndpoint({
    method: 'GET',
    path: '/mcp',
    summary: 'No server-initiated stream: answers 405 (the server is stateless)',
    tag: 'mcp',
    responses: { 405: z.unknown() },
  }),
};

export type Webhook = z.infer<typeof webhookSchema>;
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;
