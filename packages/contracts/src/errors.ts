import { z } from 'zod';

export { ErrorCode, errorMap, errorStatus, errorText } from './error-map.js';

export const errorBodySchema = z
  .object({
    success: z.literal(false),
    error: z.object({
      code: z.string(),
      message: z.string(),
      details: z.unknown().optional(),
      requestId: z.string(),
    }),
  })
  .meta({ id: 'ErrorBody' });
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** The `{ success, content }` envelope the spec's named endpoints answer with. */
export function envelope<T extends z.ZodType>(content: T) {
  return z.object({ success: z.literal(true), content });
}

export { RequestTexts } from './request-texts.js';
