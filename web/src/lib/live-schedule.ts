import { skipToken } from '@tanstack/react-query';
import { useRef } from 'react';
import { trpc } from './trpc.ts';

/**
 * Keeps every open screen on the current schedule: when another version becomes current
 * (an upload or a rollback, in this tab, another one or another process), every schedule query
 * (routes, stops, services, trips, schedule info and its report), the findings and the disruptions
 * are read again. The subscription first sends the version current when it (re)connects: a change
 * missed while the connection was down is caught by comparing it with the last one seen.
 */
export function useLiveSchedule(enabled: boolean) {
  const utils = trpc.useUtils();
  const seen = useRef<number | null | undefined>(undefined);
  trpc.schedule.onChange.useSubscription(enabled ? undefined : skipToken, {
    onData: ({ versionId }) => {
      // Before the first message, the version the screens were read with.
      const known = seen.current === undefined ? utils.schedule.info.getData()?.versionId : seen.current;
      seen.current = versionId;
      if (known === undefined || known === versionId) return;
      void utils.schedule.invalidate();
      void utils.consistency.invalidate();
      void utils.disruptions.invalidate();
    },
  });
}
