import { startTestServer } from './test-server.ts';

/** vitest: one PostgreSQL server and migrated template for the whole run; workers inherit its env. */
export default function setup(): Promise<() => Promise<void>> {
  return startTestServer();
}
