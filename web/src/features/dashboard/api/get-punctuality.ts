import { keepPreviousData } from '@tanstack/react-query';
import { trpc } from '../../../lib/trpc.ts';

/** The dashboard's figures for a period of agency dates; the previous period stays shown while the next loads. */
export function usePunctuality(period: { from: string; to: string }) {
  return trpc.summaries.punctuality.useQuery(period, { placeholderData: keepPreviousData });
}
