import { type AnyColumn, type SQL, sql } from 'drizzle-orm';

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

/**
 * `column = any($1)`, the ids one text[] parameter: drizzle's inArray makes a parameter of each,
 * and building statements of 500 of them was a third of a disruption's query-building time. One
 * statement text whatever the number of ids, prepared once per connection.
 */
export const isAnyOf = (column: AnyColumn, ids: readonly string[]): SQL =>
  sql`${column} = any(${sql.param(ids)}::text[])`;

/** Bytes as PostgreSQL's text form of a bytea (hex), as jsonb_to_recordset reads it into a bytea column. */
export const byteaText = (bytes: Uint8Array): string =>
  `\\x${Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('hex')}`;
