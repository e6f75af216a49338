import { ANY_MEDIA_TYPE, type EndpointContract } from '@loopwright/contracts';
import type { Request } from 'express';

const UNSTORABLE = /\0|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
/** Text that may be unstorable: the full test (with its lookarounds) runs only on these. */
const SUSPECT = /[\0\ud800-\udfff]/;

const unstorable = (text: string) => SUSPECT.test(text) && UNSTORABLE.test(text);

/** A field path whose text (or key) PostgreSQL and JSON could not store faithfully: NUL or a lone surrogate. */
export function findBadText(value: unknown, path: string[] = [], depth = 0): string | null {
  const keys = badKeys(value, depth);
  return keys === null ? null : [...path, ...keys].join('.');
}

/** The keys down to the first unstorable text, or null; the path is built only when one is found. */
function badKeys(value: unknown, depth: number): string[] | null {
  if (typeof value === 'string') return unstorable(value) ? [] : null;
  if (value === null || typeof value !== 'object' || depth > 64 || Buffer.isBuffer(value)) return null;
  for (const key of Object.keys(value)) {
    if (unstorable(key)) return [key];
    const found = badKeys((value as Record<string, unknown>)[key], depth + 1);
    if (found !== null) {
      found.unshift(key);
      return found;
    }
  }
  return null;
}

function hasBody(request: Request): boolean {
  const length = request.headers['content-length'];
  return (length !== undefined && length !== '0') || request.headers['transfer-encoding'] !== undefined;
}

function matches(mediaType: string, accepted: string): boolean {
  if (accepted === ANY_MEDIA_TYPE) return true;
  if (accepted.endsWith('/*')) return mediaType.startsWith(accepted.slice(0, -1));
  return (
    mediaType === accepted || (accepted === 'application/json' && /^application\/[a-z0-9.+-]*\+json$/.test(mediaType))
  );
}

/** False when the request carries a body of a type the endpoint does not read (JSON unless it says otherwise). */
export function acceptsBodyType(request: Request, contract: EndpointContract): boolean {
  if (!hasBody(request)) return true;
  const mediaType = (request.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
  return (contract.consumes ?? ['application/json']).some((accepted) => matches(mediaType, accepted));
}
