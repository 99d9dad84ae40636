import { z } from 'zod';

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Give a date like 2025-09-23 (year-month-day).')
  .nullish();

/** Optional period in local dates (agency time zone), both included; absent = all history. */
export const createSummaryInput = z.object({ from: day, to: day }).nullish();

export const summaryNameInput = z.object({ name: z.string().max(200) });

/** The dashboard's period: the same local dates as a summary's. */
export const punctualityInput = createSummaryInput;
