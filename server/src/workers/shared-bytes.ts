import { setImmediate } from 'node:timers/promises';

/** Bytes copied between two turns of the event loop. */
const YIELD_EVERY_BYTES = 4 * 1024 * 1024;

/**
 * An uploaded file read chunk by chunk straight into memory that threads share and that grows as
 * the chunks come (at most `maxBytes`, reserved, not committed). Posted to the upload's thread it
 * is not copied (five times Renfe's 89 MB zip was held twice, by the main thread to store the file
 * and by the thread reading it). Gathering the chunks, concatenating them and copying
 * the result into shared memory took the main thread 620–700 ms in one stretch for an 89 MB zip
 * (the feed waited); here each chunk is copied once as it arrives, and the loop lets the feed's
 * polls in every few MB even when the chunks are already in memory. Undefined once the stream
 * passed `maxBytes`.
 */
export async function readIntoSharedBytes(
  chunks: AsyncIterable<Uint8Array>,
  maxBytes: number,
): Promise<Uint8Array | undefined> {
  const buffer = new SharedArrayBuffer(0, { maxByteLength: maxBytes });
  let length = 0;
  let sinceYield = 0;
  for await (const chunk of chunks) {
    const end = length + chunk.byteLength;
    if (end > maxBytes) return undefined;
    buffer.grow(end);
    new Uint8Array(buffer, length, chunk.byteLength).set(chunk);
    length = end;
    sinceYield += chunk.byteLength;
    if (sinceYield >= YIELD_EVERY_BYTES) {
      sinceYield = 0;
      await setImmediate();
    }
  }
  return new Uint8Array(buffer, 0, length);
}
