import type { JobMessage } from '@feeddesk/server/jobs/job-message';
import { startJob } from '@feeddesk/server/jobs/run-job';
import { storeScheduleVersion } from '@feeddesk/server/schedule/store-schedule-version';
import { jnb, sampleFeed } from '@feeddesk/server/schedule/test-support/sample-feed';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { followOverSocket } from '../support/live.ts';
import { demoWorkbook, uploadSchedule } from '../support/schedule.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { trpcOverWebSocket } from '../support/trpc-ws.ts';

/** Every message of a finished job, as the web app's subscription receives them. */
async function messagesOverTrpc(t: TestApp, cookie: string, jobId: string): Promise<JobMessage[]> {
  const { client, close } = trpcOverWebSocket(t.url, cookie);
  const received: JobMessage[] = [];
  await new Promise<void>((resolve, reject) => {
    client.jobs.onMessage.subscribe(
      { jobId },
      { onData: (m) => received.push(m.data as JobMessage), onComplete: resolve, onError: reject },
    );
  });
  close();
  return received;
}

function progressOf(messages: JobMessage[]) {
  return messages.flatMap((m) => (m.progress ? [m.progress] : []));
}

/** The phases in the order they first appear. */
function phases(messages: JobMessage[]) {
  return [...new Set(progressOf(messages).map((p) => p.phase))];
}

describe('visible progress of uploads and summaries', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t?.close());

  it('reports an upload read, validated, written and loaded, the percent never going back and reaching 100', async () => {
    const planner = await t.clientWithRoles(['gtfs']);
    const {
      jobId,
      messages: events,
      final,
    } = await uploadSchedule(planner, await demoWorkbook(), 'demo.xlsx');
    expect(final.status).toBe('done');
    // /ws keeps the contract's events: progress-only messages never reach it as blank lines.
    expect(events.every((e) => e.message !== '')).toBe(true);

    const messages = await messagesOverTrpc(t, planner.cookieHeader, jobId);
    expect(phases(messages)).toEqual(['read', 'validate', 'write', 'load']);
    const percents = progressOf(messages).map((p) => p.percent);
    expect(percents).toEqual([...percents].sort((a, b) => a - b));
    expect(percents.at(-1)).toBe(100);
    const load = progressOf(messages).filter((p) => p.phase === 'load');
    expect(load.at(-1)).toMatchObject({ done: load.at(-1)!.total });
    expect(load.at(-1)!.total).toBeGreaterThan(100);
    // A progress message is a working message with no text of its own.
    expect(messages.filter((m) => m.progress).every((m) => m.status === 'working' && m.message === '')).toBe(
      true,
    );
  });

  it('reports a summary reading the log and writing its sheets, reaching 100', async () => {
    const manager = await t.clientWithRoles(['excel']);
    t.clock.now = jnb('2025-09-25T12:00:00');
    await storeScheduleVersion(t.deps, {
      feed: sampleFeed(),
      sourceKind: 'zip',
      sourceName: 'gtfs.zip',
      uploadedBy: 'test',
      jobId: null,
    });
    const res = await manager.postForm('/excel/make_excel', {});
    const jobId = await res.text();
    expect((await followOverSocket(t.url, manager.cookieHeader, jobId, 'finished')).at(-1)?.status).toBe(
      'success',
    );
    const messages = await messagesOverTrpc(t, manager.cookieHeader, jobId);
    expect(phases(messages)).toEqual(['read', 'write']);
    expect(progressOf(messages).at(-1)).toEqual({ phase: 'write', done: 6, total: 6, percent: 100 });
    t.clock.now = null;
  });

  it('names the running job of a kind to a screen opened while it runs, and none once it ended', async () => {
    const planner = await t.clientWithRoles(['gtfs']);
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { jobId, finished } = await startJob(t.deps, {
      kind: 'schedule_upload',
      createdBy: null,
      work: async () => {
        await gate;
        return { status: 'done', message: 'done' };
      },
    });
    const running = async (kind: string) => (await planner.trpc('query', 'jobs.running', { kind })).body;
    expect(await running('schedule_upload')).toEqual({ result: { data: { jobId, createdByName: null } } });
    expect(await running('summary')).toMatchObject({ error: { data: { code: 'FORBIDDEN' } } });
    release();
    await finished;
    expect(await running('schedule_upload')).toEqual({ result: { data: null } });
  });
});
