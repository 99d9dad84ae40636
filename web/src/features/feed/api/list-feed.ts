import { trpc } from '../../../lib/trpc.ts';

export type FeedKind = 'trip_update' | 'alert';

export function useFeedList(kind: FeedKind) {
  return trpc.feed.list.useQuery({ kind });
}

/**
 * Keeps the open lists live: each feed change (this controller's, a colleague's, an expiry, on any
 * process) refetches the list of its kind; 'all' comes on (re)connection, for changes missed meanwhile.
 * The consistency count is checked again with them: it is about the same feed.
 */
export function useLiveFeed() {
  const utils = trpc.useUtils();
  trpc.feed.onChange.useSubscription(undefined, {
    onData: (kind) => {
      if (kind === 'vehicle') return;
      if (kind === 'all') void utils.feed.list.invalidate();
      else void utils.feed.list.invalidate({ kind });
      void utils.consistency.list.invalidate();
    },
  });
}
