import { z } from 'zod';
import { fuidParams, tagSchema } from './diagrams.js';
import { DiagramTexts } from './diagrams-texts.js';
import { defineEndpoint } from './endpoint.js';
import { envelope } from './errors.js';

/** Stored upper case, as colour pickers send lower case. */
const colorSchema = z
  .string()
  .trim()
  .regex(/^#[0-9A-Fa-f]{6}$/, 'Colours are #RRGGBB')
  .transform((c) => c.toUpperCase());
export const createTagBodySchema = z.object({
  name: z.string().trim().min(1, 'The tag needs a name').max(40),
  textColor: colorSchema.default('#FFFFFF'),
  backgroundColor: colorSchema.default('#5A55F4'),
});
export const updateTagBodySchema = z.object({
  name: z.string().trim().min(1, 'The tag needs a name').max(40).optional(),
  textColor: colorSchema.optional(),
  backgroundColor: colorSchema.optional(),
});
export const tagParams = z.object({ id: z.string().uuid() });
/** The caller's tags on a diagram, replaced as a whole (the diagram must be saved). */
export const diagramTagsBodySchema = z.object({ tagIds: z.array(z.string().uuid()).max(100) });
export const tagWithCountSchema = tagSchema.extend({ diagramCount: z.number().int(), createdAt: z.string() });

const tag = 'tags';
export const tagEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/tags',
    summary: 'My tags (tags manager)',
    tag,
    responses: { 200: envelope(z.object({ tags: z.array(tagWithCountSchema) })) },
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/tags',
    summary: `Create a tag ('${DiagramTexts.tagExists}' for a duplicate name)`,
    tag,
    body: createTagBodySchema,
    responses: { 201: envelope(z.object({ tag: tagWithCountSchema })) },
  }),
  update: defineEndpoint({
    method: 'PATCH',
    path: '/tags/:id',
    summary: 'Rename or recolour a tag',
    tag,
    params: tagParams,
    body: updateTagBodySchema,
    responses: { 200: envelope(z.object({ tag: tagWithCountSchema })) },
  }),
  delete: defineEndpoint({
    method: 'DELETE',
    path: '/tags/:id',
    summary: 'Delete a tag (it leaves every diagram)',
    tag,
    params: tagParams,
    responses: { 200: envelope(z.object({ message: z.string() })) },
  }),
  setOnDiagram: defineEndpoint({
    method: 'PUT',
    path: '/diagrams/:fuid/tags',
    summary: 'Select my tags on a diagram I can see (needs a saved diagram)',
    tag,
    params: fuidParams,
    body: diagramTagsBodySchema,
    responses: { 200: envelope(z.object({ tags: z.array(tagSchema) })) },
  }),
};

export type TagWithCount = z.infer<typeof tagWithCountSchema>;
