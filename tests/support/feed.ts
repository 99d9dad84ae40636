import { feedEntities, tripUpdateAlerts } from '@feeddesk/drizzle';
import { decodeFeedMessage, encodeFeedEntity, encodeFeedMessage, type FeedEntity } from '@feeddesk/proto';
import type { HttpClient } from './http-client.ts';
import type { TestApp } from './test-app.ts';

/** POSTs one FeedEntity as protobuf, as external clients and the original web app do. */
export function postEntity(
  client: HttpClient,
  path: '/feed/trip_update' | '/feed/service_alert' | '/feed/vehicle_position',
  entity: FeedEntity,
  headers: Record<string, string> = {},
) {
  return client.fetch(path, {
    method: 'POST',
    headers: { 'content-type': 'application/x-protobuf', ...headers },
    body: Buffer.from(encodeFeedEntity(entity)),
  });
}

export async function getFeed(
  client: HttpClient,
  path: '/feed/updates' | '/feed/alerts' | '/feed/positions',
) {
  const res = await client.get(path);
  return decodeFeedMessage(new Uint8Array(await res.arrayBuffer()));
}

/** POSTs one vehicle FeedEntity, or a whole FeedMessage of them, as an AVL system does. */
export function postPositions(
  client: HttpClient,
  entities: FeedEntity[],
  header: { timestamp?: number } = {},
) {
  return client.fetch('/feed/vehicle_positions', {
    method: 'POST',
    headers: { 'content-type': 'application/x-protobuf' },
    body: Buffer.from(
      encodeFeedMessage({
        header: { gtfsRealtimeVersion: '2.0', timestamp: Math.floor(Date.now() / 1000), ...header },
        entity: entities,
      }),
    ),
  });
}

/**
 * Empties the live feeds (and the trip updates' alert links) of a test app between tests, and says
 * so on the bus: the served feeds are cached until a change is announced.
 */
export async function clearLiveFeeds(t: Pick<TestApp, 'deps'>): Promise<void> {
  await t.deps.db.delete(feedEntities);
  await t.deps.db.delete(tripUpdateAlerts);
  await t.deps.bus.publish('feed_changed', 'trip_update');
  await t.deps.bus.publish('feed_changed', 'alert');
}
