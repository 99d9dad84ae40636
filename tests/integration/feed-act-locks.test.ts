import { feedState } from '@feeddesk/drizzle';
import { inFeedTransaction, rehearseFeedAct } from '@feeddesk/server/feed/feed-transaction';
import { saveFeedEntity } from '@feeddesk/server/feed/save-feed-entity';
import { storeScheduleVersion } from '@feeddesk/server/schedule/store-schedule-version';
import { jnb, sampleFeed } from '@feeddesk/server/schedule/test-support/sample-feed';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app.ts';

/**
 * A controller's save is never held behind another act's writes of the same feed: the feed's
 * state row (header time, revision), which every save updates, is written as an act commits,
 * and never by a rehearsal (a disruption's preview), which is rolled back. Before, a save sent
 * while a 5 000-trip preview was writing waited for the whole preview to end.
 */
describe('a save while another feed act has written', () => {
  let t: TestApp;
  const delayed = (id: string, tripId: string) => ({
    kind: 'trip_update' as const,
    entity: {
      json: {
        id,
        tripUpdate: {
          trip: { tripId, startDate: '20250923' },
          stopTimeUpdate: [{ stopSequence: 1, departure: { delay: 120 } }],
        },
      },
    },
    by: null,
    log: true,
  });
  /** The save, or a failure after 5 s: a save held by a row lock would wait as long as the act. */
  const unheld = <T>(save: Promise<T>) =>
    Promise.race([
      save,
      new Promise<never>((_, reject) =>
        setTimeout(() => reject(new Error('the save waited for the other act')), 5000),
      ),
    ]);
  const revision = async () =>
    (await t.deps.db.select().from(feedState).where(eq(feedState.kind, 'trip_update')))[0]?.revision ?? 0;

  beforeAll(async () => {
    t = await startTestApp();
    await storeScheduleVersion(t.deps, {
      feed: sampleFeed(),
      sourceKind: 'zip',
      sourceName: 'gtfs.zip',
      uploadedBy: null,
      jobId: null,
    });
    t.clock.now = jnb('2025-09-23T05:00:00');
  });
  afterAll(() => t?.close());

  it('is saved while a rehearsal holds its writes, and the rehearsal marks nothing', async () => {
    const before = await revision();
    await rehearseFeedAct(t.deps, async (feed) => {
      await saveFeedEntity(feed.deps, { ...delayed('rehearsed', 'WD-0123'), changes: feed.changes });
      const saved = await unheld(saveFeedEntity(t.deps, delayed('meanwhile', 'WD-1234')));
      expect(saved.revision).toBe(1);
    });
    expect(await revision()).toBe(before + 1);
  });

  it('is saved while an act that has written is still at work, and both are marked', async () => {
    const before = await revision();
    await inFeedTransaction(t.deps, async (feed) => {
      await saveFeedEntity(feed.deps, { ...delayed('acted', 'WD-0123'), changes: feed.changes });
      const saved = await unheld(saveFeedEntity(t.deps, delayed('meanwhile', 'WD-1234')));
      expect(saved.revision).toBe(2);
    });
    expect(await revision()).toBe(before + 2);
  });
});
