import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Database, migrationsDir, openDb } from '@feeddesk/drizzle';
import postgres from 'postgres';

export type TestDatabase = {
  kind: 'pglite' | 'postgres';
  database: Database;
  /** The connection URL (PostgreSQL only), for a second process on the same database. */
  url?: string;
  drop(): Promise<void>;
};

/** PostgreSQL under test when CI (or a developer) sets DATABASE_URL or TEST_DATABASE_URL. */
export const postgresUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;

/** Database kinds to run each suite on: PGlite always, PostgreSQL when configured. */
export const databaseKinds: ('pglite' | 'postgres')[] = postgresUrl ? ['pglite', 'postgres'] : ['pglite'];

if (!postgresUrl && process.env.CI) {
  throw new Error('CI must set DATABASE_URL so every database test also runs on PostgreSQL.');
}

/**
 * A fresh, migrated database. PGlite starts from the migrated template made once by the global
 * setup (creating a PGlite costs ≈2.6 s; loading a dump much less). PostgreSQL gets a uniquely
 * named database, dropped afterwards.
 */
export async function openTestDatabase(kind: 'pglite' | 'postgres'): Promise<TestDatabase> {
  if (kind === 'pglite') {
    const templatePath = pgliteTemplatePath();
    const loadDataDir = existsSync(templatePath) ? new Blob([readFileSync(templatePath)]) : undefined;
    const database = await openDb('memory:', { loadDataDir });
    return { kind, database, drop: () => database.close() };
  }
  if (!postgresUrl) throw new Error('No PostgreSQL configured (set DATABASE_URL or TEST_DATABASE_URL).');
  const name = `fd_test_${randomBytes(6).toString('hex')}`;
  const admin = postgres(postgresUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  const url = withDatabase(postgresUrl, name);
  const database = await openDb(url, { max: 5 });
  return {
    kind,
    database,
    url,
    async drop() {
      await database.close();
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/** Where the global setup keeps the migrated PGlite template: one per set of migrations. */
export function pgliteTemplatePath(): string {
  const dir = migrationsDir();
  const hash = createHash('sha256');
  for (const f of readdirSync(dir).sort()) if (f.endsWith('.sql')) hash.update(readFileSync(join(dir, f)));
  return join(tmpdir(), `feeddesk-pglite-${hash.digest('hex').slice(0, 16)}.tar`);
}
