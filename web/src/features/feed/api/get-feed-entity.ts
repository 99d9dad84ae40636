import { skipToken } from '@tanstack/react-query';
import { trpc } from '../../../lib/trpc.ts';
import type { FeedKind } from './list-feed.ts';

/** One entity for an editor opened by `?id=` (a reload, or a link without navigation state). */
export function useFeedEntity(kind: FeedKind, id: string | null) {
  return trpc.feed.get.useQuery(id ? { kind, id } : skipToken);
}
