import type { JobProgress } from './job-progress.ts';

/** One message of a job's log, as clients receive it (docs/rest-api.md /ws; tRPC subscription). */
export type JobMessage = {
  id: number;
  jobId: string;
  at: string;
  status: 'working' | 'done' | 'error' | 'success';
  message: string;
  validation_report?: boolean;
  data?: Record<string, unknown>;
  /** Where the job is (a progress message has an empty `message`; extra field of /ws and tRPC). */
  progress?: JobProgress;
};

export type JobKind = 'schedule_upload' | 'summary';

export function isFinalStatus(status: string): boolean {
  return status !== 'working';
}
