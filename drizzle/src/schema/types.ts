import { customType } from 'drizzle-orm/pg-core';

/** Binary column: postgres.js sends and returns a Buffer as bytea. */
export const bytea = customType<{ data: Buffer; driverData: Buffer }>({
  dataType: () => 'bytea',
});
