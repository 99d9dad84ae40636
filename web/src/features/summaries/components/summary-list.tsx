import { useState } from 'react';
import { Button, Card, Spinner, Table } from 'react-bootstrap';
import { LoadingScreen } from '../../../components/loading.tsx';
import { downloads } from '../../../config/paths.ts';
import { useNotifications } from '../../../lib/notifications.tsx';
import { trpc } from '../../../lib/trpc.ts';
import { useJob } from '../../../lib/use-job.ts';
import { useCreateSummary } from '../api/create-summary.ts';
import { useDeleteSummary } from '../api/delete-summary.ts';
import { useSummaries } from '../api/list-summaries.ts';

/** Spec §2 spreadsheet screen: summaries with download and delete; 'create new' with a spinner. */
export function SummaryList() {
  const notify = useNotifications();
  const utils = trpc.useUtils();
  const summaries = useSummaries();
  const remove = useDeleteSummary();
  const [jobId, setJobId] = useState<string | null>(null);
  const create = useCreateSummary({ onStarted: setJobId });
  const job = useJob(jobId, {
    onConnectionError: (error) => notify.error(error, 'Failed to connect to file status.'),
    onFinal: (message) => {
      if (message.status === 'error') notify.error(new Error(`Summary failed\n${message.message}`));
      else notify.success(`Sucessfully create summary excel ${message.message}`);
      void utils.summaries.list.invalidate();
    },
  });
  const busy = create.isPending || job.running;
  const onDelete = (name: string) => {
    if (window.confirm(`Are you sure you want to delete ${name}?`)) remove.mutate({ name });
  };
  return (
    <Card className="shadow-sm">
      <Card.Header className="d-flex justify-content-between align-items-center bg-white">
        <span className="text-body-secondary small">Newest first</span>
        <Button onClick={() => create.mutate({})} disabled={busy}>
          {busy && <Spinner size="sm" className="me-2" role="status" aria-label="Creating summary" />}
          Create new
        </Button>
      </Card.Header>
      {summaries.isLoading ? (
        <LoadingScreen />
      ) : (
        <Table hover responsive className="mb-0 align-middle">
          <thead>
            <tr>
              <th scope="col">File</th>
              <th scope="col" className="text-end">
                Actions
              </th>
            </tr>
          </thead>
          <tbody>
            {(summaries.data ?? []).length === 0 && (
              <tr>
                <td colSpan={2} className="text-body-secondary">
                  No summaries yet.
                </td>
              </tr>
            )}
            {(summaries.data ?? []).map((name) => (
              <tr key={name}>
                <td>{name}</td>
                <td className="text-end text-nowrap">
                  <a
                    href={downloads.summary(name)}
                    download
                    className="btn btn-sm btn-outline-primary me-2"
                    aria-label={`Download ${name}`}
                  >
                    Download
                  </a>
                  <Button
                    size="sm"
                    variant="outline-danger"
                    onClick={() => onDelete(name)}
                    aria-label={`Delete ${name}`}
                  >
                    Delete
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </Card>
  );
}
