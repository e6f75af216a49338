import { DiagramErrorCode, DiagramLimits, DiagramTexts, type DiagramProblem } from '@loopwright/contracts';
import { diagramSchema, inspect, type Diagram } from '@loopwright/engine';
import { AppError } from '../../core/errors/app-error.js';

export type DiagramTypeTag = 'dice' | 'skill' | 'strategy' | 'multiplayer';

/** A document that passed the engine's schema and validation, with what the diagram row keeps of it. */
export interface CheckedDocument {
  document: Diagram;
  /** The document as JSON text (what sizeBytes measures and what a save writes). */
  json: string;
  warnings: DiagramProblem[];
  nodeCount: number;
  connectionCount: number;
  componentCount: number;
  sizeBytes: number;
  timeStepsLimit: number;
  typeTags: DiagramTypeTag[];
}

/**
 * Validates a document with the engine (schema, then every problem by element id). Errors refuse
 * the whole document with details.problems; warnings (nodes the simulation leaves out) are kept.
 * `limits: false` reads a stored document whatever its size: the size limits hold for what is saved.
 */
export function checkDocument(input: unknown, options: { allowEmpty: boolean; limits?: boolean }): CheckedDocument {
  const { document, problems } = inspect(input);
  const errors = problems.filter((p) => p.severity === 'error');
  if (errors.length || !document) {
    throw new AppError(DiagramErrorCode.DIAGRAM_INVALID, {
      message: `${DiagramTexts.invalidDocument}: ${errors[0].id || 'document'}: ${errors[0].message}`,
      details: {
        problems: errors.map(toProblem),
      },
    });
  }
  if (!options.allowEmpty && document.nodes.length === 0) throw new AppError(DiagramErrorCode.DIAGRAM_EMPTY);
  const componentCount = document.nodes.length + document.connections.length;
  const limits = options.limits ?? true;
  if (limits && componentCount > DiagramLimits.maxComponents)
    throw new AppError(DiagramErrorCode.DIAGRAM_LIMIT_REACHED, { details: { limit: DiagramLimits.maxComponents } });
  if (limits && document.settings.stepsLimit > DiagramLimits.maxTimeSteps) {
    throw new AppError(DiagramErrorCode.DIAGRAM_LIMIT_REACHED, {
      message: DiagramTexts.stepsLimit,
      details: { limit: DiagramLimits.maxTimeSteps, field: 'settings.stepsLimit' },
    });
  }
  const json = JSON.stringify(document);
  const sizeBytes = Buffer.byteLength(json);
  if (limits && sizeBytes > DiagramLimits.maxDocumentBytes)
    throw new AppError(DiagramErrorCode.DIAGRAM_TOO_LARGE, { details: { limit: DiagramLimits.maxDocumentBytes } });
  return {
    document,
    json,
    warnings: problems.filter((p) => p.severity === 'warning').map(toProblem),
    nodeCount: document.nodes.length,
    connectionCount: document.connections.length,
    componentCount,
    sizeBytes,
    timeStepsLimit: document.settings.stepsLimit,
    typeTags: typeTagsOf(document),
  };
}

export const emptyDocument = (): Diagram => diagramSchema.parse({});

function toProblem(p: {
  id: string;
  code: string;
  message: string;
  severity: 'error' | 'warning';
  field?: string;
}): DiagramProblem {
  return { id: p.id, code: p.code, message: p.message, severity: p.severity, ...(p.field ? { field: p.field } : {}) };
}

/**
 * The diagram type tags, read from the formulas: dice (`D6`, `2D6+1`, bare `D`, dice gates),
 * skill (`S`), strategy (`ST`), multiplayer (`M`).
 */
export function typeTagsOf(document: Diagram): DiagramTypeTag[] {
  const formulas = [
    ...document.connections.flatMap((c) => [c.formula, c.interval ?? '']),
    ...document.nodes.map((n) => n.formula ?? ''),
    ...document.variables.map((v) => v.formula),
  ].map((f) =>
    f.replace(/\b(random|randomInt|round|floor|ceil|abs|min|max|pow|sqrt|larger|smaller|equal|all|else)\b/g, ' '),
  );
  const has = (pattern: RegExp) => formulas.some((f) => pattern.test(f));
  const tags: DiagramTypeTag[] = [];
  const randomGate = document.nodes.some((n) => n.type === 'gate' && n.distribution === 'random');
  if (has(/(^|[^A-Za-z_])\d*D\d*(?![A-Za-z_])/) || randomGate) tags.push('dice');
  if (has(/(^|[^A-Za-z_])S(?![A-Za-z_0-9])/)) tags.push('skill');
  if (has(/(^|[^A-Za-z_])ST(?![A-Za-z_0-9])/)) tags.push('strategy');
  if (has(/(^|[^A-Za-z_])M(?![A-Za-z_0-9])/)) tags.push('multiplayer');
  return tags;
}
