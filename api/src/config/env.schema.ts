import { z } from 'zod';

const port = z.coerce.number().int().min(0).max(65535);
const optionalUrl = (protocols: string[]) =>
  z
    .url({ message: `must be a URL (${protocols.join(', ')})` })
    .refine(
      (value) => protocols.some((p) => value.startsWith(`${p}://`)),
      `must start with ${protocols.join(':// or ')}://`,
    )
    .optional();

const scriptUrl = z
  .string()
  .regex(/^(https?:\/\/[^\s]+|\/[^\s/][^\s]*)$/, 'must be an http(s) URL or a path starting with /')
  .optional();

/** Every environment variable the app reads. `.env.example` documents each one. */
export const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: port.default(3000),
    HOST: z.string().min(1).default('0.0.0.0'),
    APP_URL: z.url().optional(),
    APP_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    DATABASE_URL: optionalUrl(['postgresql', 'postgres']),
    EMBEDDED_POSTGRES_PORT: port.default(5488),
    REDIS_URL: optionalUrl(['redis', 'rediss']),
    REDIS_PREFIX: z.string().min(1).default('loopwright'),
    SMTP_URL: optionalUrl(['smtp', 'smtps']),
    // Mail servers must show a certificate this machine trusts; `false` accepts a self-signed one (an internal server).
    SMTP_TLS_VERIFY: z
      .enum(['true', 'false'])
      .default('true')
      .transform((v) => v === 'true'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    LOG_FORMAT: z.enum(['json', 'pretty']).optional(),
    PAGE_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(10),
    TRUST_PROXY: z
      .enum(['true', 'false'])
      .default('false')
      .transform((v) => v === 'true'),
    DATA_DIR: z.string().min(1).optional(),
    RECAPTCHA_SITE_KEY: z.string().min(1).optional(),
    RECAPTCHA_SECRET: z.string().min(1).optional(),
    RECAPTCHA_VERIFY_URL: z.url().default('https://www.google.com/recaptcha/api/siteverify'),
    RECAPTCHA_MIN_SCORE: z.coerce.number().min(0).max(1).default(0.5),
    // Billing: unset = self-hosted mode, billing off, every workspace on the admin's plan.
    STRIPE_SECRET_KEY: z.string().min(1).optional(),
    GOOGLE_CLIENT_ID: z.string().min(1).optional(),
    GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
    GOOGLE_ISSUER: z.url().default('https://accounts.google.com'),
    GOOGLE_AUTHORIZE_URL: z.url().default('https://accounts.google.com/o/oauth2/v2/auth'),
    GOOGLE_TOKEN_URL: z.url().default('https://oauth2.googleapis.com/token'),
    GOOGLE_USERINFO_URL: z.url().default('https://openidconnect.googleapis.com/v1/userinfo'),
    // Google Drive import/export (offered when GOOGLE_CLIENT_ID/SECRET are set): the Drive REST API base.
    GOOGLE_DRIVE_API_BASE: z.url().default('https://www.googleapis.com'),
    // Third-party scripts on the public website, loaded only when set and consented to
    // (an absolute URL, or a path on this site for scripts the instance serves itself).
    WEBSITE_TAG_MANAGER_URL: scriptUrl,
    WEBSITE_ANALYTICS_URL: scriptUrl,
    WEBSITE_HEATMAP_URL: scriptUrl,
    WEBSITE_CHAT_WIDGET_URL: scriptUrl,
    // One slow query or request must not hold the server (0 turns a limit off).
    DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
    REQUEST_TIMEOUT_MS: z.coerce.number().int().min(0).max(600_000).default(12_000),
    // Blocks of simulation runs a worker process runs at once, one per thread (default: its cores).
    WORKER_THREADS: z.coerce.number().int().min(1).max(256).optional(),
    // When the engine steps through the code it writes for a diagram (read by the engine itself).
    LOOPWRIGHT_ENGINE_WRITTEN_STEP: z.enum(['auto', 'always', 'never']).optional(),
    // Runs per block of a server batch (default: about 1.5 s of work, from the diagram's size and steps).
    SIMULATION_BLOCK_RUNS: z.coerce.number().int().min(1).max(100_000).optional(),
    // How often a worker looks for server batches and studies whose jobs Redis lost (and queues them again).
    SIMULATION_RECOVERY_MS: z.coerce.number().int().min(500).max(86_400_000).default(60_000),
    // On SIGTERM: how long in-flight requests and jobs may take to finish before the process exits.
    SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
    // The release this server runs (e.g. a git SHA), served at /release.json: open editors offer to
    // save and refresh when it changes. Unset: the web build's own version.
    APP_RELEASE: z.string().trim().min(1).max(100).optional(),
    // Deleted diagrams stay in the Trash (restorable) this many days, then a maintenance job deletes them forever.
    TRASH_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
    // The admin audit log keeps its entries this many days, then a maintenance job deletes them.
    AUDIT_LOG_DAYS: z.coerce.number().int().min(1).max(3650).default(365),
    // Billing (Stripe; STRIPE_SECRET_KEY is above). The webhook signing secret (whsec_…).
    STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
    /** Where the Stripe SDK sends API calls (default https://api.stripe.com); tests point it at a fake. */
    STRIPE_API_BASE: z.url().optional(),
    // Prometheus: /metrics answers only `Authorization: Bearer <METRICS_TOKEN>`; unset, there is no /metrics.
    METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
    // The worker serves its own /metrics (same token) on this port when METRICS_TOKEN is set.
    METRICS_WORKER_PORT: port.default(9464),
    // OpenTelemetry traces over OTLP/HTTP (e.g. http://otel-collector:4318); unset, the SDK is not even loaded.
    OTEL_EXPORTER_OTLP_ENDPOINT: z.url().optional(),
    OTEL_SERVICE_NAME: z.string().min(1).default('loopwright'),
    // Calls a user API key may make per minute (the RateLimit headers tell the remaining allowance).
    API_KEY_RATE_LIMIT: z.coerce.number().int().min(1).max(1_000_000).default(600),
    // Webhook deliveries to private, loopback and link-local addresses are refused unless this is true (self-hosting).
    WEBHOOKS_ALLOW_PRIVATE: z
      .enum(['true', 'false'])
      .default('false')
      .transform((v) => v === 'true'),
    // Webhook deliveries (Settings → Webhooks) are kept this many days; the maintenance job
    // `maintenance.webhook-deliveries-prune` deletes older ones.
    WEBHOOK_DELIVERY_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
    MIGRATE_ON_START: z
      .enum(['true', 'false'])
      .default('true')
      .transform((v) => v === 'true'),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === 'production' && !env.APP_SECRET) {
      ctx.addIssue({
        code: 'custom',
        path: ['APP_SECRET'],
        message: 'is required in production (at least 32 characters)',
      });
    }
  });

export type Env = z.infer<typeof envSchema>;
