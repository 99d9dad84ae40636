import { z } from 'zod';
import { alertEntity, tripUpdateEntity } from './feed.schemas.ts';

/** A change an editor is about to save, to list the findings it would add. */
export const previewInput = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('trip_update'), entity: tripUpdateEntity }),
  z.object({ kind: z.literal('alert'), entity: alertEntity }),
]);
