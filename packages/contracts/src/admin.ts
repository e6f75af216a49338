import { z } from 'zod';
import { AuthTexts } from './auth-texts.js';
import { emailSchema, passwordSchema, authenticatedUserSchema } from './auth.js';
import { defineEndpoint, MAX_PAGE } from './endpoint.js';
import { envelope } from './errors.js';

// A host name (letters, digits, hyphens, dots) or an IPv4/IPv6 address.
const HOST =
  /^(?=.{1,253}$)(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$|^(?:\d{1,3}\.){3}\d{1,3}$|^[0-9a-fA-F:]+:[0-9a-fA-F:]*$/;

export const mailSettingsBodySchema = z.object({
  /** Asked once per sign-in session: blank when this session gave it before (`instanceIdProven`). */
  instanceId: z.string().trim().max(200).optional(),
  sender: emailSchema,
  host: z.string().trim().regex(HOST, AuthTexts.mailHostInvalid),
  port: z.coerce.number().int().min(1).max(65535),
  secure: z.boolean(),
  username: z.string().trim().max(200).optional(),
  /** Blank keeps the stored password. */
  password: z.string().max(500).optional(),
});
export type MailSettingsBody = z.infer<typeof mailSettingsBodySchema>;

export const mailSettingsViewSchema = z.object({
  source: z.enum(['database', 'environment', 'none']),
  settings: z
    .object({
      sender: z.string(),
      host: z.string(),
      port: z.number(),
      secure: z.boolean(),
      username: z.string().nullable(),
      hasPassword: z.boolean(),
      updatedAt: z.string(),
    })
    .nullable(),
  environment: z.object({ host: z.string(), port: z.number(), secure: z.boolean() }).nullable(),
  /** This sign-in session gave the instance ID already: the screen does not ask again. */
  instanceIdProven: z.boolean(),
});

export const mailLogEntrySchema = z.object({
  id: z.string(),
  template: z.string(),
  to: z.string(),
  subject: z.string().nullable(),
  status: z.enum(['queued', 'sent', 'failed', 'stored']),
  error: z.string().nullable(),
  attempts: z.number(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});

export const mailStatuses = ['queued', 'sent', 'failed', 'stored'] as const;

/** One message with what it said: kept only while no mail server is configured. */
export const mailLogMessageSchema = mailLogEntrySchema.extend({
  html: z.string().nullable(),
  text: z.string().nullable(),
  links: z.array(z.string()),
});

export const adminUserStates = ['confirmed', 'unconfirmed', 'disabled'] as const;
export type AdminUserState = (typeof adminUserStates)[number];

export const adminUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  username: z.string().nullable(),
  name: z.string(),
  role: z.enum(['user', 'admin']),
  state: z.enum(adminUserStates),
  plan: z.object({ type: z.number().int(), name: z.string() }),
  createdAt: z.string(),
  lastLoginAt: z.string().nullable(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const adminUsersQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(MAX_PAGE).default(1),
  search: z.string().trim().max(200).optional(),
  state: z.enum(adminUserStates).optional(),
});

const idParams = z.object({ id: z.uuid() });
const adminUserEnvelope = envelope(z.object({ user: adminUserSchema, message: z.string() }));

const admin = 'admin';
export const adminEndpoints = {
  setupStatus: defineEndpoint({
    method: 'GET',
    path: '/admin/setup',
    summary: 'Whether this instance still needs its first administrator',
    tag: admin,
    public: true,
    responses: { 200: envelope(z.object({ needsAdmin: z.boolean() })) },
  }),
  setup: defineEndpoint({
    method: 'POST',
    path: '/admin/setup',
    summary: 'Create the first administrator by proving the instance ID',
    tag: admin,
    public: true,
    body: z.object({
      instanceId: z.string().trim().min(1, AuthTexts.fieldRequired),
      email: emailSchema,
      password: passwordSchema,
    }),
    responses: { 201: envelope(z.object({ user: authenticatedUserSchema })) },
  }),
  proveInstanceId: defineEndpoint({
    method: 'POST',
    path: '/admin/instance-id',
    summary: 'Give the instance ID once for this sign-in session (the admin screens then do not ask for it)',
    tag: admin,
    body: z.object({ instanceId: z.string().trim().min(1, AuthTexts.fieldRequired).max(200) }),
    responses: { 200: envelope(z.object({ instanceIdProven: z.boolean() })) },
  }),
  getMailSettings: defineEndpoint({
    method: 'GET',
    path: '/admin/mail-settings',
    summary: 'The outgoing mail server in force',
    tag: admin,
    responses: { 200: envelope(mailSettingsViewSchema) },
  }),
  saveMailSettings: defineEndpoint({
    method: 'PUT',
    path: '/admin/mail-settings',
    summary: 'Verify the connection, then save the mail server',
    tag: admin,
    body: mailSettingsBodySchema,
    responses: { 200: envelope(mailSettingsViewSchema) },
  }),
  deleteMailSettings: defineEndpoint({
    method: 'DELETE',
    path: '/admin/mail-settings',
    summary: 'Forget the saved mail server (the environment’s SMTP_URL applies again)',
    tag: admin,
    responses: { 200: envelope(mailSettingsViewSchema) },
  }),
  testMail: defineEndpoint({
    method: 'POST',
    path: '/admin/mail-settings/test',
    summary: 'Send a test e-mail with these (possibly unsaved) settings',
    tag: admin,
    body: mailSettingsBodySchema.extend({ to: emailSchema }),
    responses: { 200: envelope(z.object({ message: z.string() })) },
  }),
  mailLog: defineEndpoint({
    method: 'GET',
    path: '/admin/mail-log',
    summary: 'Recent outgoing messages, by status and recipient or subject',
    tag: admin,
    query: z.object({
      page: z.coerce.number().int().min(1).max(MAX_PAGE).default(1),
      status: z.enum(mailStatuses).optional(),
      search: z.string().trim().max(200).optional(),
    }),
    responses: {
      200: envelope(
        z.object({ entries: z.array(mailLogEntrySchema), total: z.number(), page: z.number(), pageSize: z.number() }),
      ),
    },
  }),
  mailLogMessage: defineEndpoint({
    method: 'GET',
    path: '/admin/mail-log/:id',
    summary: 'One message with its body and links (kept while no mail server is configured)',
    tag: admin,
    params: idParams,
    responses: { 200: envelope(mailLogMessageSchema) },
  }),
  users: defineEndpoint({
    method: 'GET',
    path: '/admin/users',
    summary: 'Every account, by e-mail, username or name, and by state',
    tag: admin,
    query: adminUsersQuerySchema,
    responses: {
      200: envelope(
        z.object({ entries: z.array(adminUserSchema), total: z.number(), page: z.number(), pageSize: z.number() }),
      ),
    },
  }),
  confirmUser: defineEndpoint({
    method: 'POST',
    path: '/admin/users/:id/confirm',
    summary: 'Confirm an account’s e-mail address on its owner’s behalf',
    tag: admin,
    params: idParams,
    responses: { 200: adminUserEnvelope },
  }),
  resendConfirmation: defineEndpoint({
    method: 'POST',
    path: '/admin/users/:id/resend-confirmation',
    summary: 'Send the confirmation e-mail again',
    tag: admin,
    params: idParams,
    responses: { 200: adminUserEnvelope },
  }),
  disableUser: defineEndpoint({
    method: 'POST',
    path: '/admin/users/:id/disable',
    summary: 'Stop an account from logging in and end its sessions',
    tag: admin,
    params: idParams,
    responses: { 200: adminUserEnvelope },
  }),
  enableUser: defineEndpoint({
    method: 'POST',
    path: '/admin/users/:id/enable',
    summary: 'Let a disabled account log in again',
    tag: admin,
    params: idParams,
    responses: { 200: adminUserEnvelope },
  }),
  deleteUser: defineEndpoint({
    method: 'DELETE',
    path: '/admin/users/:id',
    summary: 'Delete an account and everything it owns',
    tag: admin,
    params: idParams,
    responses: { 200: envelope(z.object({ message: z.string() })) },
  }),
};
