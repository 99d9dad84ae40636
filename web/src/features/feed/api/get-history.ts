import { skipToken } from '@tanstack/react-query';
import { trpc } from '../../../lib/trpc.ts';
import type { FeedKind } from './list-feed.ts';

/** The history of one entity (who, when, what changed), fetched when its panel opens. */
export function useFeedHistory(kind: FeedKind, id: string | null) {
  return trpc.feed.history.useQuery(id ? { kind, id } : skipToken);
}
