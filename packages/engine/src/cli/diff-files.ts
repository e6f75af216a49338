import { diffDiagrams } from '../diff/diff.js';
import { formatDiffText } from '../diff/report.js';
import { readDiagramFile } from '../node/read.js';
import { parseDiagram, type Diagram } from '../schema.js';
import { USAGE } from './args.js';
import { formatReport } from './output.js';

/** `loopwright-sim diff A B [--json]`: exit 0 with the report, 2 when a file cannot be read. */
export async function diffFiles(a: string, b: string | undefined, json: boolean): Promise<number> {
  if (!b) {
    process.stderr.write(`error: missing B\n\n${USAGE}\n`);
    return 2;
  }
  const docs: Diagram[] = [];
  for (const path of [a, b]) {
    try {
      const imported = await readDiagramFile(path);
      process.stderr.write(formatReport(imported.warnings));
      docs.push(parseDiagram(imported.diagram));
    } catch (e) {
      process.stderr.write(`error: ${path}: ${(e as Error).message}\n`);
      return 2;
    }
  }
  const diff = diffDiagrams(docs[0], docs[1]);
  process.stdout.write(json ? `${JSON.stringify(diff, null, 2)}\n` : formatDiffText(diff));
  return 0;
}
