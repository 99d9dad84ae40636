import { z } from 'zod';

const text = z.string().max(200);

export const stopsInput = z.object({ stopname: text.optional() }).default({});
export const tripsInput = z
  .object({
    route: text.optional(),
    service: text.optional(),
    number: z.string().max(20).optional(),
    stop: text.optional(),
    /** A direction_id (given or derived), offered as "towards <terminus>" by schedule.directions. */
    direction: z.number().int().min(0).max(1).optional(),
    date: z
      .string()
      .regex(/^\d{8}$/, 'Give the service date as YYYYMMDD.')
      .optional(),
    after: z
      .string()
      .regex(/^\d{1,2}:\d{2}(:\d{2})?$/, 'Give the time as HH:MM or HH:MM:SS.')
      .optional(),
  })
  .default({});
/** `at`: POSIX seconds of the moment whose service day is meant (the impact start), default now. */
export const endOfServiceInput = z.object({ at: z.number().int().positive().optional() }).default({});
export const stopTimesInput = z.object({ tripId: text });
export const platformsInput = z.object({ stopIds: z.array(text).max(500) });
export const serviceDayInput = z.object({
  date: z.string().regex(/^\d{8}$/, 'Give the service date as YYYYMMDD.'),
  /** A service_id chosen: whether it runs that date, else the next date it does. */
  service: z.string().min(1).max(200).optional(),
});

/** tRPC reads a multipart body as FormData (httpLink, not batched). */
const versionId = z.number().int().positive().max(2_147_483_647);
export const diffInput = z.object({ from: versionId, to: versionId });
export const rollbackInput = z.object({ versionId });
