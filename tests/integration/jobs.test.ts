import { startJob } from '@feeddesk/server/jobs/run-job';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { followOverSocket } from '../support/live.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { trpcOverWebSocket } from '../support/trpc-ws.ts';

describe('job progress', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t?.close());

  /** A job whose steps the test releases one by one, so "late" and "live" are exact. */
  async function steppedJob() {
    const gates: (() => void)[] = [];
    const step = () => new Promise<void>((resolve) => gates.push(resolve));
    const { jobId, finished } = await startJob(t.deps, {
      kind: 'schedule_upload',
      work: async (reporter) => {
        await reporter.progress('first');
        await step();
        await reporter.progress('second');
        await step();
        return { status: 'done', message: 'all done' };
      },
    });
    const release = async () => {
      while (gates.length === 0) await new Promise((r) => setImmediate(r));
      gates.shift()!();
    };
    return { jobId, finished, release };
  }

  it('replays a job from the start to a late tRPC subscriber, then live messages, then ends', async () => {
    const browser = await t.clientWithRoles(['gtfs']);
    const job = await steppedJob();
    const { client, close } = trpcOverWebSocket(t.url, browser.cookieHeader);
    const received: string[] = [];
    const done = new Promise<void>((resolve, reject) => {
      client.jobs.onMessage.subscribe(
        { jobId: job.jobId },
        {
          onData: (m) => {
            received.push(`${m.data.status}:${m.data.message}`);
            if (m.data.message === 'first') void job.release().then(job.release);
          },
          onComplete: () => resolve(),
          onError: reject,
        },
      );
    });
    await done;
    close();
    await job.finished;
    expect(received).toEqual(['working:first', 'working:second', 'done:all done']);
  });

  it('refuses a view-only user who follows an upload job over tRPC, as /ws does', async () => {
    const viewer = await t.clientWithRoles(['view']);
    const job = await steppedJob();
    const { client, close } = trpcOverWebSocket(t.url, viewer.cookieHeader);
    const received: string[] = [];
    const error = await new Promise<{ message: string; data?: { code?: string } | null }>((resolve) => {
      client.jobs.onMessage.subscribe(
        { jobId: job.jobId },
        {
          onData: (m) => received.push(m.data.message),
          onError: resolve,
          onComplete: () => resolve({ message: 'completed without an error' }),
        },
      );
    });
    close();
    await job.release();
    await job.release();
    await job.finished;
    expect(received).toEqual([]);
    expect({ message: error.message, code: error.data?.code }).toEqual({
      message: "This job needs the 'gtfs' role.",
      code: 'FORBIDDEN',
    });
  });

  it('gives the same messages over Socket.IO /ws to a client that joins after the end', async () => {
    const browser = await t.clientWithRoles(['gtfs']);
    const job = await steppedJob();
    await job.release();
    await job.release();
    await job.finished;
    const messages = await followOverSocket(t.url, browser.cookieHeader, job.jobId, 'event');
    expect(messages.map((m) => [m.status, m.message])).toEqual([
      ['working', 'first'],
      ['working', 'second'],
      ['done', 'all done'],
    ]);
  });

  it('refuses the live connection without a session or without gtfs/excel', async () => {
    const viewer = await t.clientWithRoles(['view']);
    await expect(followOverSocket(t.url, '', 'x', 'event')).rejects.toThrow(/log in/);
    await expect(followOverSocket(t.url, viewer.cookieHeader, 'x', 'event')).rejects.toThrow(/role/);
  });

  it('marks a job whose process died as failed with a message', async () => {
    const { markInterruptedJobs } = await import('@feeddesk/server/jobs/mark-interrupted-jobs');
    const { createJob } = await import('@feeddesk/server/jobs/create-job');
    const { jobId } = await createJob(t.deps, { kind: 'schedule_upload' });
    t.clock.now = new Date(Date.now() + 60_000);
    expect(await markInterruptedJobs(t.deps)).toBeGreaterThanOrEqual(1);
    t.clock.now = null;
    const browser = await t.clientWithRoles(['gtfs']);
    const messages = await followOverSocket(t.url, browser.cookieHeader, jobId, 'event');
    expect(messages).toEqual([
      {
        status: 'error',
        message: 'The server stopped while this job was running, so it did not finish. Start it again.',
        validation_report: false,
      },
    ]);
  });
  it('writes lines given together in one go, in order, all before the last message', async () => {
    const { listJobMessages } = await import('@feeddesk/server/jobs/list-job-messages');
    const published: string[] = [];
    const publish = t.deps.bus.publish.bind(t.deps.bus);
    t.deps.bus.publish = async (channel, payload) => {
      published.push(channel);
      return publish(channel, payload);
    };
    try {
      const lines = Array.from({ length: 600 }, (_, i) => `route ${i}`);
      const { jobId, finished } = await startJob(t.deps, {
        kind: 'schedule_upload',
        // As an upload's per-route notices come: given at once, none awaited.
        work: async (reporter) => {
          for (const line of lines) void reporter.progress(line);
          return { status: 'done', message: 'loaded' };
        },
      });
      await finished;
      const messages = await listJobMessages(t.deps, { jobId });
      expect(messages.map((m) => m.message)).toEqual([...lines, 'loaded']);
      // A follower that joins late gets them all, in order, a page at a time.
      const { followJob } = await import('@feeddesk/server/jobs/follow-job');
      const followed: string[] = [];
      for await (const m of followJob(t.deps, { jobId, roles: ['gtfs'] })) followed.push(m.message);
      expect(followed).toEqual([...lines, 'loaded']);
      // The first line alone, the other 599 together, then the end: not one NOTIFY per line.
      expect(published.filter((c) => c === 'job_message').length).toBeLessThanOrEqual(3);
    } finally {
      t.deps.bus.publish = publish;
    }
  });
});
