import { readFile } from 'node:fs/promises';
import { importDiagram, type ImportResult } from '../import/index.js';

/** Reads our JSON or either XML format from disk. */
export async function readDiagramFile(path: string): Promise<ImportResult> {
  return importDiagram(await readFile(path, 'utf8'));
}
