import { ANY_MEDIA_TYPE, type EndpointContract } from '@loopwright/contracts';
import type { Request } from 'express';

const UNSTORABLE = /\0|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** A field path whose text (or key) PostgreSQL and JSON could not store faithfully: NUL or a lone surrogate. */
export function findBadText(value: unknown, path: string[] = [], depth = 0): string | null {
  if (typeof value === 'string') return UNSTORABLE.test(value) ? path.join('.') : null;
  if (value === null || typeof value !== 'object' || depth > 64 || Buffer.isBuffer(value)) return null;
  for (const [key, item] of Object.entries(value)) {
    if (UNSTORABLE.test(key)) return [...path, key].join('.') || 'key';
    const found = findBadText(item, [...path, key], depth + 1);
    if (found !== null) return found;
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
