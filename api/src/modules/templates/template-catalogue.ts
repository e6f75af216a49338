import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { templateTypeSchema, tourStepSchema } from '@loopwright/contracts';
import { diagramSchema, validate, type Diagram } from '@loopwright/engine';
import { z } from 'zod';
import { repoPaths } from '../../core/paths.js';

/** One file of content/templates: the template's metadata and its document (the engine format). */
export const templateFileSchema = z.object({
  id: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/),
  type: templateTypeSchema.exclude(['community']),
  title: z.string().min(1),
  description: z.string().min(40),
  position: z.number().int(),
  /** Ids of the elements the chart plots (the point the template makes). */
  chart: z.array(z.string()).min(1),
  tour: z.array(tourStepSchema).optional(),
  document: diagramSchema,
});
export type TemplateFile = z.infer<typeof templateFileSchema>;

export const catalogueRoot = path.join(repoPaths.content, 'templates');

/** Reads and checks every template file; a broken file is an error naming it (the catalogue is ours). */
export async function readCatalogue(root = catalogueRoot): Promise<TemplateFile[]> {
  const files = (await readdir(root)).filter((f) => f.endsWith('.json')).sort();
  const templates: TemplateFile[] = [];
  for (const file of files) {
    const parsed = templateFileSchema.safeParse(JSON.parse(await readFile(path.join(root, file), 'utf8')));
    if (!parsed.success) throw new Error(`content/templates/${file}: ${parsed.error.message}`);
    const problems = validate(parsed.data.document).filter((p) => p.severity === 'error');
    if (problems.length)
      throw new Error(`content/templates/${file}: ${problems.map((p) => `${p.id}: ${p.message}`).join('; ')}`);
    templates.push(parsed.data);
  }
  return templates.sort((a, b) => a.position - b.position);
}

/** The document with exactly the template's chart series plotted. */
export function chartedDocument(t: TemplateFile): Diagram {
  const charted = new Set(t.chart);
  return { ...t.document, nodes: t.document.nodes.map((n) => ({ ...n, showInChart: charted.has(n.id) })) };
}
