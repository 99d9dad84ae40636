import { resolve } from 'node:path';
import { backup, restore } from './backup.ts';

/**
 * `npm run backup -- <file-or-folder>` and `npm run restore -- <file-or-folder>` (scripts/run.mjs).
 * DATA_DIR (default ./data) as the product reads it; DATABASE_URL for a server on this machine.
 * A relative path is taken from the folder npm was run in (INIT_CWD), like any shell argument.
 */
const [command, path] = process.argv.slice(2);
if ((command !== 'backup' && command !== 'restore') || !path) {
  console.error(
    'usage: npm run backup -- <file.tar.gz|file.tar|folder>\n       npm run restore -- <file.tar.gz|file.tar|folder>',
  );
  process.exit(2);
}
const where = resolve(process.env.INIT_CWD ?? process.cwd(), path);
const dataDir = process.env.DATA_DIR || './data';
const log = (line: string) => console.log(line);
const started = performance.now();
const seconds = () => ((performance.now() - started) / 1000).toFixed(1);
try {
  if (command === 'backup') {
    const result = await backup({ target: where, dataDir, url: process.env.DATABASE_URL || undefined, log });
    console.log(
      `Backup written to ${result.target} (${(result.bytes / 1e6).toFixed(1)} MB, WAL ${result.startLsn} to ${result.stopLsn}) in ${seconds()} s`,
    );
  } else {
    if (process.env.DATABASE_URL) {
      throw new Error(
        'DATABASE_URL is set: restore names the embedded database of DATA_DIR. Restore a server of its own with its tools (pg_restore, or its base backup).',
      );
    }
    await restore({ source: where, dataDir, log });
    console.log(`Restore done in ${seconds()} s: start the product (npm start) with DATA_DIR=${dataDir}.`);
  }
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
