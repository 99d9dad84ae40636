import { z } from 'zod';
import { APPROVAL_SETTINGS } from '../../operator-settings/operator-settings.ts';

/**
 * Loose bounds at the edge (a hostile list stops here); the service says what is wrong with a
 * list within them (a tag that is not BCP 47, 41 languages, a name too long) in its own sentence.
 */
export const saveOperatorSettingsInput = z.object({
  languages: z.array(z.object({ tag: z.string().max(100), name: z.string().max(500) })).max(200),
  defaultLanguage: z.string().max(100),
  urlLanguage: z.string().max(100),
  /** The bus routes (route_type 3) replacement buses run on; absent: kept. */
  busRouteIds: z.array(z.string().max(200)).max(200).optional(),
  /** Two-person approval; absent: kept. */
  approval: z.enum(APPROVAL_SETTINGS).optional(),
  /** The languages every published alert must carry a header in (offered tags); absent: kept. */
  requiredLanguages: z.array(z.string().max(100)).max(200).optional(),
  confirmRemoval: z.boolean().optional(),
});

/** The catalogue of delay causes (docs/glossary.md "cause"); loose bounds, the service words the rest. */
export const saveDelayCausesInput = z.object({
  causes: z
    .array(
      z.object({
        code: z.string().max(100),
        labels: z.record(z.string().max(100), z.string().max(500)),
        gtfsCause: z.string().max(40),
      }),
    )
    .max(1000),
});
