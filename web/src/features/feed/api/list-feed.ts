import { trpc } from '../../../lib/trpc.ts';

export type FeedKind = 'trip_update' | 'alert';

export function useFeedList(kind: FeedKind) {
  return trpc.feed.list.useQuery({ kind });
}
