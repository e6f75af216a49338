export interface Problem {
  /** Id of the node, connection or variable the problem is on ('' for the document itself). */
  id: string;
  code: string;
  message: string;
  severity: 'error' | 'warning';
  /** For formula problems: 1-based character position in the formula. */
  position?: number;
  /** For formula problems: which field holds the formula. */
  field?: string;
  /** A warning that makes the simulation leave this node out. */
  disables?: boolean;
}

export class CompileError extends Error {
  constructor(readonly problems: Problem[]) {
    super(
      problems
        .filter((p) => p.severity === 'error')
        .map(formatProblem)
        .join('\n'),
    );
    this.name = 'CompileError';
  }
}

export function formatProblem(p: Problem): string {
  const where = p.position !== undefined ? ` at position ${p.position}${p.field ? ` of ${p.field}` : ''}` : '';
  return `${p.id || 'document'}: ${p.code}${where}: ${p.message}`;
}
