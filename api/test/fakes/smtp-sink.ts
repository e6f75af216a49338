import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface CapturedMail {
  from: string;
  to: string[];
  subject: string;
  /** The message with quoted-printable soft breaks and escapes decoded. */
  body: string;
}

export interface SmtpSink {
  port: number;
  url: string;
  messages: CapturedMail[];
  /** Answer the next messages with this SMTP error (e.g. 550) instead of accepting them. */
  rejectWith(code: number | null, message?: string): void;
  waitFor(predicate: (mail: CapturedMail) => boolean, timeoutMs?: number): Promise<CapturedMail>;
  close(): Promise<void>;
}

function decodeQuotedPrintable(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/**
 * A real SMTP server on loopback that keeps what it receives (optionally requiring a login). With `starttls` it
 * offers STARTTLS with smtp-server's own self-signed certificate, one no machine trusts.
 */
export async function startSmtpSink(
  options: { username?: string; password?: string; starttls?: boolean } = {},
): Promise<SmtpSink> {
  const messages: CapturedMail[] = [];
  let rejection: { code: number; message: string } | null = null;
  const server = new SMTPServer({
    authOptional: !options.username,
    disabledCommands: options.starttls ? [] : ['STARTTLS'],
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === options.username && auth.password === options.password)
        callback(null, { user: auth.username });
      else callback(Object.assign(new Error('Invalid username or password'), { responseCode: 535 }));
    },
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
      stream.on('end', () => {
        if (rejection) return callback(Object.assign(new Error(rejection.message), { responseCode: rejection.code }));
        const body = decodeQuotedPrintable(raw);
        messages.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          subject: /^Subject: (.*)$/m.exec(body)?.[1]?.trim() ?? '',
          body,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    messages,
    rejectWith(code, message = 'Mailbox unavailable') {
      rejection = code ? { code, message } : null;
    },
    async waitFor(predicate, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = messages.find(predicate);
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no matching mail within ${timeoutMs} ms (got ${messages.length})`);
        await new Promise((r) => setTimeout(r, 25));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The first link in a captured mail whose path is `path` (e.g. /confirm-email), with its token. */
export function linkFrom(mail: CapturedMail, path: string): { url: string; token: string } {
  const match = new RegExp(`(https?://[^\\s"<>]*${path}\\?token=([A-Za-z0-9_%-]+))`).exec(mail.body);
  if (!match) throw new Error(`no ${path} link in mail "${mail.subject}"`);
  return { url: match[1], token: decodeURIComponent(match[2]) };
}
