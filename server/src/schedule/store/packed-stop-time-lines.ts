import type { GtfsTable, PackedRows } from '../../gtfs/index.ts';
import { parseGtfsTime } from '../time/gtfs-time.ts';
import { csvText } from './csv-line.ts';
import { notANumber, tableColumns } from './feed-table.ts';
import type { TripSummaries } from './trip-summaries.ts';

/**
 * The COPY lines of a packed stop_times.txt (a zip's, read into column codes), made from what is
 * worked out once per distinct value: a trip id's CSV text, a sequence's number, a time's
 * seconds. The same lines and trip summaries as stopTimeRow gives, without making a row array,
 * a value array and a key string per stop time: 1.87 M of each on Renfe, most of the import
 * worker's garbage.
 */
export class PackedStopTimeLines {
  private readonly cols: { trip: number; stop: number; seq: number; arrival: number; departure: number };
  private readonly tripCsv: string[] = [];
  private readonly stopCsv: string[] = [];
  private readonly seqs: number[] = [];
  private readonly seqTexts: string[] = [];
  /** Each trip's slot in the summaries, by trip code. */
  private readonly tripSlot: number[] = [];
  private readonly arrivals: TimeColumn;
  private readonly departures: TimeColumn;

  constructor(
    private readonly table: GtfsTable,
    private readonly packed: PackedRows,
    private readonly versionId: number,
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
  }

  /** Row i's COPY line; its stop time is added to its trip's summary. */
  line(i: number): string {
    const { packed, cols } = this;
    const tc = packed.code(cols.trip, i);
    const sc = packed.code(cols.stop, i);
    let slot = this.tripSlot[tc];
    if (slot === undefined) {
      const tripId = packed.dictionary(cols.trip)[tc]!;
      this.tripCsv[tc] = csvText(tripId);
      slot = this.summaries.slot(tripId);
      this.tripSlot[tc] = slot;
    }
    const stopId = packed.dictionary(cols.stop)[sc]!;
    let stopCsv = this.stopCsv[sc];
    if (stopCsv === undefined) {
      stopCsv = csvText(stopId);
      this.stopCsv[sc] = stopCsv;
    }
    const seqCode = cols.seq < 0 ? -1 : packed.code(cols.seq, i);
    const seq = this.sequence(i, seqCode);
    const seqText = this.seqText(seqCode, seq);
    const { arrivals, departures } = this;
    const ac = arrivals.code(i);
    const dc = departures.code(i);
    const arrival = arrivals.text(ac);
    const departure = departures.text(dc);
    this.summaries.addCall(slot, seq, stopId, arrivals.secs[ac] ?? null, departures.secs[dc] ?? null);
    this.summaries.addText(slot, seqText, stopId, arrival, departure);
    return `${this.versionId},${this.tripCsv[tc]},${seqText},${stopCsv},${arrival},${departure}\n`;
  }

  /** The text of a row's sequence: once per distinct value (a row numbered by its place makes its own). */
  private seqText(code: number, seq: number): string {
    if (code < 0 || this.seqs[code] !== seq) return String(seq);
    let text = this.seqTexts[code];
    if (text === undefined) {
      text = String(seq);
      this.seqTexts[code] = text;
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
    }
    return text;
  }
}
