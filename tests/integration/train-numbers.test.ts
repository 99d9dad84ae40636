import { strToU8, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { corridorFiles, corridorTime } from '../support/corridor-line.ts';
import { postEntity } from '../support/feed.ts';
import type { HttpClient } from '../support/http-client.ts';
import { uploadSchedule } from '../support/schedule.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

/**
 * Any operator's train numbers: Metro-North's trip ids are
 * `246131224613644+2285822+0` and the number riders know is trip_short_name `684`. The desk's
 * lists and alert links name the train by the schedule's number, and never as "train 0".
 */
const MNR_ID = (train: string) => `246131224613644+22${train.padStart(5, '0')}+0`;

function metroNorthLikeZip(): Uint8Array {
  const files = corridorFiles();
  const renamed = (text: string, column: number) =>
    text
      .split('\n')
      .map((line, i) => {
        if (i === 0) return line;
        const cells = line.split(',');
        cells[column] = MNR_ID(cells[column]!);
        return cells.join(',');
      })
      .join('\n');
  files['trips.txt'] = renamed(files['trips.txt']!, 2);
  files['stop_times.txt'] = renamed(files['stop_times.txt']!, 0);
  return zipSync(Object.fromEntries(Object.entries(files).map(([name, text]) => [name, strToU8(text)])));
}

describe('train numbers of an operator whose trip ids are not numbers', () => {
  let t: TestApp;
  let controller: HttpClient;

  beforeAll(async () => {
    t = await startTestApp({ trpc: true });
    const planner = await t.clientWithRoles(['gtfs', 'view', 'edit'], 'planner');
    controller = await t.clientWithRoles(['view', 'edit'], 'controller');
    t.clock.now = corridorTime('05:00');
    await uploadSchedule(planner, metroNorthLikeZip(), 'mnr-like.zip');
  });
  afterAll(() => t?.close());

  it('lists a trip update and an alert link with the schedule’s train number, and disrupts a train named by its number', async () => {
    const tripId = MNR_ID('103');
    const update = {
      id: 'late-103',
      tripUpdate: {
        trip: { tripId, startDate: '20250923' },
        stopTimeUpdate: [{ stopSequence: 1, stopId: 'GIL', departure: { delay: 300 } }],
      },
    };
    expect((await postEntity(controller, '/feed/trip_update', update)).status).toBe(200);
    const list = await controller.trpc('query', 'feed.list', { kind: 'trip_update' });
    const item = (list.body.result.data as { id: string; tripId: string; trainNumber?: string }[]).find(
      (i) => i.id === 'late-103',
    );
    expect(item).toMatchObject({ tripId, trainNumber: '103' });

    const applied = await controller.fetch('/feed/disruptions', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        serviceDate: '20250923',
        // By the number on the timetable, not the id.
        select: { tripIds: ['0701'] },
        action: { type: 'cancel' },
        reason: 'Crew shortage',
        alert: true,
      }),
    });
    expect(applied.status).toBe(200);
    const { alertId, trips } = (await applied.json()) as { alertId: string; trips: { tripId: string }[] };
    expect(trips.map((trip) => trip.tripId)).toEqual([MNR_ID('701')]);
    const links = await controller.trpc('query', 'disruptions.alertLinks', { alertId });
    expect(links.body.result.data.trips).toEqual([
      expect.objectContaining({ tripId: MNR_ID('701'), trainNumber: '701' }),
    ]);
  });
});
