import { skipToken } from '@tanstack/react-query';
import { trpc } from '../../../lib/trpc.ts';

/** The delay cause kept for a dated train (docs/glossary.md "cause"); none asked without a date. */
export function useTripCause(train: { tripId: string; date?: string } | null) {
  return trpc.feed.tripCause.useQuery(
    train?.date ? { tripId: train.tripId, startDate: train.date.replaceAll('-', '') } : skipToken,
  );
}
