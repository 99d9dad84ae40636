import { skipToken } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { trpc } from './trpc.ts';

export type { JobMessage } from '@feeddesk/server/jobs/job-message';
export type { JobProgress } from '@feeddesk/server/jobs/job-progress';

import type { JobMessage } from '@feeddesk/server/jobs/job-message';

/** 'failed': the first connection to the job failed; 'lost': an open connection was lost (docs/spec.md §8). */
export type JobConnection = 'connected' | 'failed' | 'lost';

type Options = {
  onMessage?: (message: JobMessage) => void;
  /** The job's final message (status no longer 'working', docs/spec.md §4 "Upload status"). */
  onFinal?: (message: JobMessage) => void;
  /** Called once per change of the connection to the job. */
  onConnection?: (connection: JobConnection) => void;
  /** The server refused to follow the job (a missing role, an unknown job). */
  onError?: (error: unknown) => void;
};

/**
 * Every message of a job, live (tRPC subscription `jobs.onMessage` over the websocket). The
 * subscription resumes after the last seen message on reconnect and ends with the final one, or
 * when the socket gives up reconnecting (docs/spec.md §9: 5 attempts).
 */
export function useJob(jobId: string | null, options: Options = {}) {
  const [messages, setMessages] = useState<JobMessage[]>([]);
  const [final, setFinal] = useState<JobMessage | null>(null);
  const [connection, setConnection] = useState<JobConnection | null>(null);
  const [gaveUp, setGaveUp] = useState(false);
  const [current, setCurrent] = useState<string | null>(null);
  if (current !== jobId) {
    setCurrent(jobId);
    setMessages([]);
    setFinal(null);
    setConnection(null);
    setGaveUp(false);
  }
  const optionsRef = useRef(options);
  optionsRef.current = options;
  // The job whose final message arrived: its subscription then completes on purpose.
  const finishedJob = useRef<string | null>(null);
  const subscription = trpc.jobs.onMessage.useSubscription(
    jobId && !final && !gaveUp ? { jobId } : skipToken,
    {
      onStarted: () => setConnection('connected'),
      onData: (event) => {
        const message = ('data' in event ? event.data : event) as JobMessage;
        setMessages((list) => (list.some((m) => m.id === message.id) ? list : [...list, message]));
        optionsRef.current.onMessage?.(message);
        if (message.status !== 'working') {
          finishedJob.current = message.jobId;
          setFinal(message);
          optionsRef.current.onFinal?.(message);
        }
      },
      onError: (error) => optionsRef.current.onError?.(error),
      onComplete: () => {
        if (finishedJob.current !== jobId) setGaveUp(true);
      },
    },
  );
  // tRPC reports a broken socket as 'connecting' with the error; whether the job's connection had
  // opened before tells a failed first connection from a lost one.
  const { status, error } = subscription;
  useEffect(() => {
    if (status === 'connecting' && error)
      setConnection((previous) => (previous === 'connected' || previous === 'lost' ? 'lost' : 'failed'));
  }, [status, error]);
  useEffect(() => {
    if (connection) optionsRef.current.onConnection?.(connection);
  }, [connection]);
  // The log shows messages with text; progress-only messages feed the bar (the latest wins).
  const log = messages.filter((m) => m.message);
  const progress = messages.findLast((m) => m.progress)?.progress ?? null;
  return { messages, log, progress, final, connection, running: jobId !== null && final === null && !gaveUp };
}

/**
 * The job of this kind running on the server when the screen opened (null when none): a second
 * browser, or this one after a reload, follows it and sees where it is.
 */
export function useRunningJob(kind: 'schedule_upload' | 'summary', onFound: (jobId: string) => void) {
  const running = trpc.jobs.running.useQuery({ kind }, { staleTime: Infinity, refetchOnWindowFocus: false });
  const found = running.data?.jobId ?? null;
  const onFoundRef = useRef(onFound);
  onFoundRef.current = onFound;
  useEffect(() => {
    if (found) onFoundRef.current(found);
  }, [found]);
}
