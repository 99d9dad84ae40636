import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeDeps, openTestDatabase, type TestDatabase } from '../schedule/test-support/test-databases.ts';
import { getFileById } from './get-file.ts';
import { readStoredFileBytes } from './read-file.ts';
import { storeFile } from './store-file.ts';

describe('storeFile', () => {
  let testDb: TestDatabase;
  beforeAll(async () => {
    testDb = await openTestDatabase();
  });
  afterAll(() => testDb.close());

  // 0 bytes, one chunk, exactly two inserts of chunks, and a file ending in a short chunk (chunks
  // are 128 KiB, inserted 16 at a time).
  it.each([0, 1000, 4 * 1024 * 1024, 5 * 1024 * 1024 + 17])('keeps %i bytes exactly', async (size) => {
    const deps = makeDeps(testDb.database, { now: new Date('2026-11-23T08:00:00Z') });
    const bytes = randomBytes(size);
    const id = await storeFile(deps, {
      kind: 'schedule_zip',
      name: 'gtfs.zip',
      contentType: 'application/zip',
      bytes: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength),
      createdBy: 'alice',
    });
    const stored = await getFileById(deps, id, 'The zip');
    expect(stored.size).toBe(size);
    expect(stored.sha256).toBe(createHash('sha256').update(bytes).digest('hex'));
    const read = await readStoredFileBytes(deps, stored);
    expect(read.byteLength).toBe(size);
    expect(Buffer.compare(read, bytes)).toBe(0);
  });
});
