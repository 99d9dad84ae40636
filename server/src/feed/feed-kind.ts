/** The three live feeds; kind is stored with each entity. */
export type FeedKind = 'trip_update' | 'alert' | 'vehicle';

/** URL names of docs/rest-api.md (`/feed/updates`, `/feed/alerts`, `/feed/positions`) → kind. */
export const FEED_PATHS: Record<string, FeedKind> = {
  updates: 'trip_update',
  alerts: 'alert',
  positions: 'vehicle',
};

export const FEED_KINDS: FeedKind[] = ['trip_update', 'alert', 'vehicle'];
