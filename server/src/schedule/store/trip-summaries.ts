import { addStopTime, addStopTimeText, type StopTimesHash } from './stop-times-hash.ts';

/** What the trips table keeps of a trip's stop times, so queries never scan stop_times (docs/quality.md). */
export type TripSummary = {
  firstSequence: number;
  startSecs: number | null;
  /** The origin the trip search shows. */
  firstStopId: string;
  lastSequence: number;
  endSecs: number | null;
  lastStopId: string;
  /** Order-independent fingerprint of the trip's stop times (see stop-times-hash.ts). */
  hash: StopTimesHash;
};

/**
 * Every trip's summary, filled one stop time at a time while stop_times is encoded: its first
 * departure and stop, last arrival and stop, and fingerprint. Held in typed arrays by slot, not as
 * an object per trip: at five times Renfe (693 580 trips) the objects and their fingerprints were
 * about 140 MB of the upload thread's heap.
 */
export class TripSummaries {
  private readonly slotOf = new Map<string, number>();
  private capacity = 0;
  private firstSeq = new Float64Array(0);
  private lastSeq = new Float64Array(0);
  /** NaN: the stop time gave no time. */
  private startSecs = new Float64Array(0);
  private endSecs = new Float64Array(0);
  private hashA = new Uint32Array(0);
  private hashB = new Uint32Array(0);
  private count = new Uint32Array(0);
  private readonly firstStop: string[] = [];
  private readonly lastStop: string[] = [];
  /** The fingerprint being added to (one stop time at a time: imports are synchronous). */
  private readonly scratch: StopTimesHash = { a: 0, b: 0, n: 0 };

  /** Adds one stop time to its trip's first and last call; returns the trip's slot for addText/addValues. */
  add(tripId: string, seq: number, stopId: string, arrivalSecs: number | null, departureSecs: number | null) {
    const slot = this.slot(tripId);
    this.addCall(slot, seq, stopId, arrivalSecs, departureSecs);
    return slot;
  }

  /** The trip's slot, made on its first stop time (a caller may keep it: slots never move). */
  slot(tripId: string): number {
    let slot = this.slotOf.get(tripId);
    if (slot === undefined) {
      slot = this.slotOf.size;
      this.slotOf.set(tripId, slot);
      if (slot >= this.capacity) this.grow();
      this.firstSeq[slot] = Number.POSITIVE_INFINITY;
      this.lastSeq[slot] = Number.NEGATIVE_INFINITY;
    }
    return slot;
  }

  /** Adds one stop time to the first and last call of the trip in `slot`. */
  addCall(
    slot: number,
    seq: number,
    stopId: string,
    arrivalSecs: number | null,
    departureSecs: number | null,
  ) {
    if (seq < this.firstSeq[slot]!) {
      this.firstSeq[slot] = seq;
      this.startSecs[slot] = departureSecs ?? arrivalSecs ?? Number.NaN;
      this.firstStop[slot] = stopId;
    }
    if (seq > this.lastSeq[slot]!) {
      this.lastSeq[slot] = seq;
      this.endSecs[slot] = arrivalSecs ?? departureSecs ?? Number.NaN;
      this.lastStop[slot] = stopId;
    }
  }

  /** Adds a stop time to the slot's fingerprint from its values. */
  addValues(
    slot: number,
    seq: number,
    stopId: string,
    arrivalSecs: number | null,
    departureSecs: number | null,
  ) {
    addStopTime(this.load(slot), seq, stopId, arrivalSecs, departureSecs);
    this.store(slot);
  }

  /** Adds a stop time to the slot's fingerprint from its values' texts (the packed import's). */
  addText(slot: number, seq: string, stopId: string, arrival: string, departure: string) {
    addStopTimeText(this.load(slot), seq, stopId, arrival, departure);
    this.store(slot);
  }

  /** The trip's summary, made when asked (once per trip, as its row is encoded). */
  get(tripId: string): TripSummary | undefined {
    const slot = this.slotOf.get(tripId);
    if (slot === undefined) return undefined;
    const time = (secs: number) => (Number.isNaN(secs) ? null : secs);
    return {
      firstSequence: this.firstSeq[slot]!,
      startSecs: time(this.startSecs[slot]!),
      firstStopId: this.firstStop[slot]!,
      lastSequence: this.lastSeq[slot]!,
      endSecs: time(this.endSecs[slot]!),
      lastStopId: this.lastStop[slot]!,
      hash: { a: this.hashA[slot]!, b: this.hashB[slot]!, n: this.count[slot]! },
    };
  }

  private load(slot: number): StopTimesHash {
    const h = this.scratch;
    h.a = this.hashA[slot]!;
    h.b = this.hashB[slot]!;
    h.n = this.count[slot]!;
    return h;
  }

  private store(slot: number): void {
    const h = this.scratch;
    this.hashA[slot] = h.a;
    this.hashB[slot] = h.b;
    this.count[slot] = h.n;
  }

  private grow(): void {
    const capacity = Math.max(1024, Math.ceil(this.capacity * 1.5));
    const float = (old: Float64Array) => {
      const next = new Float64Array(capacity);
      next.set(old);
      return next;
    };
    const uint = (old: Uint32Array) => {
      const next = new Uint32Array(capacity);
      next.set(old);
      return next;
    };
    this.firstSeq = float(this.firstSeq);
    this.lastSeq = float(this.lastSeq);
    this.startSecs = float(this.startSecs);
    this.endSecs = float(this.endSecs);
    this.hashA = uint(this.hashA);
    this.hashB = uint(this.hashB);
    this.count = uint(this.count);
    this.capacity = capacity;
  }
}
