import { ErrorCode, RequestTexts } from '@loopwright/contracts';

/** What kind of infrastructure failure an error is, if any: the filter answers 503 instead of 500. */
export type Outage = 'database' | 'storage-full' | 'statement-timeout' | 'queue';

/** How each is answered: 503 with Retry-After and a message a person understands, never a 500. */
export const OUTAGE_ANSWERS: Record<Outage, { code: ErrorCode; message: string; retryAfterSeconds: number }> = {
  database: { code: ErrorCode.DATABASE_UNAVAILABLE, message: RequestTexts.databaseUnavailable, retryAfterSeconds: 5 },
  'storage-full': { code: ErrorCode.STORAGE_FULL, message: RequestTexts.storageFull, retryAfterSeconds: 60 },
  'statement-timeout': { code: ErrorCode.REQUEST_TIMEOUT, message: RequestTexts.timeout, retryAfterSeconds: 5 },
  queue: { code: ErrorCode.SERVICE_UNAVAILABLE, message: RequestTexts.queueUnavailable, retryAfterSeconds: 5 },
};

const DATABASE_UNREACHABLE_KINDS = new Set([
  'DatabaseNotReachable',
  'ConnectionClosed',
  'SocketTimeout',
  'TooManyConnections',
  'TlsConnectionError',
  'DatabaseAccessDenied',
]);
// Prisma: can't reach, timed out, connection closed, pool timeout. PostgreSQL class 08 (connection), 57P0x
// (shutdown, idle session closed), 25P03 (a transaction left idle past its timeout: the server ends the
// session, as after it was frozen) and 53300 (too many connections).
const DATABASE_UNREACHABLE_CODES = new Set([
  'P1001',
  'P1002',
  'P1017',
  'P2024',
  '57P01',
  '57P02',
  '57P03',
  '57P05',
  '25P03',
  '53300',
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
]);
// The last: Prisma's P2028 when the database kept a transaction waiting past its timeout.
const CONNECTION_MESSAGES =
  /Connection terminated|Can't reach database server|connection (?:is )?closed|Client has encountered a connection error|timeout exceeded when trying to connect|terminating connection|expired transaction/i;

/** Codes and kinds found on the error, its Prisma driver-adapter cause and its cause chain. */
function signals(error: unknown): { codes: string[]; kinds: string[]; messages: string[] } {
  const found = { codes: [] as string[], kinds: [] as string[], messages: [] as string[] };
  const seen = new Set<unknown>();
  const visit = (value: unknown, depth: number) => {
    if (!value || typeof value !== 'object' || seen.has(value) || depth > 5) return;
    seen.add(value);
    const record = value as Record<string, unknown>;
    for (const key of ['code', 'originalCode']) if (typeof record[key] === 'string') found.codes.push(record[key]);
    if (typeof record.kind === 'string') found.kinds.push(record.kind);
    if (typeof record.message === 'string') found.messages.push(record.message);
    visit(record.cause, depth + 1);
    visit((record.meta as Record<string, unknown> | undefined)?.driverAdapterError, depth + 1);
  };
  visit(error, 0);
  return found;
}

export function classifyOutage(error: unknown): Outage | null {
  if ((error as { name?: string })?.name === 'QueueUnavailableError') return 'queue';
  const { codes, kinds, messages } = signals(error);
  if (codes.includes('53100')) return 'storage-full';
  if (codes.includes('57014')) return 'statement-timeout';
  if (kinds.some((k) => DATABASE_UNREACHABLE_KINDS.has(k)) || codes.some((c) => DATABASE_UNREACHABLE_CODES.has(c)))
    return 'database';
  if (messages.some((m) => CONNECTION_MESSAGES.test(m))) return 'database';
  return null;
}

/** Raised by the queue when Redis does not answer: a 503, not a 500. */
export class QueueUnavailableError extends Error {
  override name = 'QueueUnavailableError';
}
