/** A front-matter or settings value as text: strings, numbers and booleans as written, anything else the fallback. */
export function textValue(value: unknown, fallback = ''): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return fallback;
}
