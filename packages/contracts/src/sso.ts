import { z } from 'zod';
import { AuthTexts } from './auth-texts.js';
import { defineEndpoint, MAX_PAGE } from './endpoint.js';
import { envelope } from './errors.js';

// example.com, sub.example.co.uk: lower-case labels, at least one dot.
const DOMAIN = /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/;

const DOMAINS_TEXT = 'Enter domains like example.com, separated by commas';

export const ssoSettingsBodySchema = z.object({
  enabled: z.boolean(),
  issuerUrl: z
    .string()
    .trim()
    .min(1, AuthTexts.fieldRequired)
    .max(500)
    .pipe(z.url({ protocol: /^https?$/, error: 'Enter the issuer URL, e.g. https://login.example.com/realms/studio' })),
  clientId: z.string().trim().min(1, AuthTexts.fieldRequired).max(500),
  /** Blank keeps the stored secret. */
  clientSecret: z.string().max(2000).optional(),
  /** One domain per entry, lower case; empty: any domain the provider vouches for. */
  allowedDomains: z
    .array(z.string().trim().toLowerCase().regex(DOMAIN, 'Enter domains like example.com, separated by commas'))
    .max(50),
  buttonLabel: z.string().trim().min(1, AuthTexts.fieldRequired).max(60),
  createAccounts: z.boolean(),
  passwordLoginDisabled: z.boolean(),
});
export type SsoSettingsBody = z.infer<typeof ssoSettingsBodySchema>;

/** The admin form types the domains as one text ("example.com, example.org"). */
export function splitDomains(text: string): string[] {
  return text
    .split(/[\s,;]+/)
    .map((d) => d.trim().toLowerCase())
    .filter(Boolean);
}
export const ssoSettingsFormSchema = ssoSettingsBodySchema.extend({
  allowedDomains: z
    .string()
    .max(3000)
    .refine((text) => splitDomains(text).every((d) => DOMAIN.test(d)), DOMAINS_TEXT)
    .transform(splitDomains),
});

export const ssoSettingsViewSchema = z.object({
  settings: z
    .object({
      enabled: z.boolean(),
      issuerUrl: z.string(),
      clientId: z.string(),
      hasClientSecret: z.boolean(),
      allowedDomains: z.array(z.string()),
      buttonLabel: z.string(),
      createAccounts: z.boolean(),
      passwordLoginDisabled: z.boolean(),
      updatedAt: z.string(),
    })
    .nullable(),
  /** The address to register at the provider as the redirect (callback) URI. */
  callbackUrl: z.string(),
});
export type SsoSettingsView = z.infer<typeof ssoSettingsViewSchema>;

export const auditLogEntrySchema = z.object({
  id: z.string(),
  actor: z.object({ id: z.string().nullable(), email: z.string().nullable() }),
  action: z.string(),
  target: z.string().nullable(),
  changes: z.record(z.string(), z.object({ before: z.unknown(), after: z.unknown() })),
  createdAt: z.string(),
});
export type AuditLogEntryView = z.infer<typeof auditLogEntrySchema>;

/** Every action the audit log records, by area (the screen's filter offers these). */
export const auditActions = [
  'instance.admin-created',
  'mail.settings-saved',
  'mail.settings-removed',
  'sso.settings-saved',
  'sso.settings-removed',
  'plan.updated',
  'plan.self-hosted-changed',
  'user.confirmed',
  'user.disabled',
  'user.enabled',
  'user.deleted',
  'spotlight.added',
  'spotlight.removed',
  'webhook.enabled',
] as const;
export type AuditAction = (typeof auditActions)[number];

const day = z.iso.date({ error: 'Enter a date like 2026-11-27' });

export const auditLogQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(MAX_PAGE).default(1),
  /** The actor's e-mail, or part of it. */
  actor: z.string().trim().max(200).optional(),
  /** One action, or an area prefix (`user`, `sso`). */
  action: z
    .string()
    .trim()
    .max(60)
    .regex(/^[a-z.-]+$/)
    .optional(),
  /** From this day (UTC), inclusive. */
  from: day.optional(),
  /** Up to this day (UTC), inclusive. */
  to: day.optional(),
});

const admin = 'admin';
const sso = 'sso';
export const ssoEndpoints = {
  getSsoSettings: defineEndpoint({
    method: 'GET',
    path: '/admin/sso',
    summary: 'The single sign-on (OpenID Connect) settings, without the client secret',
    tag: admin,
    responses: { 200: envelope(ssoSettingsViewSchema) },
  }),
  saveSsoSettings: defineEndpoint({
    method: 'PUT',
    path: '/admin/sso',
    summary: 'Check the provider’s discovery document and the client, then save single sign-on',
    tag: admin,
    body: ssoSettingsBodySchema,
    responses: { 200: envelope(ssoSettingsViewSchema) },
  }),
  deleteSsoSettings: defineEndpoint({
    method: 'DELETE',
    path: '/admin/sso',
    summary: 'Turn single sign-on off and forget its settings',
    tag: admin,
    responses: { 200: envelope(ssoSettingsViewSchema) },
  }),
  ssoConfig: defineEndpoint({
    method: 'GET',
    path: '/sso/config',
    summary: 'Whether single sign-on is offered, with its button label',
    tag: sso,
    public: true,
    responses: {
      200: envelope(
        z.object({
          enabled: z.boolean(),
          label: z.string().nullable(),
          /** Domains whose accounts may not log in with a password. */
          passwordLoginDomains: z.array(z.string()),
        }),
      ),
    },
  }),
  ssoStart: defineEndpoint({
    method: 'GET',
    path: '/sso/start',
    summary: 'Start signing in through the identity provider (redirects there)',
    tag: sso,
    public: true,
    query: z.object({ returnTo: z.string().max(500).optional() }),
    produces: 'text/html',
    responses: { 302: null },
  }),
  ssoCallback: defineEndpoint({
    method: 'GET',
    path: '/sso/callback',
    summary: 'The identity provider sends the browser back here; sets the session cookies and redirects',
    tag: sso,
    public: true,
    query: z.object({
      code: z.string().max(4000).optional(),
      state: z.string().max(500).optional(),
      iss: z.string().max(500).optional(),
      error: z.string().max(200).optional(),
      error_description: z.string().max(1000).optional(),
      session_state: z.string().max(500).optional(),
    }),
    produces: 'text/html',
    responses: { 302: null },
  }),
};

export const auditEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/admin/audit-log',
    summary: 'Who changed the instance’s administration, and when (newest first)',
    tag: admin,
    query: auditLogQuerySchema,
    responses: {
      200: envelope(
        z.object({
          entries: z.array(auditLogEntrySchema),
          total: z.number(),
          page: z.number(),
          pageSize: z.number(),
          keptDays: z.number(),
        }),
      ),
    },
  }),
};
