import { customType } from 'drizzle-orm/pg-core';

/** Binary column. PGlite returns Uint8Array and postgres.js Buffer; both become Buffer here. */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
  toDriver: (value) => value,
});
