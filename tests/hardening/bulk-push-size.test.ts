import { encodeFeedEntity, encodeFeedMessage } from '@feeddesk/proto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PENINSULA_TRAINS, storePeninsulaLine } from '../support/peninsula-line.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { protobufBody } from './hostile-payloads.ts';

/**
 * The largest bulk push allowed: FEED_PUSH_MAX_ENTITIES (10 000) trains, each its own trip id.
 * Every per-message lookup (the runs' updates, the schedule) names them all at once; PostgreSQL
 * takes at most 65 535 parameters in one statement. More than that in one message (the 1 MB body
 * limit lets 62 500 through) is refused whole before any is checked (docs/rest-api.md "Quotas of
 * a principal").
 */
describe('a bulk push as large as the body limit allows', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({});
  });
  afterAll(() => t?.close());

  const pushOf = (count: number) =>
    Buffer.from(
      encodeFeedMessage({
        header: { gtfsRealtimeVersion: '2.0', timestamp: Math.floor(Date.now() / 1000) },
        entity: Array.from({ length: count }, (_, i) => ({
          id: i.toString(36),
          tripUpdate: { trip: { tripId: i.toString(36) } },
        })),
      }),
    );

  it('refuses a push of more entities than FEED_PUSH_MAX_ENTITIES whole, with 413', async () => {
    const editor = await t.clientWithRoles(['edit'], 'cad-too-many');
    const body = pushOf(62_500);
    expect(body.length).toBeLessThan(1024 * 1024);
    const res = await editor.fetch('/feed/trip_updates', {
      method: 'POST',
      headers: { 'content-type': 'application/x-protobuf' },
      body,
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({
      description:
        'This FeedMessage has 62500 entities; one push takes at most 10000 (FEED_PUSH_MAX_ENTITIES). Send them in several pushes.',
    });
  });

  it('answers every entity of the largest push allowed with its refusal and keeps serving the feed meanwhile', async () => {
    const editor = await t.clientWithRoles(['edit'], 'cad');
    const count = 10_000;
    const body = pushOf(count);
    let polls = 0;
    let pushing = true;
    const poller = (async () => {
      while (pushing) {
        const res = await fetch(`${t.url}/feed/updates`);
        await res.arrayBuffer();
        if (res.status === 200) polls++;
        await new Promise((r) => setTimeout(r, 20));
      }
    })();
    const res = await editor.fetch('/feed/trip_updates', {
      method: 'POST',
      headers: { 'content-type': 'application/x-protobuf' },
      body,
    });
    pushing = false;
    await poller;
    expect(res.status).toBe(200);
    const answer = (await res.json()) as {
      saved: number;
      rejected: { id: string; notices: { code: string }[] }[];
    };
    expect(answer.saved).toBe(0);
    expect(answer.rejected).toHaveLength(count);
    expect(answer.rejected[0]!.notices[0]!.code).toBe('E041');
    // The feed was served while the push was checked (it lets the polls in every few entities).
    expect(polls).toBeGreaterThan(0);
  }, 120_000);
});

describe('the answer to a push of bad trains', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({});
    await storePeninsulaLine(t.deps);
  });
  afterAll(() => t?.close());

  it('answers a push of trains with hundreds of faults each in fewer bytes than it sent: ten notices an entity, errors first, 1 000 in all', async () => {
    const editor = await t.clientWithRoles(['edit'], 'cad-faults');
    // 275 trains of 200 unknown stops: 201 notices each, which once made a 14 MB answer to 1 MB.
    const body = Buffer.from(protobufBody('/feed/trip_updates', 'FeedMessage', 'many', []));
    const res = await editor.fetch('/feed/trip_updates', {
      method: 'POST',
      headers: { 'content-type': 'application/x-protobuf' },
      body,
    });
    expect(res.status).toBe(200);
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes.length).toBeLessThan(body.length);
    const answer = JSON.parse(bytes.toString()) as {
      saved: number;
      rejected: { id: string; notices: { code: string; severity: string }[]; noticesLeftOut?: number }[];
    };
    expect(answer.saved).toBe(0);
    expect(answer.rejected).toHaveLength(275);
    // Ten notices each for the first hundred, 1 000 in all; the rest counted.
    for (const [i, rejected] of answer.rejected.entries()) {
      expect(rejected.notices).toHaveLength(i < 100 ? 10 : 0);
      expect(rejected.noticesLeftOut).toBe(i < 100 ? 191 : 201);
      // The unknown train first: the sentence that says what to fix before the stops.
      if (i < 100) expect(rejected.notices[0]!.code).toBe('E003');
      expect(rejected.notices.every((n) => n.severity === 'error')).toBe(true);
    }
  }, 120_000);

  it('refuses one train of 20 000 unknown stops in a short answer: 200 notices and ten sentences', async () => {
    const editor = await t.clientWithRoles(['edit'], 'controller-faults');
    const entity = {
      id: 'many-stops',
      tripUpdate: {
        trip: { tripId: PENINSULA_TRAINS[0]![0] },
        stopTimeUpdate: Array.from({ length: 20_000 }, (_, i) => ({
          stopSequence: i + 1,
          stopId: `nowhere-${i}`,
          arrival: { delay: 60 },
        })),
      },
    };
    const body = Buffer.from(encodeFeedEntity(entity));
    const res = await editor.fetch('/feed/trip_update', {
      method: 'POST',
      headers: { 'content-type': 'application/x-protobuf' },
      body,
    });
    expect(res.status).toBe(422);
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes.length).toBeLessThan(body.length);
    const answer = JSON.parse(bytes.toString()) as {
      description: string;
      details: { notices: { severity: string }[]; noticesLeftOut: number };
    };
    expect(answer.details.notices).toHaveLength(200);
    expect(answer.details.notices.every((n) => n.severity === 'error')).toBe(true);
    expect(answer.details.noticesLeftOut).toBeGreaterThan(19_000);
    expect(answer.description).toMatch(/And \d+ more errors like these\.$/);
    expect(answer.description.split('Stop nowhere-').length - 1).toBe(10);
  }, 120_000);

  it('lists 1 000 notices in all for a push of 10 000 positions of unknown trains, the rest of the refused by id', async () => {
    const avl = await t.clientWithRoles(['edit'], 'avl-faults');
    const body = Buffer.from(
      encodeFeedMessage({
        header: { gtfsRealtimeVersion: '2.0', timestamp: Math.floor(Date.now() / 1000) },
        entity: Array.from({ length: 10_000 }, (_, i) => ({
          id: `bus-${i}`,
          vehicle: { trip: { tripId: `nowhere-${i}` }, position: { latitude: -33.9, longitude: 18.4 } },
        })),
      }),
    );
    const res = await avl.fetch('/feed/vehicle_positions', {
      method: 'POST',
      headers: { 'content-type': 'application/x-protobuf' },
      body,
    });
    expect(res.status).toBe(200);
    const answer = (await res.json()) as {
      saved: number;
      rejected: { id: string; notices: unknown[]; noticesLeftOut?: number }[];
    };
    expect(answer.rejected).toHaveLength(10_000);
    expect(answer.rejected.reduce((n, r) => n + r.notices.length, 0)).toBe(1000);
    expect(answer.rejected.at(-1)).toEqual({ id: 'bus-9999', notices: [], noticesLeftOut: 1 });
  }, 120_000);
});
