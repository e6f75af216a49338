import type { ImportResult } from './common.js';
import { importMachinationsXml } from './machinations.js';
import { importMxGraphXml } from './mxgraph.js';

export type { ImportResult, ImportWarning } from './common.js';
export { importMachinationsXml, importMxGraphXml };

/** Reads our JSON format or either XML format, told apart by their content. */
export function importDiagram(text: string): ImportResult {
  const t = text.replace(/^\uFEFF/, '').trimStart();
  if (t.startsWith('{')) {
    // Kept as written: compile/validate report schema problems with element ids.
    return { format: 'json', diagram: JSON.parse(t) as ImportResult['diagram'], warnings: [] };
  }
  if (!t.startsWith('<')) throw new Error('not a diagram: expected JSON or XML');
  if (/<mxGraphModel|ShapeCell|ConnectionCell|<mxfile/.test(t)) return importMxGraphXml(t);
  if (/<graph[\s>]/.test(t)) return importMachinationsXml(t);
  throw new Error('unknown XML: expected a Machinations <graph> or an mxGraph <mxGraphModel>');
}
