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
  /** A time's seconds as text, '' when empty or malformed (NULL), per code. */
  private readonly times = new Map<number, string[]>();

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
  }

  /** Row i's COPY line; its stop time is added to its trip's summary. */
  line(i: number): string {
    const { packed, cols } = this;
    const tc = packed.code(cols.trip, i);
    const sc = packed.code(cols.stop, i);
    const tripId = packed.dictionary(cols.trip)[tc]!;
    const stopId = packed.dictionary(cols.stop)[sc]!;
    let tripCsv = this.tripCsv[tc];
    if (tripCsv === undefined) {
      tripCsv = csvText(tripId);
      this.tripCsv[tc] = tripCsv;
    }
    let stopCsv = this.stopCsv[sc];
    if (stopCsv === undefined) {
      stopCsv = csvText(stopId);
      this.stopCsv[sc] = stopCsv;
    }
    const seq = this.sequence(i);
    const arrival = this.time(cols.arrival, i);
    const departure = this.time(cols.departure, i);
    const seqText = String(seq);
    const arrivalSecs = arrival === '' ? null : Number(arrival);
    const departureSecs = departure === '' ? null : Number(departure);
    const slot = this.summaries.add(tripId, seq, stopId, arrivalSecs, departureSecs);
    this.summaries.addText(slot, seqText, stopId, arrival, departure);
    return `${this.versionId},${tripCsv},${seqText},${stopCsv},${arrival},${departure}\n`;
  }

  /** The row's stop_sequence; a row without one is numbered by its place in the file. */
  private sequence(i: number): number {
    const { packed, cols } = this;
    if (cols.seq < 0) return i;
    const code = packed.code(cols.seq, i);
    let seq = this.seqs[code];
    if (seq === undefined) {
      const text = packed.dictionary(cols.seq)[code]!;
      if (text === '') return i;
      seq = Number.parseInt(text, 10);
      if (!Number.isFinite(seq) || !/^[+-]?\d+$/.test(text)) {
        throw notANumber(this.table.name, i, 'stop_sequence', text);
      }
      this.seqs[code] = seq;
    }
    return seq;
  }

  private time(col: number, i: number): string {
    if (col < 0) return '';
    let texts = this.times.get(col);
    if (!texts) {
      texts = [];
      this.times.set(col, texts);
    }
    const code = this.packed.code(col, i);
    let secs = texts[code];
    if (secs === undefined) {
      const text = this.packed.dictionary(col)[code]!;
      const parsed = text === '' ? null : parseGtfsTime(text);
      secs = parsed === null ? '' : String(parsed);
      texts[code] = secs;
    }
    return secs;
  }
}
