import { renderMarkdown } from './markdown.js';
import { textValue } from './text-value.js';

/** Block fields written in markdown; they reach the website as HTML. */
const MARKDOWN_FIELDS = new Set(['text', 'answer']);

export const camelCase = (key: string) => key.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

function convert(value: unknown, key?: string): unknown {
  if (typeof value === 'string' && key && MARKDOWN_FIELDS.has(key)) return renderMarkdown(value);
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (Array.isArray(value)) return value.map((item) => convert(item));
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>).map(([k, v]) => {
        // `button_link` keeps the spelling the spec uses.
        const name = k === 'button_link' ? k : camelCase(k);
        return [name, convert(v, k)];
      }),
    );
  }
  return value;
}

/** Page blocks as the website receives them: snake_case keys → camelCase (types too), markdown → HTML. */
export function camelizeBlocks(blocks: unknown[]): Record<string, unknown>[] {
  return blocks.map((block) => {
    const converted = convert(block) as Record<string, unknown>;
    return { ...converted, type: camelCase(textValue(converted.type, 'richText')) };
  });
}
