import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDb } from '@feeddesk/drizzle';
import { type EmbeddedPostgres, startEmbeddedPostgres } from '@feeddesk/drizzle/embedded-postgres';
import { connectPostgres } from '@feeddesk/drizzle/postgres-target';
import { postgresUrl, withDatabase } from './databases.ts';

/**
 * One PostgreSQL server for the whole run (vitest's global setup, or a benchmark): the one at
 * DATABASE_URL, or else an embedded PostgreSQL in a temporary folder. On it a migrated template
 * database, which each test file copies (CREATE DATABASE ... TEMPLATE) into a fresh database of its
 * own (openTestDatabase). Returns the teardown.
 */
export async function startTestServer(): Promise<() => Promise<void>> {
  if (!postgresUrl && process.env.CI) {
    throw new Error('CI must set DATABASE_URL so the tests run on its PostgreSQL server.');
  }
  let embedded: EmbeddedPostgres | undefined;
  let dir: string | undefined;
  if (!postgresUrl) {
    dir = mkdtempSync(join(tmpdir(), 'feeddesk-test-pg-'));
    embedded = await startEmbeddedPostgres({ dataDir: dir, durable: false });
  }
  const url = postgresUrl ?? embedded!.url;
  const template = `${new URL(url).pathname.slice(1) || 'postgres'}_fd_template`;
  const admin = connectPostgres(url, { max: 1, onnotice: () => {} });
  await admin.unsafe(`drop database if exists ${template} with (force)`);
  await admin.unsafe(`create database ${template}`);
  const migrated = await openDb(withDatabase(url, template), { max: 2 });
  await migrated.close();
  process.env.FEEDDESK_TEST_SERVER_URL = url;
  process.env.FEEDDESK_TEST_TEMPLATE = template;

  return async () => {
    await admin.unsafe(`drop database if exists ${template} with (force)`);
    await admin.end();
    await embedded?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  };
}
