/**
 * Checks a webhook delivery's `Loopwright-Signature` header (`t=<unix seconds>,v1=<hex>`): the
 * HMAC-SHA256 of `${t}.${rawBody}` with the webhook's secret, and a timestamp no older than
 * `toleranceSeconds` (a replayed delivery is refused). Pass the body exactly as received, before
 * any JSON parsing. Resolves to the parsed event, or throws WebhookSignatureError.
 */
export async function verifyWebhook<T = WebhookEvent>(options: {
  body: string | Uint8Array;
  signature: string | null | undefined;
  secret: string;
  toleranceSeconds?: number;
  now?: number;
}): Promise<T> {
  const { secret, toleranceSeconds = 300 } = options;
  const body = typeof options.body === 'string' ? options.body : new TextDecoder().decode(options.body);
  const parts = new Map<string, string[]>();
  for (const item of (options.signature ?? '').split(',')) {
    const [key, value] = item.split('=', 2).map((s) => s?.trim());
    if (key && value) parts.set(key, [...(parts.get(key) ?? []), value]);
  }
  const timestamp = Number(parts.get('t')?.[0]);
  const signatures = parts.get('v1') ?? [];
  if (!Number.isInteger(timestamp) || signatures.length === 0)
    throw new WebhookSignatureError('The Loopwright-Signature header is missing or malformed');
  const now = Math.floor((options.now ?? Date.now()) / 1000);
  if (Math.abs(now - timestamp) > toleranceSeconds)
    throw new WebhookSignatureError('The delivery is too old (or the clocks disagree)');
  const key = await crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  const expected = new Uint8Array(
    await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(`${timestamp}.${body}`)),
  );
  if (!signatures.some((hex) => sameBytes(expected, hex)))
    throw new WebhookSignatureError('The signature does not match: not sent by Loopwright with this secret');
  return JSON.parse(body) as T;
}

/** A delivery's body: `type` is the event (`diagram.version_saved`, `ping`, …), `data` its facts. */
export interface WebhookEvent {
  id: string;
  type: string;
  createdAt: string;
  data: Record<string, unknown>;
}

export class WebhookSignatureError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebhookSignatureError';
  }
}

/** Constant-time comparison of the expected MAC with a hex string. */
function sameBytes(expected: Uint8Array, hex: string): boolean {
  if (!/^[0-9a-f]*$/i.test(hex) || hex.length !== expected.length * 2) return false;
  let difference = 0;
  for (let i = 0; i < expected.length; i++) difference |= expected[i] ^ parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return difference === 0;
}
