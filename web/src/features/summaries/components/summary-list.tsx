import { useState } from 'react';
import { Button, Card, Form, Spinner, Table } from 'react-bootstrap';
import { JobProgressBar } from '../../../components/job-progress-bar.tsx';
import { LoadingScreen } from '../../../components/loading.tsx';
import { downloads } from '../../../config/paths.ts';
import { useNotifications } from '../../../lib/notifications.tsx';
import { trpc } from '../../../lib/trpc.ts';
import { useJob, useRunningJob } from '../../../lib/use-job.ts';
import { useCreateSummary } from '../api/create-summary.ts';
import { useDeleteSummary } from '../api/delete-summary.ts';
import { useSummaries } from '../api/list-summaries.ts';

/** docs/spec.md §2 spreadsheet screen: summaries with download and delete; 'create new' with a spinner. */
export function SummaryList() {
  const notify = useNotifications();
  const utils = trpc.useUtils();
  const summaries = useSummaries();
  const remove = useDeleteSummary();
  const [jobId, setJobId] = useState<string | null>(null);
  // Optional period of the history (agency dates, both included); empty = all history.
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const create = useCreateSummary({ onStarted: setJobId });
  const job = useJob(jobId, {
    // docs/spec.md §8: only a failed first connection is reported; a lost one reconnects and resumes.
    onConnection: (connection) => {
      if (connection === 'failed') notify.error(new Error('Failed to connect to file status.'));
    },
    onError: (error) => notify.error(error),
    onFinal: (message) => {
      if (message.status === 'error') notify.error(new Error(`Summary failed\n${message.message}`));
      else notify.success(`Sucessfully create summary excel ${message.message}`);
      void utils.summaries.list.invalidate();
    },
  });
  // Opened or reloaded while a summary is being made: follow it from its start.
  useRunningJob('summary', (running) => setJobId((current) => current ?? running));
  const busy = create.isPending || job.running;
  const onDelete = (name: string) => {
    if (window.confirm(`Are you sure you want to delete ${name}?`)) remove.mutate({ name });
  };
  return (
    <Card className="shadow-sm">
      <Card.Header className="d-flex flex-wrap gap-2 justify-content-between align-items-end bg-white">
        <span className="text-body-secondary small">Newest first</span>
        <div className="d-flex flex-wrap gap-2 align-items-end">
          <Form.Group controlId="summary-from">
            <Form.Label className="small mb-0">From (optional)</Form.Label>
            <Form.Control
              type="date"
              size="sm"
              value={from}
              max={to || undefined}
              onChange={(e) => setFrom(e.target.value)}
            />
          </Form.Group>
          <Form.Group controlId="summary-to">
            <Form.Label className="small mb-0">To (optional)</Form.Label>
            <Form.Control
              type="date"
              size="sm"
              value={to}
              min={from || undefined}
              onChange={(e) => setTo(e.target.value)}
            />
          </Form.Group>
          <Button
            onClick={() => create.mutate({ from: from || undefined, to: to || undefined })}
            disabled={busy}
          >
            {busy && <Spinner size="sm" className="me-2" role="status" aria-label="Creating summary" />}
            Create new
          </Button>
        </div>
      </Card.Header>
      {jobId && (
        <section className="px-3 pt-3" aria-label="Summary progress">
          <JobProgressBar
            progress={job.progress}
            status={job.final?.status ?? null}
            label="Summary progress"
          />
        </section>
      )}
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
