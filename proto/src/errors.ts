/** Bytes that are not a valid GTFS-Realtime message: garbage, truncated, or missing a required field. */
export class FeedDecodeError extends Error {
  override name = 'FeedDecodeError';
}

/** An object that does not fit the GTFS-Realtime schema, so it cannot be encoded. */
export class FeedVerifyError extends Error {
  override name = 'FeedVerifyError';
}
