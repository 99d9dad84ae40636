import { skipToken } from '@tanstack/react-query';
import { trpc } from '../../../lib/trpc.ts';

/** The trips an alert was published with: a disruption's, or one trip update's own. */
export function useAlertLinks(alertId: string | null) {
  return trpc.disruptions.alertLinks.useQuery(alertId ? { alertId } : skipToken);
}
