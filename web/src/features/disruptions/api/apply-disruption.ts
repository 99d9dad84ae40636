import { useNotifications } from '../../../lib/notifications.tsx';
import { trpc } from '../../../lib/trpc.ts';

/** Preview (dryRun) and apply share one procedure; an applied one refreshes the lists and the feed. */
export function useApplyDisruption({ onApplied }: { onApplied?: () => void } = {}) {
  const utils = trpc.useUtils();
  const notify = useNotifications();
  return trpc.disruptions.applyDisruption.useMutation({
    onSuccess: async (result) => {
      if (result.state === 'pending' && result.pendingId) {
        // Approval covers disruptions: nothing changed for riders yet; the list shows it waiting.
        await utils.approvals.list.invalidate();
        notify.success(
          `Disruption of ${result.count} trips saved for approval: it is applied once another user with the approve role approves it (Feed screen, "Waiting to enter the feed").`,
        );
        onApplied?.();
        return;
      }
      if (!result.id) return;
      // The alert told with it may wait for approval or its time (docs/contract-notes.md).
      const alert = !result.alertId
        ? ''
        : result.alertState === 'pending'
          ? '; alert pending approval'
          : result.alertState === 'scheduled'
            ? '; alert scheduled'
            : '; alert published';
      if (result.alertState === 'pending' || result.alertState === 'scheduled')
        await utils.approvals.list.invalidate();
      await Promise.all([
        utils.disruptions.list.invalidate(),
        utils.feed.list.invalidate(),
        utils.feed.tripCause.invalidate(),
      ]);
      notify.success(
        result.versionId
          ? `Planned works published: schedule version ${result.versionId} is now current, ${result.count} trips do not run on ${result.serviceDate} as timetabled${alert}.`
          : `Disruption applied to ${result.count} trips${
              result.replacementTrips ? `, ${result.replacementTrips.length} replacement buses added` : ''
            }${alert.replace(';', ',')}.`,
      );
      onApplied?.();
    },
    onError: (error) => notify.error(error),
  });
}
