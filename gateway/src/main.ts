import type { AddressInfo } from 'node:net';
import { openDb } from '@feeddesk/drizzle';
import { loadConfig } from '@feeddesk/server/config';
import { createAppDeps } from '@feeddesk/server/create-deps';
import { surviveTransientErrors } from '@feeddesk/server/http/transient-errors';
import pino from 'pino';
import { buildProduct } from './product.ts';
import { watchLauncher } from './support/launcher.ts';

/**
 * The gateway alone: the documented REST/protobuf contract, the public feeds and /ws, without tRPC
 * or the web app (docs/architecture.md: feed endpoints scaled and placed apart from the staff server).
 * It needs DATABASE_URL: it shares PostgreSQL with the staff-facing processes, which own start-up
 * work (first admin, demo schedule); it only listens for their changes.
 */
const config = loadConfig();
const onLauncherGone = watchLauncher();
if (!config.DATABASE_URL) {
  console.error(
    "The gateway runs beside the main server on its PostgreSQL: set DATABASE_URL (the URL `npm start` prints for its embedded PostgreSQL, or your server's).",
  );
  process.exit(2);
}
const log = pino({ level: config.LOG_LEVEL });
surviveTransientErrors(log);
const database = await openDb(config.DATABASE_URL, { watch: true });
const deps = createAppDeps({ config, database, log });
await deps.bus.start();
const app = await buildProduct({ deps, logger: { level: config.LOG_LEVEL }, trpc: false, serveWeb: false });

let closing = false;
const shutdown = async () => {
  // Once, whichever of a signal and the launcher's end comes first.
  if (closing) return;
  closing = true;
  await app.close();
  await deps.bus.stop();
  await database.close();
  process.exit(0);
};
process.once('SIGINT', () => void shutdown());
process.once('SIGTERM', () => void shutdown());
onLauncherGone(() => void shutdown());

await app.listen({ port: config.PORT, host: config.HOST });
// The port bound (PORT=0 asks the system for a free one).
const port = (app.server.address() as AddressInfo | null)?.port ?? config.PORT;
console.log(`Feed gateway ready at http://${config.HOST}:${port}`);
