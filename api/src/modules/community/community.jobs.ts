import { z } from 'zod';
import { defineJob } from '../../core/queue/job-definition.js';

/** Designers and diagrams of the month: repeated on the 1st of each month (and at start when this month has none). */
export const ofTheMonthJob = defineJob({
  queue: 'maintenance',
  name: 'community.of-the-month',
  schema: z.object({
    month: z
      .string()
      .regex(/^\d{4}-\d{2}$/)
      .optional(),
  }),
  attempts: 3,
});

/** New trending diagram, designer and template: repeated daily; each becomes a Recent Activity item for everyone. */
export const trendingJob = defineJob({
  queue: 'maintenance',
  name: 'community.trending',
  schema: z.object({
    period: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/)
      .optional(),
  }),
  attempts: 3,
});

export const OF_THE_MONTH_PATTERN = '0 3 1 * *';
export const TRENDING_PATTERN = '30 3 * * *';
