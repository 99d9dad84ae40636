import type { AddressInfo } from 'node:net';
import { openDb } from '@feeddesk/drizzle';
import { startEmbeddedPostgres } from '@feeddesk/drizzle/embedded-postgres';
import { loadConfig } from '@feeddesk/server/config';
import { createAppDeps } from '@feeddesk/server/create-deps';
import { surviveTransientErrors } from '@feeddesk/server/http/transient-errors';
import { startBackground } from '@feeddesk/server/start-background';
import pino from 'pino';
import { buildProduct } from './product.ts';
import { watchLauncher } from './support/launcher.ts';

/** Runs the whole product in one process: `npm start`. */
const config = loadConfig();
const onLauncherGone = watchLauncher();
let noteNoSpace = () => {};
const log = pino({ level: config.LOG_LEVEL });
surviveTransientErrors(log);
// Without DATABASE_URL the product runs its own PostgreSQL in DATA_DIR, stopped after it, and
// restarted when it exits on its own (the pool reconnects: drizzle/src/index.ts).
const embedded = config.DATABASE_URL
  ? undefined
  : await startEmbeddedPostgres({
      dataDir: config.DATA_DIR,
      port: config.EMBEDDED_PG_PORT,
      log: (l) => log.info(l),
      warn: (l) => log.warn(l),
      // Told before the deps exist only at start, where nothing else would note it.
      onNoSpace: () => noteNoSpace(),
    });
const database = await openDb(config.DATABASE_URL ?? embedded!.localUrl, { watch: true });
const deps = createAppDeps({ config, database, log });
noteNoSpace = () => deps.disk.noteFull();
const background = await startBackground(deps);
const app = await buildProduct({ deps, logger: { level: config.LOG_LEVEL } });

let closing = false;
const shutdown = async (signal: string) => {
  // Once, whichever of a signal and the launcher's end comes first.
  if (closing) return;
  closing = true;
  log.info(`${signal}: closing`);
  await app.close();
  await background.stop();
  await database.close();
  await embedded?.stop();
  process.exit(0);
};
process.once('SIGINT', () => void shutdown('SIGINT'));
process.once('SIGTERM', () => void shutdown('SIGTERM'));
onLauncherGone(() => void shutdown('its launcher (npm start) ended'));

await app.listen({ port: config.PORT, host: config.HOST });
// The port bound (PORT=0 asks the system for a free one).
const port = (app.server.address() as AddressInfo | null)?.port ?? config.PORT;
const where = embedded
  ? `embedded PostgreSQL in ${config.DATA_DIR}, shared with DATABASE_URL=${embedded.url}`
  : 'PostgreSQL';
console.log(
  `Feed desk ready at http://${config.HOST === '0.0.0.0' ? '127.0.0.1' : config.HOST}:${port} (${where})`,
);
