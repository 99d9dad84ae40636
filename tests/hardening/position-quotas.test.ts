import { encodeFeedEntity, encodeFeedMessage } from '@feeddesk/proto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectCleanError } from './helpers.ts';
import {
  type AttackedProduct,
  expectFeedHeld,
  type FeedFigures,
  feedBaseline,
  metricValue,
  pollDuring,
  startProductForAttacks,
} from './principal-attacks.ts';

/**
 * docs/rest-api.md "Quotas of a principal": an edit token posting 360 000 vehicle positions made a
 * 20.9 MB positions feed, 830 MB of memory and held the public feed at p99 465 ms. Now a push holds
 * at most FEED_PUSH_MAX_ENTITIES (10 000, 413 beyond), a principal at most
 * VEHICLE_POSITIONS_PER_PRINCIPAL live positions and the feed at most VEHICLE_POSITIONS_MAX
 * (20 000), counted in the database (429 beyond).
 */

/** A FeedMessage of `count` positions with ids from `from`, as an AVL system pushes them. */
function positions(from: number, count: number): Uint8Array<ArrayBuffer> {
  const now = Math.floor(Date.now() / 1000);
  return new Uint8Array(
    encodeFeedMessage({
      header: { gtfsRealtimeVersion: '2.0', timestamp: now },
      entity: Array.from({ length: count }, (_, i) => ({
        id: `bus-${from + i}`,
        vehicle: {
          vehicle: { id: `unit-${from + i}` },
          position: { latitude: -33.9 + (i % 100) / 1000, longitude: 18.4 + (i % 97) / 1000 },
          timestamp: now - 5,
        },
      })),
    }),
  );
}

describe('quotas of live vehicle positions, on the real product', () => {
  let product: AttackedProduct;
  let baseline: FeedFigures;
  beforeAll(async () => {
    product = await startProductForAttacks();
    baseline = await feedBaseline(product.url);
  }, 120_000);
  afterAll(() => product?.close());

  const push = (token: string, body: Uint8Array<ArrayBuffer>) =>
    fetch(`${product.url}/feed/vehicle_positions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/x-protobuf' },
      body,
    });

  it('an edit token pushing 360 000 positions gets 10 000 in; the feed keeps its pace and size', async () => {
    const token = await product.token(['view', 'edit']);
    const rssBefore = product.rssMb();
    const too = await push(token, positions(0, 10_001));
    expect((await expectCleanError(too, 413)).description).toBe(
      'This FeedMessage has 10001 entities; one push takes at most 10000 (FEED_PUSH_MAX_ENTITIES). Send them in several pushes.',
    );
    const measured = await pollDuring(product.url, async () => {
      const answers: { status: number; body: unknown }[] = [];
      for (let from = 0; from < 360_000; from += 10_000) {
        const res = await push(token, positions(from, 10_000));
        answers.push({ status: res.status, body: await res.json() });
      }
      return answers;
    });
    expectFeedHeld(measured, baseline);
    expect(product.alive()).toBe(true);
    const [first, ...rest] = measured.result;
    expect(first).toMatchObject({ status: 200, body: { saved: 10_000, rejected: [] } });
    expect(rest.map((a) => a.status)).toEqual(rest.map(() => 429));
    expect(rest[0]!.body).toMatchObject({
      code: 429,
      error: 'Too many vehicle positions',
      description:
        'You have 10000 live vehicle positions in the feed; these 10000 would make 20000, over VEHICLE_POSITIONS_PER_PRINCIPAL (10000). Send only the vehicles in service; positions leave the feed after VEHICLE_POSITION_TTL_MINUTES.',
    });
    // Its own positions again (an AVL system's next round) are taken: they replace, not add.
    expect((await push(token, positions(0, 10_000))).status).toBe(200);
    const feed = await fetch(`${product.url}/feed/positions`, { headers: { 'accept-encoding': 'identity' } });
    const bytes = (await feed.arrayBuffer()).byteLength;
    expect(bytes, 'bytes of the positions feed').toBeLessThan(1_000_000);
    expect(product.rssMb() - rssBefore, 'MB grown').toBeLessThan(300);
    expect(
      await metricValue(
        product.url,
        'feeddesk_quota_refusals_total{quota="vehicle_positions_per_principal"}',
      ),
    ).toBe(35);
    expect(
      await metricValue(product.url, 'feeddesk_quota_refusals_total{quota="entities_per_request"}'),
    ).toBe(1);
  }, 120_000);

  it('holds VEHICLE_POSITIONS_MAX over all producers, also for a single save', async () => {
    const second = await product.token(['view', 'edit']);
    expect((await push(second, positions(100_000, 10_000))).status).toBe(200);
    const third = await product.token(['view', 'edit']);
    const refused = await push(third, positions(200_000, 10));
    expect((await expectCleanError(refused, 429)).description).toBe(
      'The positions feed holds 20000 live vehicle positions; these 10 would make 20010, over VEHICLE_POSITIONS_MAX (20000). Send only the vehicles in service; positions leave the feed after VEHICLE_POSITION_TTL_MINUTES.',
    );
    const one = await fetch(`${product.url}/feed/vehicle_position`, {
      method: 'POST',
      headers: { authorization: `Bearer ${third}`, 'content-type': 'application/x-protobuf' },
      body: new Uint8Array(
        encodeFeedEntity({
          id: 'bus-one-more',
          vehicle: {
            vehicle: { id: 'unit-one-more' },
            position: { latitude: -33.9, longitude: 18.4 },
            timestamp: Math.floor(Date.now() / 1000) - 5,
          },
        }),
      ),
    });
    expect((await expectCleanError(one, 429)).description).toMatch(/over VEHICLE_POSITIONS_MAX \(20000\)/);
    expect(await metricValue(product.url, 'feeddesk_quota_refusals_total{quota="vehicle_positions"}')).toBe(
      2,
    );
  }, 60_000);
});
