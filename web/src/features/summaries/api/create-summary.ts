import { useNotifications } from '../../../lib/notifications.tsx';
import { trpc } from '../../../lib/trpc.ts';

/** Starts a summary job; the caller follows the job until its 'finished' message. */
export function useCreateSummary({ onStarted }: { onStarted: (jobId: string) => void }) {
  const notify = useNotifications();
  return trpc.summaries.create.useMutation({
    onSuccess: (result) => onStarted(result.jobId),
    onError: (error) => notify.error(error),
  });
}
