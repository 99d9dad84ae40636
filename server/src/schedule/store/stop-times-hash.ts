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
  // Both hashes in one pass over "seq|stop|arrival|departure": this runs once per stop time of
  // every import, so the key is never made.
  mixed.a = 0x811c9dc5;
  mixed.b = 0x01000193;
  mix(seq);
  mix(SEPARATOR);
  mix(stopId);
  mix(SEPARATOR);
  mix(arrival);
  mix(SEPARATOR);
  mix(departure);
  hash.a = (hash.a + (mixed.a >>> 0)) >>> 0;
  hash.b = (hash.b + (mixed.b >>> 0)) >>> 0;
  hash.n++;
}

const SEPARATOR = '|';
/** The two hashes of the key being mixed (one key at a time: imports are synchronous). */
const mixed = { a: 0, b: 0 };

function mix(part: string): void {
  let { a, b } = mixed;
  for (let i = 0; i < part.length; i++) {
    const c = part.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x01000193);
  }
  mixed.a = a;
  mixed.b = b;
}

export function formatStopTimesHash(hash: StopTimesHash): string {
  return `${hash.n}:${hash.a.toString(16)}:${hash.b.toString(16)}`;
}
