import { trpc } from '../../../lib/trpc.ts';

export function useTrains() {
  return trpc.trains.list.useQuery();
}

/**
 * Keeps the trains live: every change of the positions feed (an AVL push, an expiry, on any process)
 * refetches the list; 'all' comes on (re)connection, for pushes missed meanwhile.
 */
export function useLiveTrains() {
  const utils = trpc.useUtils();
  trpc.feed.onChange.useSubscription(undefined, {
    onData: (kind) => {
      if (kind === 'all' || kind === 'vehicle') void utils.trains.list.invalidate();
    },
  });
}
