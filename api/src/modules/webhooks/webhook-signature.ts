import { createHmac } from 'node:crypto';

/**
 * The `Loopwright-Signature` header, as Stripe's: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`
 * with the webhook's secret. Receivers check it with `verifyWebhook` from @loopwright/client.
 */
export function signatureHeader(secret: string, body: string, timestamp = Math.floor(Date.now() / 1000)): string {
  const signature = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
  return `t=${timestamp},v1=${signature}`;
}
