import { useMutation } from '@tanstack/react-query';
import { csrfToken } from '../../../lib/csrf.ts';
import { useNotifications } from '../../../lib/notifications.tsx';

/** Reads the gateway's error body {error, description} (contract.md) into an Error with a title. */
async function uploadError(res: Response): Promise<Error> {
  const text = await res.text();
  try {
    const body = JSON.parse(text) as { error?: string; description?: string };
    return new Error(body.description ? `${body.error ?? 'Error'}\n${body.description}` : text);
  } catch {
    return new Error(text || res.statusText);
  }
}

/** Sends the workbook or zip as multipart field `file`; answers the job id (contract.md /gtfs). */
export function useUploadSchedule({ onSuccess }: { onSuccess: (jobId: string) => void }) {
  const notify = useNotifications();
  return useMutation({
    mutationFn: async (file: File) => {
      const body = new FormData();
      body.append('file', file);
      const res = await fetch('/gtfs/upload_gtfs', {
        method: 'POST',
        body,
        credentials: 'same-origin',
        headers: { 'X-CSRF-Token': await csrfToken() },
      });
      if (!res.ok) throw await uploadError(res);
      return (await res.text()).trim();
    },
    onSuccess,
    onError: (error) => notify.error(error),
  });
}
