import { type FormEvent, useState } from 'react';
import { Alert, Button, Card, Form, Spinner } from 'react-bootstrap';
import { JobProgressBar } from '../../../components/job-progress-bar.tsx';
import { downloads } from '../../../config/paths.ts';
import { useNotifications } from '../../../lib/notifications.tsx';
import { useScheduleInfo } from '../../../lib/schedule-info.ts';
import { trpc } from '../../../lib/trpc.ts';
import { type JobConnection, useJob, useRunningJob } from '../../../lib/use-job.ts';
import { useUploadSchedule } from '../api/upload-schedule.ts';

export const UPLOAD_SUCCESS = '✅ Successfully uploaded the gtfs excel file.';

/** docs/spec.md §8 live connection messages, word for word. */
const CONNECTION: Record<JobConnection, string> = {
  connected: 'Connected to status of upload',
  failed: 'Failed to connect Connection to status of upload',
  lost: 'Lost Connection to status of upload',
};

/** docs/spec.md §2 upload screen: file, submit, the growing log of the job, and result links. */
export function UploadForm() {
  const notify = useNotifications();
  const utils = trpc.useUtils();
  const [file, setFile] = useState<File | null>(null);
  const [missing, setMissing] = useState(false);
  const [jobId, setJobId] = useState<string | null>(null);
  // When this browser heard the job end: schedule info read after it knows what the job loaded.
  const [finishedAt, setFinishedAt] = useState(0);
  const upload = useUploadSchedule({ onSuccess: setJobId });
  const job = useJob(jobId, {
    onError: (error) => notify.error(error),
    onFinal: (message) => {
      setFinishedAt(Date.now());
      void utils.schedule.info.invalidate();
      // The job's first sentence names what was uploaded (workbook or zip).
      if (message.status === 'done') notify.success(/^[^.]*\./.exec(message.message)?.[0] ?? UPLOAD_SUCCESS);
      else notify.error(new Error(message.message));
    },
  });
  // Opened or reloaded while an upload runs: follow it from its start.
  useRunningJob('schedule_upload', (running) => setJobId((current) => current ?? running));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setMissing(!file);
    if (!file) return;
    setJobId(null);
    upload.mutate(file);
  };
  const busy = upload.isPending || job.running;
  // docs/spec.md §2: the report link belongs to this upload, only when one of its messages carried a report;
  // it opens this upload's report (a refused one's is not the public report).
  const report = job.messages.some((m) => m.validation_report);
  // A later upload or a rollback (any tab, any process: the live schedule) replaced what this one
  // loaded: its links then follow the schedule that serves, and say so.
  const info = useScheduleInfo();
  const current = info.dataUpdatedAt > finishedAt ? (info.data?.versionId ?? null) : null;
  const loaded = job.final?.status === 'done' ? job.final.data?.version_id : undefined;
  const replaced = typeof loaded === 'number' && current !== null && current !== loaded;
  const connection = job.connection && CONNECTION[job.connection];
  const log = job.log.map((m) => m.message).join('\n');
  return (
    <Card className="shadow-sm">
      <Card.Body>
        <Form onSubmit={submit} noValidate aria-label="Upload schedule">
          <Form.Group className="mb-3" controlId="upload-file">
            <Form.Label>Schedule workbook (.xlsx) or GTFS zip</Form.Label>
            <Form.Control
              type="file"
              accept=".xlsx,.zip"
              isInvalid={missing}
              onChange={(e) => setFile((e.target as HTMLInputElement).files?.[0] ?? null)}
            />
            <Form.Control.Feedback type="invalid">Upload file!</Form.Control.Feedback>
          </Form.Group>
          <Button type="submit" disabled={busy}>
            {busy && <Spinner size="sm" className="me-2" aria-hidden="true" />}
            Upload
          </Button>
        </Form>
        {jobId && (
          <section className="mt-4" aria-label="Upload progress">
            <h2 className="h6">
              Progress{' '}
              {connection && (
                <small className="text-body-secondary" data-testid="upload-connection">
                  – {connection}
                </small>
              )}
            </h2>
            <JobProgressBar
              progress={job.progress}
              status={job.final?.status ?? null}
              label="Upload progress"
            />
            <pre
              className="bg-dark text-light p-3 rounded small mb-0"
              style={{ maxHeight: '20rem', overflow: 'auto', whiteSpace: 'pre-wrap' }}
              data-testid="upload-log"
              aria-live="polite"
              role="log"
              aria-label="Upload log"
              // A long log scrolls: keyboard users must be able to reach and scroll it too.
              // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region needs focus to scroll by keyboard
              tabIndex={0}
            >
              {log || 'Waiting for the job…'}
            </pre>
          </section>
        )}
        {job.final?.status === 'error' && (
          <Alert variant="danger" className="mt-3 mb-0">
            {job.final.message}
          </Alert>
        )}
        {replaced && (
          <Alert variant="info" className="mt-3 mb-0" data-testid="upload-replaced">
            Schedule version {current} is now current (it replaced version {String(loaded)}, loaded by this
            upload): the links below are the current schedule's.
          </Alert>
        )}
        {(job.final?.status === 'done' || report) && (
          <nav className="mt-3 d-flex flex-wrap gap-3" aria-label="Results">
            {job.final?.status === 'done' && (
              <>
                <a href={downloads.zip}>Download GTFS zip</a>
                <a href={downloads.workbook}>Download workbook</a>
              </>
            )}
            {report && (
              <a
                href={
                  replaced ? downloads.report : `${downloads.report}?job=${encodeURIComponent(jobId ?? '')}`
                }
                target="_blank"
                rel="noreferrer"
              >
                Validation report
              </a>
            )}
            {report && replaced && (
              <a
                href={`${downloads.report}?job=${encodeURIComponent(jobId ?? '')}`}
                target="_blank"
                rel="noreferrer"
              >
                This upload's validation report
              </a>
            )}
          </nav>
        )}
      </Card.Body>
    </Card>
  );
}
