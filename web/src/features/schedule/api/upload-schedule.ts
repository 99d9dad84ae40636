import { useNotifications } from '../../../lib/notifications.tsx';
import { trpc } from '../../../lib/trpc.ts';

/** Sends the workbook or zip to `schedule.upload` (FormData field `file`); answers the job id. */
export function useUploadSchedule({ onSuccess }: { onSuccess: (jobId: string) => void }) {
  const notify = useNotifications();
  const mutation = trpc.schedule.upload.useMutation({
    onSuccess: (result) => onSuccess(result.jobId),
    onError: (error) => notify.error(error),
  });
  return {
    ...mutation,
    mutate: (file: File) => {
      const body = new FormData();
      body.append('file', file);
      mutation.mutate(body);
    },
  };
}
