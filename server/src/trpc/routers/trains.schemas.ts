import { z } from 'zod';
import { OCCUPANCY_STATUSES } from '../../formations/formation.ts';

/** A dated train; the date is checked by the service, which says what to fix. */
export const datedTrainInput = z.object({ tripId: z.string().min(1).max(200), date: z.string().max(40) });

const carriage = z.object({
  label: z.string().max(40),
  class: z.string().max(40).optional(),
  occupancyStatus: z.enum(OCCUPANCY_STATUSES).optional(),
  occupancyPercentage: z.number().int().min(0).max(300).optional(),
  toilet: z.boolean().optional(),
  closed: z.boolean().optional(),
});

// Far more than FORMATION_MAX_CARRIAGES, so a long train is refused by the service with the limit.
export const saveFormationInput = datedTrainInput.extend({ carriages: z.array(carriage).max(1000) });
