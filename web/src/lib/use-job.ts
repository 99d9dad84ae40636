import { skipToken } from '@tanstack/react-query';
import { useState } from 'react';
import { trpc } from './trpc.ts';

export type { JobMessage } from '@feeddesk/server/jobs/job-message';

import type { JobMessage } from '@feeddesk/server/jobs/job-message';

type Options = {
  onStarted?: () => void;
  onMessage?: (message: JobMessage) => void;
  /** The job's final message (status no longer 'working', spec §4 "Upload status"). */
  onFinal?: (message: JobMessage) => void;
  onConnectionError?: (error: unknown) => void;
};

/**
 * Every message of a job, live (tRPC subscription `jobs.onMessage` over the websocket). The
 * subscription resumes after the last seen message on reconnect and ends with the final one.
 */
export function useJob(jobId: string | null, options: Options = {}) {
  const [messages, setMessages] = useState<JobMessage[]>([]);
  const [final, setFinal] = useState<JobMessage | null>(null);
  const [current, setCurrent] = useState<string | null>(null);
  if (current !== jobId) {
    setCurrent(jobId);
    setMessages([]);
    setFinal(null);
  }
  trpc.jobs.onMessage.useSubscription(jobId && !final ? { jobId } : skipToken, {
    onStarted: options.onStarted,
    onData: (event) => {
      const message = ('data' in event ? event.data : event) as JobMessage;
      setMessages((list) => (list.some((m) => m.id === message.id) ? list : [...list, message]));
      options.onMessage?.(message);
      if (message.status !== 'working') {
        setFinal(message);
        options.onFinal?.(message);
      }
    },
    onError: (error) => options.onConnectionError?.(error),
  });
  return { messages, final, running: jobId !== null && final === null };
}
