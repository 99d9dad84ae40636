import type { AppDeps } from '../deps.ts';
import type { FeedKind } from './feed-kind.ts';

/**
 * The kind of each feed change (save, delete, expiry) from now on, in any process, until the
 * signal aborts: lets open lists refetch instead of waiting for a Refresh. First 'all', once
 * listening: a client that (re)connects refetches what it may have missed meanwhile; 'all' again
 * when this process listens again after its connection to the database was lost.
 */
export async function* followFeedChanges(
  deps: Pick<AppDeps, 'bus'>,
  options: { signal?: AbortSignal },
): AsyncGenerator<FeedKind | 'all'> {
  const queue: (FeedKind | 'all')[] = [];
  let wake: (() => void) | undefined;
  const off = deps.bus.on('feed_changed', (kind) => {
    // Several changes of one kind before the client reads are one refetch.
    if (!queue.includes(kind as FeedKind)) queue.push(kind as FeedKind);
    wake?.();
  });
  const offResume = deps.bus.onResume(() => {
    if (!queue.includes('all')) queue.push('all');
    wake?.();
  });
  const onAbort = () => wake?.();
  options.signal?.addEventListener('abort', onAbort);
  try {
    yield 'all';
    while (!options.signal?.aborted) {
      const kind = queue.shift();
      if (kind) {
        yield kind;
        continue;
      }
      await new Promise<void>((resolve) => {
        wake = resolve;
      });
      wake = undefined;
    }
  } finally {
    off();
    offResume();
    options.signal?.removeEventListener('abort', onAbort);
  }
}
