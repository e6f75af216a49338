import nodemailer, { type Transporter } from 'nodemailer';

export interface SmtpSettings {
  host: string;
  port: number;
  secure: boolean;
  username?: string | null;
  password?: string | null;
  sender: string;
}

/**
 * Tight timeouts: nodemailer's defaults wait minutes on a dead server. The server's certificate is checked
 * (TLS or STARTTLS) unless `verifyTls` is off, for an internal server with a self-signed one.
 */
export function createSmtpTransport(settings: SmtpSettings, { verifyTls }: { verifyTls: boolean }): Transporter {
  return nodemailer.createTransport({
    host: settings.host,
    port: settings.port,
    secure: settings.secure,
    auth: settings.username ? { user: settings.username, pass: settings.password ?? '' } : undefined,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
    tls: { rejectUnauthorized: verifyTls },
  });
}

/** SMTP_URL → settings: smtp[s]://user:pass@host:port?from=sender@example.com */
export function settingsFromUrl(url: string, fallbackSender: string): SmtpSettings {
  const parsed = new URL(url);
  const secure = parsed.protocol === 'smtps:';
  return {
    host: parsed.hostname,
    port: Number(parsed.port || (secure ? 465 : 587)),
    secure,
    username: parsed.username ? decodeURIComponent(parsed.username) : null,
    password: parsed.password ? decodeURIComponent(parsed.password) : null,
    sender: parsed.searchParams.get('from') ?? fallbackSender,
  };
}

/** Whether an SMTP error will happen again however often we retry (5xx answers, bad login, bad address). */
export function isPermanentSmtpError(error: unknown): boolean {
  const { responseCode, code } = error as { responseCode?: number; code?: string };
  if (typeof responseCode === 'number') return responseCode >= 500;
  return code === 'EAUTH' || code === 'EENVELOPE';
}

/** The server's own words, for the admin: "550 5.1.1 mailbox unavailable", "connect ECONNREFUSED …". */
export function smtpErrorText(error: unknown): string {
  const { response, message } = error as { response?: string; message?: string };
  return (response ?? message ?? String(error)).trim();
}
