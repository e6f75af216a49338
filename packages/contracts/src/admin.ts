import { z } from 'zod';
import { AuthTexts } from './auth-texts.js';
import { emailSchema, passwordSchema, authenticatedUserSchema } from './auth.js';
import { defineEndpoint, MAX_PAGE } from './endpoint.js';
import { envelope } from './errors.js';

// A host name (letters, digits, hyphens, dots) or an IPv4/IPv6 address.
const HOST = /^(?=.{1,253}$)(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$|^(?:\d{1,3}\.){3}\d{1,3}$|^[0-9a-fA-F:]+:[0-9a-fA-F:]*$/;

export const mailSettingsBodySchema = z.object({
  instanceId: z.string().trim().min(1, AuthTexts.fieldRequired),
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
    .object({ sender: z.string(), host: z.string(), port: z.number(), secure: z.boolean(), username: z.string().nullable(), hasPassword: z.boolean(), updatedAt: z.string() })
    .nullable(),
  environment: z.object({ host: z.string(), port: z.number(), secure: z.boolean() }).nullable(),
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

const admin = 'admin';
export const adminEndpoints = {
  setupStatus: defineEndpoint({ method: 'GET', path: '/admin/setup', summary: 'Whether this instance still needs its first administrator', tag: admin, public: true, responses: { 200: envelope(z.object({ needsAdmin: z.boolean() })) } }),
  setup: defineEndpoint({ method: 'POST', path: '/admin/setup', summary: 'Create the first administrator by proving the instance ID', tag: admin, public: true, body: z.object({ instanceId: z.string().trim().min(1, AuthTexts.fieldRequired), email: emailSchema, password: passwordSchema }), responses: { 201: envelope(z.object({ user: authenticatedUserSchema })) } }),
  getMailSettings: defineEndpoint({ method: 'GET', path: '/admin/mail-settings', summary: 'The outgoing mail server in force', tag: admin, responses: { 200: envelope(mailSettingsViewSchema) } }),
  saveMailSettings: defineEndpoint({ method: 'PUT', path: '/admin/mail-settings', summary: 'Verify the connection, then save the mail server', tag: admin, body: mailSettingsBodySchema, responses: { 200: envelope(mailSettingsViewSchema) } }),
  deleteMailSettings: defineEndpoint({ method: 'DELETE', path: '/admin/mail-settings', summary: 'Forget the saved mail server (the environment’s SMTP_URL applies again)', tag: admin, responses: { 200: envelope(mailSettingsViewSchema) } }),
  testMail: defineEndpoint({ method: 'POST', path: '/admin/mail-settings/test', summary: 'Send a test e-mail with these (possibly unsaved) settings', tag: admin, body: mailSettingsBodySchema.extend({ to: emailSchema }), responses: { 200: envelope(z.object({ message: z.string() })) } }),
  mailLog: defineEndpoint({ method: 'GET', path: '/admin/mail-log', summary: 'Recent outgoing messages', tag: admin, query: z.object({ page: z.coerce.number().int().min(1).max(MAX_PAGE).default(1), status: z.enum(['queued', 'sent', 'failed', 'stored']).optional() }), responses: { 200: envelope(z.object({ entries: z.array(mailLogEntrySchema), total: z.number(), page: z.number(), pageSize: z.number() })) } }),
};
