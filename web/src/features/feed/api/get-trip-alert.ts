import type { AppRouter } from '@feeddesk/server/trpc/app-router';
import { keepPreviousData, skipToken } from '@tanstack/react-query';
import type { inferRouterInputs } from '@trpc/server';
import { trpc } from '../../../lib/trpc.ts';

export type TripAlertInput = inferRouterInputs<AppRouter>['disruptions']['tripAlert'];

/** The trip update's linked alert, the alert drafted for the change in the editor, and what to offer. */
export function useTripAlert(input: TripAlertInput | null) {
  return trpc.disruptions.tripAlert.useQuery(input ?? skipToken, { placeholderData: keepPreviousData });
}
