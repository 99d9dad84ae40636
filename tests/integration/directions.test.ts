import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { corridorTime, corridorZip, NORTHBOUND, SOUTHBOUND } from '../support/corridor-line.ts';
import type { HttpClient } from '../support/http-client.ts';
import { uploadSchedule } from '../support/schedule.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

/**
 * A schedule without direction_id gets directions derived at load, named by terminus,
 * selectable by REST, tRPC and the trip search; the upload log says so; riders' alerts never
 * carry a derived direction.
 */
describe('directions derived for a schedule that gives none', () => {
  let t: TestApp;
  let controller: HttpClient;
  let notices: string[];
  beforeAll(async () => {
    t = await startTestApp();
    const planner = await t.clientWithRoles(['view', 'gtfs'], 'planner');
    controller = await t.clientWithRoles(['view', 'edit'], 'controller');
    t.clock.now = corridorTime('05:00');
    const { final, messages } = await uploadSchedule(planner, corridorZip(), 'corridor.zip');
    expect([final.status, final.message]).toEqual(['done', expect.any(String)]);
    notices = messages.map((m) => String(m.message ?? '')).filter((m) => m.startsWith('Notice:'));
  });
  afterAll(() => t?.close());

  const post = (body: unknown) =>
    controller.fetch('/feed/disruptions', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const preview = async (select: object) => {
    const res = await post({ serviceDate: '20250923', select, action: { type: 'cancel' }, dryRun: true });
    expect(res.status).toBe(200);
    return ((await res.json()) as { trips: { tripId: string }[] }).trips.map((x) => x.tripId);
  };

  it('says in the upload log which trips got a derived direction and what each is called', () => {
    // Saved as they come: the log keeps them in either order.
    expect(notices.sort()).toEqual([
      'Notice: direction_id derived for 2 trips of route B7 from their termini (0 towards San Francisco, 1 towards San Jose Diridon).',
      'Notice: direction_id derived for 4 trips of route L1 from their termini (0 towards San Francisco, 1 towards Gilroy / San Jose Diridon).',
    ]);
  });

  it('names every direction by terminus, over the corridor and per route', async () => {
    const { body } = await controller.trpc('query', 'schedule.directions');
    const towards = (r: string | null, d: number) =>
      body.result.data.find(
        (x: { routeId: string | null; directionId: number }) => x.routeId === r && x.directionId === d,
      );
    expect(towards(null, 0)).toEqual({
      routeId: null,
      directionId: 0,
      towards: 'towards San Francisco',
      termini: ['San Francisco'],
      derived: true,
      trips: 3,
    });
    expect(towards(null, 1)).toEqual({
      routeId: null,
      directionId: 1,
      towards: 'towards San Jose Diridon',
      termini: ['San Jose Diridon', 'Gilroy'],
      derived: true,
      trips: 3,
    });
    expect(body.result.data).toHaveLength(6);
  });

  it('selects the trains towards San Francisco of every route by directionId, as the REST contract always did', async () => {
    expect(await preview({ directionId: 0 })).toEqual(NORTHBOUND);
    expect((await preview({ directionId: 1 })).sort()).toEqual([...SOUTHBOUND].sort());
    expect(await preview({ routeId: 'B7', directionId: 1 })).toEqual(['702']);
  });

  it('shows each train with its terminus in the preview, and names the direction when nothing matches', async () => {
    const { body } = await controller.trpc('mutation', 'disruptions.applyDisruption', {
      serviceDate: '20250923',
      select: { routeId: 'L1', directionId: 1 },
      action: { type: 'cancel' },
      dryRun: true,
    });
    expect(
      body.result.data.trips.map((x: { trainNumber: string; terminus: string; lastTime: string }) =>
        [x.trainNumber, x.terminus, x.lastTime].join(' '),
      ),
    ).toEqual(['102 San Jose Diridon 07:20', '104 Gilroy 09:00']);
    const res = await post({
      serviceDate: '20250923',
      select: { routeId: 'L1', directionId: 1, from: '10:00' },
      action: { type: 'cancel' },
      dryRun: true,
    });
    expect(res.status).toBe(400);
    expect((await res.json()).description).toBe(
      'No trip runs on 20250923 matching route L1, towards Gilroy / San Jose Diridon (direction 1), between 10:00 and the end: widen the selection or pick another date.',
    );
  });

  it('drafts the alert of a route and derived direction with its trains, not a direction riders’ apps cannot match', async () => {
    const { body } = await controller.trpc('mutation', 'disruptions.applyDisruption', {
      serviceDate: '20250923',
      select: { routeId: 'L1', directionId: 0 },
      action: { type: 'cancel' },
      alert: true,
      dryRun: true,
    });
    expect(body.result.data.alert.alert.informedEntity).toEqual([
      { trip: { tripId: '101', startDate: '20250923' } },
      { trip: { tripId: '103', startDate: '20250923' } },
    ]);
  });

  it('finds the trips of one direction in the trip search', async () => {
    const { body } = await controller.trpc('query', 'schedule.trips', {
      route: 'L1',
      direction: 1,
      date: '20250923',
    });
    expect(body.result.data.map((x: { trip_id: string }) => x.trip_id)).toEqual(['102', '104']);
  });

  it('refuses a direction that is not 0 or 1 with a sentence, and keeps serving', async () => {
    for (const direction of [2, -1, 'north', 0.5]) {
      const { status, body } = await controller.trpc('query', 'schedule.trips', { route: 'L1', direction });
      expect([status, body.error.message]).toEqual([400, expect.stringMatching(/direction/)]);
    }
    const res = await post({
      serviceDate: '20250923',
      select: { directionId: 2 },
      action: { type: 'cancel' },
    });
    expect(res.status).toBe(400);
    expect((await res.json()).description).toMatch(/directionId/);
    expect(await preview({ directionId: 0 })).toEqual(NORTHBOUND);
  });
});
