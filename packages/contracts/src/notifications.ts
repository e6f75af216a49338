import { z } from 'zod';
import { defineEndpoint, MAX_PAGE } from './endpoint.js';
import { envelope } from './errors.js';

/** The spec's notification types: info, warnings, errors. */
export const notificationTypeSchema = z.enum(['info', 'warning', 'error']);
export const notificationSchema = z
  .object({
    id: z.string(),
    type: notificationTypeSchema,
    /** A short heading; null when the message stands alone. */
    title: z.string().nullable(),
    message: z.string(),
    link: z.string().nullable(),
    viewed: z.boolean(),
    createdAt: z.string(),
  })
  .meta({ id: 'Notification' });
export const listNotificationsQuerySchema = z.object({
  unviewed: z.enum(['true', 'false']).optional(),
  /** Only this type (the center's filter). */
  type: notificationTypeSchema.optional(),
  /** Page size. */
  limit: z.coerce.number().int().min(1).max(100).default(30),
  page: z.coerce.number().int().min(1).max(MAX_PAGE).default(1),
});
export const addNotificationBodySchema = z.object({
  type: notificationTypeSchema.default('info'),
  title: z.string().trim().min(1).max(120).optional(),
  message: z.string().trim().min(1).max(500),
  link: z.string().trim().max(500).startsWith('/').optional(),
});
/** Omit ids to mark every notification as viewed. */
export const markViewedBodySchema = z.object({ ids: z.array(z.string().uuid()).max(500).optional() });

const tag = 'notifications';
export const notificationEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/notifications',
    summary: 'My notifications, newest first',
    tag,
    query: listNotificationsQuerySchema,
    responses: {
      200: envelope(
        z.object({
          notifications: z.array(notificationSchema),
          unviewedCount: z.number().int(),
          /** Notifications matching the filters (for paging). */
          total: z.number().int(),
          page: z.number().int(),
        }),
      ),
    },
  }),
  add: defineEndpoint({
    method: 'POST',
    path: '/notifications/add',
    summary: 'Add a notification for myself',
    tag,
    body: addNotificationBodySchema,
    responses: { 201: envelope(z.object({ notification: notificationSchema })) },
  }),
  markViewed: defineEndpoint({
    method: 'POST',
    path: '/notifications/mark-as-viewed',
    summary: 'Mark notifications as viewed',
    tag,
    body: markViewedBodySchema,
    responses: { 200: envelope(z.object({ updated: z.number().int() })) },
  }),
};

export type Notification = z.infer<typeof notificationSchema>;
export type NotificationType = z.infer<typeof notificationTypeSchema>;
