import type { GtfsTable, PackedRows } from '../../gtfs/index.ts';
import { parseGtfsTime } from '../time/gtfs-time.ts';
import { ByteBuffer } from './byte-buffer.ts';
import { csvText } from './csv-line.ts';
import { notANumber, tableColumns } from './feed-table.ts';
import type { TripSummaries } from './trip-summaries.ts';

const COMMA = 0x2c;
const NEWLINE = 0x0a;

/**
 * The COPY lines of a packed stop_times.txt (a zip's, read into column codes), written as bytes
 * from what is worked out once per distinct value: a trip id's CSV field as UTF-8, a sequence's
 * number, a time's seconds. The same lines and trip summaries as stopTimeRow gives, without a
 * row array, a value array, a key string or a line's string per stop time: 1.87 M of each on
 * Renfe, most of the import worker's garbage.
 */
export class PackedStopTimeLines {
  private readonly cols: { trip: number; stop: number; seq: number; arrival: number; departure: number };
  /** By code, each value's CSV field as UTF-8, written into every line that has it. */
  private readonly tripCsv = new FieldBytes();
  private readonly stopCsv = new FieldBytes();
  private readonly seqs: number[] = [];
  private readonly seqTexts: string[] = [];
  private readonly seqBytes = new FieldBytes();
  /** `version_id,`, the same on every line. */
  private readonly prefix: Uint8Array;
  /** Each trip's slot in the summaries, by trip code. */
  private readonly tripSlot: number[] = [];
  private readonly arrivals: TimeColumn;
  private readonly departures: TimeColumn;

  constructor(
    private readonly table: GtfsTable,
    private readonly packed: PackedRows,
    versionId: number,
    private readonly summaries: TripSummaries,
  ) {
    const t = tableColumns(table);
    // A missing required column fails the load with its sentence, as stopTimeRow does.
    t.required('trip_id');
    t.required('stop_id');
    const col = (field: string) => table.header.indexOf(field);
    this.cols = {
      trip: col('trip_id'),
      stop: col('stop_id'),
      seq: col('stop_sequence'),
      arrival: col('arrival_time'),
      departure: col('departure_time'),
    };
    this.arrivals = new TimeColumn(packed, this.cols.arrival);
    this.departures = new TimeColumn(packed, this.cols.departure);
    this.prefix = new TextEncoder().encode(`${versionId},`);
  }

  /** Row i's COPY line, written into `out` (ended by the caller); its stop time is added to its trip's summary. */
  write(i: number, out: ByteBuffer): void {
    const { packed, cols } = this;
    const tc = packed.code(cols.trip, i);
    const sc = packed.code(cols.stop, i);
    let slot = this.tripSlot[tc];
    if (slot === undefined) {
      const tripId = packed.dictionary(cols.trip)[tc]!;
      this.tripCsv.set(tc, csvText(tripId));
      slot = this.summaries.slot(tripId);
      this.tripSlot[tc] = slot;
    }
    const stopId = packed.dictionary(cols.stop)[sc]!;
    if (!this.stopCsv.has(sc)) this.stopCsv.set(sc, csvText(stopId));
    const seqCode = cols.seq < 0 ? -1 : packed.code(cols.seq, i);
    const seq = this.sequence(i, seqCode);
    const shared = seqCode >= 0 && this.seqs[seqCode] === seq;
    const seqText = shared ? this.seqText(seqCode, seq) : String(seq);
    const { arrivals, departures } = this;
    const ac = arrivals.code(i);
    const dc = departures.code(i);
    const arrival = arrivals.text(ac);
    const departure = departures.text(dc);
    this.summaries.addCall(slot, seq, stopId, arrivals.secs[ac] ?? null, departures.secs[dc] ?? null);
    this.summaries.addText(slot, seqText, stopId, arrival, departure);
    out.putRange(this.prefix, 0, this.prefix.length);
    this.tripCsv.writeTo(tc, out);
    out.putByte(COMMA);
    if (shared) this.seqBytes.writeTo(seqCode, out);
    else out.putText(seqText);
    out.putByte(COMMA);
    this.stopCsv.writeTo(sc, out);
    out.putByte(COMMA);
    arrivals.writeTo(ac, out);
    out.putByte(COMMA);
    departures.writeTo(dc, out);
    out.putByte(NEWLINE);
  }

  /** The text of a sequence shared by its code's rows, once per distinct value, and its bytes. */
  private seqText(code: number, seq: number): string {
    let text = this.seqTexts[code];
    if (text === undefined) {
      text = String(seq);
      this.seqTexts[code] = text;
      this.seqBytes.set(code, text);
    }
    return text;
  }

  /**
   * Row i's stop_sequence, given its code (-1 without the column); a row without one is numbered
   * by its place in the file.
   */
  private sequence(i: number, code: number): number {
    if (code < 0) return i;
    let seq = this.seqs[code];
    if (seq === undefined) {
      const text = this.packed.dictionary(this.cols.seq)[code]!;
      if (text === '') return i;
      seq = Number.parseInt(text, 10);
      if (!Number.isFinite(seq) || !/^[+-]?\d+$/.test(text)) {
        throw notANumber(this.table.name, i, 'stop_sequence', text);
      }
      this.seqs[code] = seq;
    }
    return seq;
  }
}

/** A time column's seconds, worked out once per distinct value: as COPY text ('' for NULL) and as a number. */
class TimeColumn {
  private readonly texts: string[] = [];
  private readonly encoded = new FieldBytes();
  /** undefined where the time is empty or malformed. */
  readonly secs: (number | undefined)[] = [];
  private readonly codes: ((row: number) => number) | undefined;
  private readonly dictionary: readonly string[];

  constructor(packed: PackedRows, col: number) {
    this.codes = col < 0 ? undefined : packed.codes(col);
    this.dictionary = col < 0 ? [] : packed.dictionary(col);
  }

  /** The row's code; -1 when the file has no such column. */
  code(row: number): number {
    return this.codes ? this.codes(row) : -1;
  }

  text(code: number): string {
    if (code < 0) return '';
    let text = this.texts[code];
    if (text === undefined) {
      const value = this.dictionary[code]!;
      const parsed = value === '' ? null : parseGtfsTime(value);
      text = parsed === null ? '' : String(parsed);
      if (parsed !== null) this.secs[code] = parsed;
      this.texts[code] = text;
      this.encoded.set(code, text);
    }
    return text;
  }

  /** Writes the same text (after text(code)); nothing for no column. */
  writeTo(code: number, out: ByteBuffer): void {
    if (code >= 0) this.encoded.writeTo(code, out);
  }
}

/**
 * Each code's field as UTF-8, all in one buffer: a Uint8Array per value costs ~200 bytes besides
 * its bytes, and a trip id's field is kept for every trip (693 580 at five times Renfe).
 */
class FieldBytes {
  private readonly buffer = new ByteBuffer(4096);
  private readonly start: number[] = [];
  private readonly end: number[] = [];

  has(code: number): boolean {
    return this.start[code] !== undefined;
  }

  set(code: number, text: string): void {
    this.start[code] = this.buffer.used;
    this.buffer.putText(text);
    this.end[code] = this.buffer.used;
  }

  writeTo(code: number, out: ByteBuffer): void {
    out.putRange(this.buffer.bytes, this.start[code]!, this.end[code]!);
  }
}
