import { existsSync, renameSync, writeFileSync } from 'node:fs';
import { openDb } from '@feeddesk/drizzle';
import { pgliteTemplatePath } from './databases.ts';

/** Makes one migrated PGlite template per migration set; test workers load it instead of running initdb. */
export default async function setup() {
  const path = pgliteTemplatePath();
  if (existsSync(path)) return;
  const database = await openDb('memory:');
  if (database.raw.kind !== 'pglite') throw new Error('expected PGlite');
  const dump = await database.raw.pg.dumpDataDir('none');
  writeFileSync(`${path}.tmp`, Buffer.from(await dump.arrayBuffer()));
  renameSync(`${path}.tmp`, path);
  await database.close();
}
