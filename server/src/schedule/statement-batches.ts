import { type AnyColumn, inArray, type SQL, type SQLWrapper, sql } from 'drizzle-orm';

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

/** PostgreSQL's array element type for a column's values: a serial's values are integers. */
const ELEMENT_TYPES: Record<string, string> = {
  serial: 'integer',
  integer: 'integer',
  smallint: 'smallint',
  bigserial: 'bigint',
  bigint: 'bigint',
  uuid: 'uuid',
  date: 'date',
  boolean: 'boolean',
};

/**
 * `column = any($1)`, the values one array parameter. Drizzle's inArray makes a parameter of
 * each value, and building a statement of thousands on the thread that serves the feed is one long
 * stretch: a push of 12 000 positions named its trains in one inArray, 62–169 ms each time
 * (docs/architecture.md "A save"). One statement text whatever the number of values,
 * prepared once per connection. The product's code uses this, never inArray (biome.json).
 * An expression (not a column) compares as text.
 */
export const isAnyOf = (column: AnyColumn | SQL, values: readonly (string | number)[]): SQL => {
  const element = 'getSQLType' in column ? (ELEMENT_TYPES[column.getSQLType()] ?? 'text') : 'text';
  return sql`${column} = any(${sql.param(values)}::${sql.raw(element)}[])`;
};

/** Bytes as PostgreSQL's text form of a bytea (hex), as jsonb_to_recordset reads it into a bytea column. */
export const byteaText = (bytes: Uint8Array): string =>
  `\\x${Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('hex')}`;

/** `column <> all($1)`: isAnyOf's negation, the values one array parameter. */
export const isNoneOf = (column: AnyColumn | SQL, values: readonly (string | number)[]): SQL =>
  sql`not (${isAnyOf(column, values)})`;

/** `column in (subquery)`: the one use of drizzle's inArray the product keeps (no list of values). */
export const inSubquery = (column: AnyColumn, subquery: Parameters<typeof inArray>[1] & SQLWrapper): SQL =>
  inArray(column, subquery);
