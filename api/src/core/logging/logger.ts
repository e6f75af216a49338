import { pino, type Logger } from 'pino';
import { prettyDestination } from './pretty.js';

export type LogFormat = 'json' | 'pretty';

/** JSON where machines read the logs; readable lines for a person at a terminal (LOG_FORMAT decides). */
export function defaultLogFormat(config: { LOG_FORMAT?: LogFormat; NODE_ENV: string }): LogFormat {
  return config.LOG_FORMAT ?? (process.stdout.isTTY && config.NODE_ENV !== 'production' ? 'pretty' : 'json');
}

/** Structured logs. Credentials never reach a log line, whatever the format. */
export function createLogger(
  level: string,
  bindings: Record<string, unknown> = {},
  format: LogFormat = 'json',
  out?: { write(text: string): unknown; isTTY?: boolean },
): Logger {
  return pino(
    {
      level,
      base: { service: 'loopwright', ...bindings },
      redact: {
        paths: [
          'req.headers.authorization',
          'req.headers.cookie',
          'res.headers["set-cookie"]',
          '*.password',
          '*.passwordHash',
          '*.token',
          '*.secret',
          '*.APP_SECRET',
          '*.DATABASE_URL',
          '*.REDIS_URL',
          '*.SMTP_URL',
        ],
        censor: '[redacted]',
      },
      timestamp: pino.stdTimeFunctions.isoTime,
    },
    format === 'pretty' ? prettyDestination(out) : out,
  );
}

/** Hides the password in a connection URL before it is logged. */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '[unparseable url]';
  }
}
