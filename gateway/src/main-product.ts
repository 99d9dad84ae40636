import { openDb } from '@feeddesk/drizzle';
import { loadConfig } from '@feeddesk/server/config';
import { createAppDeps } from '@feeddesk/server/create-deps';
import { startBackground } from '@feeddesk/server/start-background';
import pino from 'pino';
import { buildProduct } from './product.ts';

/** Runs the whole product in one process: `npm start`. */
const config = loadConfig();
const log = pino({ level: config.LOG_LEVEL });
const database = await openDb(config.databaseUrl);
const deps = createAppDeps({ config, database, log });
const background = await startBackground(deps);
const app = await buildProduct({ deps, logger: { level: config.LOG_LEVEL } });

const shutdown = async (signal: string) => {
  log.info(`${signal}: closing`);
  await app.close();
  await background.stop();
  await database.close();
  process.exit(0);
};
process.once('SIGINT', () => void shutdown('SIGINT'));
process.once('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.PORT, host: config.HOST });
const where = config.DATABASE_URL ? 'PostgreSQL' : `PGlite in ${config.DATA_DIR}`;
console.log(
  `Feed desk ready at http://${config.HOST === '0.0.0.0' ? '127.0.0.1' : config.HOST}:${config.PORT} (${where})`,
);
