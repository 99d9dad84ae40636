import { useMutation } from '@tanstack/react-query';
import { csrfToken } from '../../../lib/csrf.ts';
import { RestError } from '../../../lib/errors.ts';
import { useNotifications } from '../../../lib/notifications.tsx';

/**
 * Sends the workbook or zip to POST /gtfs/upload_gtfs (multipart, field `file`); answers the job
 * id. The REST route, not tRPC: it streams the file into the upload's memory as it arrives, where
 * tRPC would read the whole body and parse it in one go while the feed waits.
 */
export function useUploadSchedule({ onSuccess }: { onSuccess: (jobId: string) => void }) {
  const notify = useNotifications();
  return useMutation({
    mutationFn: async (file: File): Promise<string> => {
      const body = new FormData();
      body.append('file', file);
      const response = await fetch('/gtfs/upload_gtfs', {
        method: 'POST',
        body,
        credentials: 'same-origin',
        headers: { 'x-csrf-token': await csrfToken() },
      });
      if (!response.ok) throw await RestError.of(response);
      return response.text();
    },
    onSuccess,
    onError: (error) => notify.error(error),
  });
}
