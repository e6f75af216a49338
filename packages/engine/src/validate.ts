import type { Problem } from './problems.js';
import { diagramSchema, type Diagram } from './schema.js';
import { analyze } from './compile.js';

/**
 * Every problem of a document, each with the element id, a code and a sentence (ENGINE.md §8).
 * Errors stop compilation; warnings mark a node the simulation leaves out (`disables`).
 */
export function validate(input: unknown): Problem[] {
  return inspect(input).problems;
}

/**
 * As `validate`, with the parsed document (defaults filled in) when the schema accepts it, so a
 * caller that keeps the document does not parse it a second time.
 */
export function inspect(input: unknown): { document: Diagram | null; problems: Problem[] } {
  const parsed = diagramSchema.safeParse(input);
  if (!parsed.success) {
    return {
      document: null,
      problems: parsed.error.issues.map((issue) => ({
        id: idAt(input, issue.path),
        code: 'SCHEMA',
        message: `${issue.path.join('.') || 'document'}: ${issue.message}`,
        severity: 'error' as const,
      })),
    };
  }
  return { document: parsed.data, problems: analyze(parsed.data).problems };
}

function idAt(input: unknown, path: PropertyKey[]): string {
  let cur: unknown = input;
  let id = '';
  for (const key of path) {
    if (cur === null || typeof cur !== 'object') break;
    cur = (cur as Record<PropertyKey, unknown>)[key];
    const maybe = cur && typeof cur === 'object' ? (cur as { id?: unknown }).id : undefined;
    if (typeof maybe === 'string') id = maybe;
  }
  return id;
}
