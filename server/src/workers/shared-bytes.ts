/**
 * The bytes copied once into memory that threads share. Posted to a worker (an upload's thread
 * reads them), a Uint8Array on a SharedArrayBuffer is not copied: five times Renfe's 89 MB zip
 * was held twice for the whole upload, once by the main thread (to store the file) and once by the
 * thread reading it. Neither side writes to them.
 */
export function sharedBytes(bytes: Uint8Array): Uint8Array {
  if (bytes.buffer instanceof SharedArrayBuffer) return bytes;
  const shared = new Uint8Array(new SharedArrayBuffer(bytes.byteLength));
  shared.set(bytes);
  return shared;
}
