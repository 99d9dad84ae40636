import { sql } from 'drizzle-orm';
import { customType } from 'drizzle-orm/pg-core';

/**
 * Binary column. Written as `decode(<base64>, 'base64')`: PGlite turns a binary parameter into
 * text byte by byte (3.5 s for a 16 MB zip, the event loop blocked), base64 takes 0.3 s.
 * Read: PGlite returns Uint8Array and postgres.js Buffer; both become Buffer here. Large files are
 * read as base64 text by their services for the same reason (`bytesAsBase64`).
 */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
  toDriver: (value) => sql`decode(${Buffer.from(value).toString('base64')}, 'base64')` as never,
});
