/**
 * Rows one statement writes, or ids one query names, at once. Building a statement of thousands
 * of parameters and mapping its rows are each one stretch of the event loop: one query for 4 438
 * Renfe trips' stop times held the feed's polls for 180–280 ms, and an insert of 1 000 trip
 * updates ~75 ms; between two statements the polls get in.
 */
export const STATEMENT_BATCH = 500;

/** The items in slices of `size`. */
export function* batchesOf<T>(items: readonly T[], size = STATEMENT_BATCH): Generator<T[]> {
  for (let i = 0; i < items.length; i += size) yield items.slice(i, i + size);
}

/** The rows of many ids (a disruption's 5 000 trips, their 65 000 stop times), a batch of ids per query. */
export async function readInBatches<T>(
  ids: readonly string[],
  read: (batch: string[]) => Promise<readonly T[]>,
): Promise<T[]> {
  const rows: T[] = [];
  for (const batch of batchesOf(ids)) {
    for (const row of await read(batch)) rows.push(row);
  }
  return rows;
}
