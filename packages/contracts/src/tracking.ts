import { z } from 'zod';
import { defineEndpoint } from './endpoint.js';

export * from './tracking-rules.js';

const text = (max: number) => z.string().max(max);
export const trackingMessageSchema = z
  .object({
    id: z.string().startsWith('www-').max(100),
    name: text(200).min(1),
    category: text(100).min(1),
    action: text(200).optional(),
    label: text(500).optional(),
    value: z.union([z.string().max(500), z.number().min(-1e15).max(1e15)]).optional(),
    misc: z
      .array(z.object({ type: text(100), value: z.unknown() }))
      .max(50)
      .default([]),
    msgAttribs: z
      .object({
        environment: text(50).optional(),
        navigator: text(500).optional(),
        type: text(50).optional(),
        url: text(2000).optional(),
      })
      .partial()
      .default({}),
    anonymousId: text(100).optional(),
    userId: text(100).optional(),
    utm_source: text(200).optional(),
    utm_medium: text(200).optional(),
    utm_campaign: text(200).optional(),
  })
  .meta({ id: 'TrackingMessage' });
export type TrackingMessage = z.infer<typeof trackingMessageSchema>;
export type TrackingMessageInput = z.input<typeof trackingMessageSchema>;

/** JSON `{ messages }`, or a form body whose `message` is a URL-encoded JSON list. */
export const trackingBodySchema = z.union([
  z.object({ messages: z.array(z.unknown()).min(1).max(100) }),
  z.object({ message: z.string().min(2).max(200_000) }),
]);

export const trackingEndpoints = {
  message: defineEndpoint({
    method: 'POST',
    path: '/message',
    summary: 'Store website tracking messages (sets the anonymous id cookie)',
    tag: 'tracking',
    public: true,
    consumes: ['application/json', 'application/x-www-form-urlencoded'],
    body: trackingBodySchema,
    responses: {
      200: z.object({
        success: z.literal(true),
        content: z.object({ stored: z.number().int(), anonymousId: z.string() }),
      }),
    },
  }),
};
