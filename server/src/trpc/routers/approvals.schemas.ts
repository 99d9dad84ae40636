import { z } from 'zod';

export const pendingItemInput = z.object({ id: z.string().max(200) });
/** The reason's own bound (REASON_MAX_CHARS) is worded by the service; this one stops a hostile body. */
export const rejectPendingInput = z.object({ id: z.string().max(200), reason: z.string().max(100_000) });
