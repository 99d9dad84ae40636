import { decodeFeedMessage, encodeFeedEntity, type FeedEntity } from '@feeddesk/proto';
import type { HttpClient } from './http-client.ts';

/** POSTs one FeedEntity as protobuf, as external clients and the original web app do. */
export function postEntity(
  client: HttpClient,
  path: '/feed/trip_update' | '/feed/service_alert',
  entity: FeedEntity,
  headers: Record<string, string> = {},
) {
  return client.fetch(path, {
    method: 'POST',
    headers: { 'content-type': 'application/x-protobuf', ...headers },
    body: Buffer.from(encodeFeedEntity(entity)),
  });
}

export async function getFeed(client: HttpClient, path: '/feed/updates' | '/feed/alerts') {
  const res = await client.get(path);
  return decodeFeedMessage(new Uint8Array(await res.arrayBuffer()));
}
