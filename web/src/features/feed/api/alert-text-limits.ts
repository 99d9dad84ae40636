import { trpc } from '../../../lib/trpc.ts';

/** The server's text limits (the rules' own thresholds), said next to each alert text before saving. */
export function useAlertTextLimits() {
  return trpc.feed.alertTextLimits.useQuery(undefined, { staleTime: Number.POSITIVE_INFINITY });
}
