/**
 * An order-independent fingerprint of a trip's stop times: two 32-bit FNV-1a hashes (different
 * seeds) of each "sequence|stop|arrival|departure", summed modulo 2^32, plus the count. The sum
 * does not depend on the order stop_times.txt lists the rows in, so it is built in the one pass
 * the import already makes. Equal stop times give equal fingerprints; different ones collide with
 * a chance of about 2^-64.
 */
export type StopTimesHash = { a: number; b: number; n: number };

export function emptyStopTimesHash(): StopTimesHash {
  return { a: 0, b: 0, n: 0 };
}

export function addStopTime(
  hash: StopTimesHash,
  seq: number,
  stopId: string,
  arrivalSecs: number | null,
  departureSecs: number | null,
): void {
  addStopTimeText(
    hash,
    String(seq),
    stopId,
    arrivalSecs === null ? '' : String(arrivalSecs),
    departureSecs === null ? '' : String(departureSecs),
  );
}

/**
 * The same from the texts of the four values (the packed import caches them per distinct value):
 * the hashes of "sequence|stop|arrival|departure" without making that string.
 */
export function addStopTimeText(
  hash: StopTimesHash,
  seq: string,
  stopId: string,
  arrival: string,
  departure: string,
): void {
  // Both hashes in one pass over the key: this runs once per stop time of every import.
  let a = 0x811c9dc5;
  let b = 0x01000193;
  const parts = [seq, stopId, arrival, departure];
  for (let p = 0; p < 4; p++) {
    if (p > 0) {
      a = Math.imul(a ^ 124, 0x01000193);
      b = Math.imul(b ^ 124, 0x01000193);
    }
    const part = parts[p]!;
    for (let i = 0; i < part.length; i++) {
      const c = part.charCodeAt(i);
      a = Math.imul(a ^ c, 0x01000193);
      b = Math.imul(b ^ c, 0x01000193);
    }
  }
  hash.a = (hash.a + (a >>> 0)) >>> 0;
  hash.b = (hash.b + (b >>> 0)) >>> 0;
  hash.n++;
}

export function formatStopTimesHash(hash: StopTimesHash): string {
  return `${hash.n}:${hash.a.toString(16)}:${hash.b.toString(16)}`;
}
