import { feedEntities } from '@feeddesk/drizzle';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postEntity } from '../support/feed.ts';
import type { HttpClient } from '../support/http-client.ts';
import { demoWorkbook, uploadSchedule } from '../support/schedule.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

/** Tuesday 23 September 2025, 06:00 in Johannesburg (UTC+2). */
const NOW = new Date('2025-09-23T04:00:00Z');
const at = (seconds: number) => new Date(NOW.getTime() + seconds * 1000);

/** No silent overwrite, delete named and undone, history per entity. */
describe('two controllers on one train', () => {
  let t: TestApp;
  let thandi: HttpClient;
  let pieter: HttpClient;

  beforeAll(async () => {
    t = await startTestApp({ trpc: true });
    const planner = await t.clientWithRoles(['gtfs'], 'planner');
    thandi = await t.clientWithRoles(['view', 'edit'], 'thandi');
    pieter = await t.clientWithRoles(['view', 'edit'], 'pieter');
    t.clock.now = NOW;
    await uploadSchedule(planner, await demoWorkbook(), 'demo.xlsx');
  });
  afterAll(() => t?.close());

  const delayed = (tripId: string, delay: number, id?: string) => ({
    ...(id ? { id } : {}),
    tripUpdate: {
      trip: { tripId, startDate: '20250923' },
      stopTimeUpdate: [{ stopSequence: 2, stopId: 'WOODSTOCK', arrival: { delay } }],
    },
  });
  const saveTrip = (client: HttpClient, entity: object, baseRevision?: number) =>
    client.trpc('mutation', 'feed.saveTripUpdate', { entity, baseRevision });
  const rowOf = async (id: string) =>
    (await t.deps.db.select().from(feedEntities).where(eq(feedEntities.id, id)))[0];

  it('refuses a save that started from an older revision with 409, naming who changed it and when', async () => {
    t.clock.now = NOW;
    const first = await saveTrip(thandi, delayed('WD-101', 300), 0);
    expect(first.status).toBe(200);
    const { id, revision } = first.body.result.data;
    expect(revision).toBe(1);
    t.clock.now = at(120);
    const second = await saveTrip(thandi, delayed('WD-101', 420, id), 1);
    expect(second.body.result.data.revision).toBe(2);
    t.clock.now = at(180);
    // Pieter opened revision 1 and saves after Thandi's second save
    const stale = await saveTrip(pieter, delayed('WD-101', 600, id), 1);
    expect(stale.status).toBe(409);
    expect(stale.body.error.data.appCode).toBe('entity_changed');
    expect(stale.body.error.message).toBe(
      'Train WD-101 was changed by thandi at 2025-09-23 06:02:00 since you opened it. Reload to see that change, then save again.',
    );
    expect(stale.body.error.data.details).toEqual({
      id,
      revision: 2,
      updatedBy: 'thandi',
      updatedAt: '2025-09-23T04:02:00.000Z',
    });
    const row = await rowOf(id);
    expect(row?.revision).toBe(2);
    expect(row?.json).toMatchObject({ tripUpdate: { stopTimeUpdate: [{ arrival: { delay: 420 } }] } });
  });

  it('says a train deleted (or expired) meanwhile was deleted, not changed by the controller saving it', async () => {
    t.clock.now = NOW;
    const { id } = (await saveTrip(pieter, delayed('WD-107', 300), 0)).body.result.data;
    // The background expiry or a colleague removes the row while Thandi edits revision 1.
    expect((await pieter.trpc('mutation', 'feed.delete', { kind: 'trip_update', id })).status).toBe(200);
    const res = await saveTrip(thandi, delayed('WD-107', 600, id), 1);
    expect(res.status).toBe(409);
    expect(res.body.error.data.appCode).toBe('entity_changed');
    expect(res.body.error.message).toBe(
      'Train WD-107 was deleted since you opened it. Reload, then save again.',
    );
    expect(res.body.error.data.details).toMatchObject({ id, revision: 0, updatedBy: null });
    expect(await rowOf(id)).toBeUndefined();
  });

  it('refuses a new update (revision 0) for a train that already has one on that date, giving its id', async () => {
    const existing = (
      await t.deps.db
        .select()
        .from(feedEntities)
        .where(and(eq(feedEntities.kind, 'trip_update'), eq(feedEntities.tripId, 'WD-101')))
    )[0]!;
    const res = await saveTrip(pieter, delayed('WD-101', 600), 0);
    expect(res.status).toBe(409);
    expect(res.body.error.data.details.id).toBe(existing.id);
    expect(res.body.error.data.details.revision).toBe(existing.revision);
  });

  it('keeps last-write-wins for protobuf clients of the REST contract', async () => {
    const { id } = (await saveTrip(thandi, delayed('WD-103', 300), 0)).body.result.data;
    const res = await postEntity(pieter, '/feed/trip_update', delayed('WD-103', 900, id) as never);
    expect(res.status).toBe(200);
    expect((await rowOf(id))?.revision).toBe(2);
  });

  it('refuses a stale alert save the same way', async () => {
    const alert = (header: string, id?: string) => ({
      ...(id ? { id } : {}),
      alert: {
        activePeriod: [{ start: NOW.getTime() / 1000, end: NOW.getTime() / 1000 + 3600 }],
        informedEntity: [{ stopId: 'WOODSTOCK' }],
        headerText: { translation: [{ text: header, language: 'en' }] },
      },
    });
    const saved = await thandi.trpc('mutation', 'feed.saveAlert', {
      entity: alert('Lift broken'),
      baseRevision: 0,
    });
    const { id } = saved.body.result.data;
    expect(
      (await thandi.trpc('mutation', 'feed.saveAlert', { entity: alert('Lift fixed', id), baseRevision: 1 }))
        .status,
    ).toBe(200);
    const stale = await pieter.trpc('mutation', 'feed.saveAlert', {
      entity: alert('Lift broken again', id),
      baseRevision: 1,
    });
    expect(stale.status).toBe(409);
    expect(stale.body.error.message).toMatch(/^This alert was changed by thandi at 2025-09-23 /);
  });

  it('undoes a delete within a minute exactly, and not after', async () => {
    t.clock.now = at(300);
    const { id } = (await saveTrip(thandi, delayed('WD-105', 300), 0)).body.result.data;
    await saveTrip(thandi, delayed('WD-105', 360, id), 1);
    const before = await rowOf(id);
    t.clock.now = at(400);
    expect((await pieter.trpc('mutation', 'feed.delete', { kind: 'trip_update', id })).status).toBe(200);
    expect(await rowOf(id)).toBeUndefined();
    t.clock.now = at(459);
    const undo = await pieter.trpc('mutation', 'feed.restore', { kind: 'trip_update', id });
    expect(undo.status).toBe(200);
    expect(await rowOf(id)).toEqual(before);

    await pieter.trpc('mutation', 'feed.delete', { kind: 'trip_update', id });
    t.clock.now = at(520);
    const late = await pieter.trpc('mutation', 'feed.restore', { kind: 'trip_update', id });
    expect(late.status).toBe(409);
    expect(late.body.error.data.appCode).toBe('undo_expired');
    expect(await rowOf(id)).toBeUndefined();
  });

  it('lists the history of one entity: who, when, what changed', async () => {
    const id = (await t.deps.db.select().from(feedEntities).where(eq(feedEntities.tripId, 'WD-101')))[0]!.id;
    const res = await pieter.trpc('query', 'feed.history', { kind: 'trip_update', id });
    expect(res.status).toBe(200);
    const entries = res.body.result.data as { at: string; by: string; action: string; changes: string[] }[];
    expect(entries.map((e) => [e.at, e.by, e.action])).toEqual([
      ['2025-09-23T04:00:00.000Z', 'thandi', 'save'],
      ['2025-09-23T04:02:00.000Z', 'thandi', 'save'],
    ]);
    expect(entries[1]!.changes).toEqual(['tripUpdate.stopTimeUpdate[0].arrival.delay: 300 → 420']);
  });
});
