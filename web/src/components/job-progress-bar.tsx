import { ProgressBar } from 'react-bootstrap';
import type { JobProgress } from '../lib/use-job.ts';

const PHASES: Record<JobProgress['phase'], string> = {
  read: 'Reading',
  validate: 'Validating',
  write: 'Writing',
  load: 'Loading',
};

/**
 * Where a job is: its phase and the percent of the whole job, as a bar with role="progressbar"
 * and aria-valuenow (react-bootstrap's ProgressBar), its text readable beside it.
 */
export function JobProgressBar({
  progress,
  status,
  label,
}: {
  progress: JobProgress | null;
  /** The job's final status, once it ended. */
  status: 'working' | 'done' | 'success' | 'error' | null;
  label: string;
}) {
  const failed = status === 'error';
  const finished = status === 'done' || status === 'success';
  const percent = finished ? 100 : (progress?.percent ?? 0);
  const phase = finished ? 'Finished' : progress ? PHASES[progress.phase] : 'Starting';
  const text = failed ? `Stopped while ${phase.toLowerCase()} at ${percent}%` : `${phase} – ${percent}%`;
  return (
    <div className="mb-2" data-testid="job-progress">
      <div className="d-flex justify-content-between small mb-1">
        <span>{text}</span>
        {progress && !finished && progress.total > 1 && (
          <span className="text-body-secondary">
            {progress.done.toLocaleString('en-ZA')} of {progress.total.toLocaleString('en-ZA')}
          </span>
        )}
      </div>
      {/* The inner bar carries role="progressbar"; a child bar gets our aria attributes. */}
      <ProgressBar>
        <ProgressBar
          now={percent}
          variant={failed ? 'danger' : finished ? 'success' : undefined}
          animated={!failed && !finished}
          aria-label={label}
          aria-valuetext={text}
        />
      </ProgressBar>
    </div>
  );
}
