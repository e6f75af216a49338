import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import { guardedLookup, isPrivateAddress } from './webhook-address.js';

export interface PostResult {
  status: number | null;
  error: string | null;
}

/** POSTs a JSON body with node:http(s), so the lookup that picks the address can refuse it; 10 s in all. */
export function postJson(
  url: string,
  body: string,
  headers: Record<string, string>,
  allowPrivate: boolean,
  timeoutMs = 10_000,
): Promise<PostResult> {
  return new Promise((resolve) => {
    const target = new URL(url);
    // An address written in the URL is connected to without a lookup: checked here.
    const literal = target.hostname.replace(/^\[|\]$/g, '');
    if (!allowPrivate && isIP(literal) && isPrivateAddress(literal))
      return resolve({ status: null, error: `${literal} is a private or loopback address` });
    const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
    const request = send(
      target,
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body), ...headers },
        lookup: guardedLookup(allowPrivate),
        timeout: timeoutMs,
      },
      (response) => {
        response.resume(); // the answer's body is not kept
        response.on('end', () => resolve({ status: response.statusCode ?? null, error: null }));
        response.on('error', (error) => resolve({ status: response.statusCode ?? null, error: error.message }));
      },
    );
    request.on('timeout', () => request.destroy(new Error(`no answer within ${timeoutMs / 1000} s`)));
    request.on('error', (error) => resolve({ status: null, error: error.message }));
    request.end(body);
  });
}
