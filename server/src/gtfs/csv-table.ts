/**
 * Streaming CSV → GtfsTable, fed chunk by chunk while a zip entry inflates, so a 282 MB
 * stop_times.txt never exists as one string. Values are trimmed (padding is remembered for the
 * validator) and interned: GTFS repeats trip ids, stop ids and times on every line, and sharing
 * one string per distinct value is what keeps 1.87 M stop_times within memory.
 */
import { PackedRows, packedRowsView } from './packed-rows.ts';
import type { GtfsTable } from './tables.ts';

const COMMA = 44;
const QUOTE = 34;
const LF = 10;
const CR = 13;
const SAMPLES = 100;

function isBlank(c: number): boolean {
  return c === 32 || c === 9;
}

/**
 * V8 keeps a substring of 13+ characters as a view on its parent string; copying the few
 * distinct values we keep lets each decoded chunk be collected.
 */
function detach(s: string): string {
  return s.length >= 13 ? (' ' + s).slice(1) : s;
}

export class CsvTableReader {
  private readonly decoder = new TextDecoder('utf-8');
  private carry = '';
  private header: string[] | undefined;
  private readonly rows: string[][] = [];
  private readonly intern = new Map<string, string>();
  private readonly padded = { count: 0, samples: [] as { row: number; col: number }[] };
  private readonly badRowLengths = { count: 0, samples: [] as { row: number; length: number }[] };
  private recordPadded: number[] = [];
  /** The padded cells of the line byteRecord reads (their count is kept apart: no array resizing). */
  private readonly bytePadded: number[] = [];
  private readonly values: string[] = [];
  /** Packed rows are read from bytes (one dictionary of value bytes per column) until a quote. */
  private bytes: ValueBytes[] | undefined;
  private byteCarry: Uint8Array | undefined;
  /** Set once the header is read when the rows are packed (packed-rows.ts). */
  private packed: PackedRows | undefined;
  private packedView: string[][] | undefined;

  /**
   * `pack`: keep the rows as dictionary codes (a large file: stop_times.txt); `rows` then reads
   * like an array of rows and each row is made on demand.
   */
  constructor(
    private readonly name: string,
    private readonly pack = false,
  ) {
    if (pack) this.bytes = [];
  }

  /** Rows read so far. */
  get rowCount(): number {
    return this.packed ? this.packed.length : this.rows.length;
  }

  /** Row `i` as read (made from the codes when packed). */
  row(i: number): string[] {
    return this.packed ? this.packed.row(i) : this.rows[i]!;
  }

  pushBytes(chunk: Uint8Array, final: boolean): void {
    if (!this.bytes) {
      this.pushText(this.decoder.decode(chunk, { stream: !final }), final);
      return;
    }
    let buf = chunk;
    if (this.byteCarry && this.packed) {
      // Only the carried line is joined with the chunk's first: copying every chunk behind the
      // carry moved all of Renfe's 282 MB once more.
      const lf = chunk.indexOf(LF);
      if (lf >= 0 || final) {
        const head = lf < 0 ? chunk.length : lf + 1;
        const line = new Uint8Array(this.byteCarry.length + head);
        line.set(this.byteCarry);
        line.set(chunk.subarray(0, head), this.byteCarry.length);
        this.byteCarry = undefined;
        this.parseBytes(line, final && head === chunk.length);
        if (head < chunk.length) this.pushBytes(chunk.subarray(head), final);
        return;
      }
    }
    if (this.byteCarry) {
      buf = new Uint8Array(this.byteCarry.length + chunk.length);
      buf.set(this.byteCarry);
      buf.set(chunk, this.byteCarry.length);
      this.byteCarry = undefined;
    }
    if (this.header === undefined) {
      const lf = buf.indexOf(LF);
      if (lf < 0 && !final) {
        this.byteCarry = buf.slice();
        return;
      }
      const end = lf < 0 ? buf.length : lf + 1;
      this.parse(this.decoder.decode(buf.subarray(0, end)), true);
      buf = buf.subarray(end);
      if (!this.packed) {
        this.toText(buf, final);
        return;
      }
    }
    this.parseBytes(buf, final);
  }

  /** The rest of the file as text: a record with a quote or a lone CR, or no header on line 1. */
  private toText(rest: Uint8Array, final: boolean): void {
    this.bytes = undefined;
    this.pushText(this.decoder.decode(rest, { stream: !final }), final);
  }

  /**
   * Packed rows straight from the inflated bytes: each value's bytes are hashed and looked up
   * among the column's distinct values, so a value seen before makes no string at all (on Renfe
   * nearly all of 11 M cells). Records are whole lines; the first one with a quote or a lone CR
   * hands the rest of the file to the text reader.
   */
  private parseBytes(bytes: Uint8Array, final: boolean): void {
    // Buffer's indexOf is memchr; a Uint8Array's looks at a byte at a time (Renfe's stop times:
    // 0.25 s less of the upload's thread).
    const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const blanks = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const n = buf.length;
    let i = 0;
    let quote = buf.indexOf(QUOTE);
    let cr = buf.indexOf(CR);
    while (i < n) {
      let lf = buf.indexOf(LF, i);
      if (lf < 0) {
        if (!final) {
          this.byteCarry = buf.slice(i);
          return;
        }
        lf = n;
      }
      let end = lf;
      if (end > i && buf[end - 1] === CR) end--;
      if (cr >= 0 && cr < i) cr = buf.indexOf(CR, i);
      if ((quote >= 0 && quote < lf) || (cr >= 0 && cr < end)) {
        this.toText(buf.subarray(i), final);
        return;
      }
      if (quote >= 0 && quote < i) quote = buf.indexOf(QUOTE, i);
      this.byteRecord(buf, blanks, i, end);
      i = lf + 1;
    }
  }

  /**
   * One line's cells, cut at commas by a loop here rather than a memchr call per cell (a call
   * cost more than scanning the ~10 bytes of a GTFS value); blanks that run to the line's end close
   * its last cell, checked eight bytes at a time (padded feeds end lines with ~100 spaces).
   */
  private byteRecord(buf: Buffer, blanks: DataView, from: number, end: number): void {
    if (nonBlankFrom(buf, blanks, from, end) === end) return; // blank line
    const packed = this.packed!;
    const bytes = this.bytes!;
    const width = this.header!.length;
    const row = packed.length;
    const paddedCols = this.bytePadded;
    let padded = 0;
    let col = 0;
    let a = from;
    for (;;) {
      let b = a;
      let blanksToEnd = -1;
      for (; b < end; b++) {
        const c = buf[b]!;
        if (c === COMMA) break;
        if (isBlank(c)) {
          const k = nonBlankFrom(buf, blanks, b, end);
          if (k === end) {
            blanksToEnd = b;
            b = end;
            break;
          }
          b = k - 1;
        }
      }
      if (col < width) {
        let x = a;
        let y = blanksToEnd >= 0 ? blanksToEnd : b;
        while (x < y && isBlank(buf[x]!)) x++;
        while (y > x && isBlank(buf[y - 1]!)) y--;
        if (x !== a || y !== b) paddedCols[padded++] = col;
        bytes[col]!.push(packed, col, buf, x, y);
      }
      col++;
      if (b >= end) break;
      a = b + 1;
    }
    if (col !== width) {
      this.badRowLengths.count++;
      if (this.badRowLengths.samples.length < SAMPLES) this.badRowLengths.samples.push({ row, length: col });
      for (let c = col; c < width; c++) packed.pushCell(c, '');
    }
    for (let k = 0; k < padded; k++) this.notePadded(row, paddedCols[k]!);
    packed.endRow();
  }

  pushText(text: string, final: boolean): void {
    const s = this.carry.length > 0 ? this.carry + text : text;
    const consumed = this.parse(s, final);
    this.carry = consumed < s.length ? s.slice(consumed) : '';
  }

  /** The table so far (its rows array keeps growing as bytes are pushed). */
  partial(): GtfsTable {
    return { name: this.name, header: this.header ?? [], rows: this.packedView ?? this.rows };
  }

  finish(): GtfsTable {
    if (this.byteCarry) this.pushBytes(new Uint8Array(0), true);
    this.bytes = undefined;
    if (this.carry.length > 0) this.pushText('', true);
    this.packed?.seal();
    const table: GtfsTable = {
      name: this.name,
      header: this.header ?? [],
      rows: this.packedView ?? this.rows,
    };
    if (this.padded.count > 0) table.padded = this.padded;
    if (this.badRowLengths.count > 0) table.badRowLengths = this.badRowLengths;
    return table;
  }

  private value(raw: string): string {
    // Packed rows keep each column's distinct values themselves.
    if (this.packed) return raw;
    let v = this.intern.get(raw);
    if (v === undefined) {
      v = detach(raw);
      this.intern.set(v, v);
    }
    return v;
  }

  /** Parses complete records of `s`; returns where the first incomplete one starts. */
  private parse(s: string, final: boolean): number {
    const n = s.length;
    let i = 0;
    while (i < n) {
      const recordStart = i;
      // One array for every record: a row is copied (or packed) from it, the header sliced.
      const values = this.values;
      values.length = 0;
      let quotedAny = false;
      this.recordPadded.length = 0;
      for (;;) {
        let raw: string | undefined;
        if (i < n && s.charCodeAt(i) === QUOTE) {
          quotedAny = true;
          let buf = '';
          let j = i + 1;
          for (;;) {
            const k = s.indexOf('"', j);
            if (k < 0 || (k + 1 >= n && !final)) {
              if (!final) return recordStart;
              buf += s.slice(j); // unterminated quote at end of file: keep what is there
              i = n;
              break;
            }
            if (s.charCodeAt(k + 1) === QUOTE) {
              buf += s.slice(j, k + 1);
              j = k + 2;
              continue;
            }
            buf += s.slice(j, k);
            i = k + 1;
            break;
          }
          // Lenient: text between the closing quote and the delimiter is kept.
          const after = i;
          while (i < n) {
            const c = s.charCodeAt(i);
            if (c === COMMA || c === LF || c === CR) break;
            i++;
          }
          if (i >= n && !final) return recordStart;
          if (i > after) buf += s.slice(after, i);
          raw = buf;
        } else {
          let j = i;
          while (j < n) {
            const c = s.charCodeAt(j);
            if (c === COMMA || c === LF || c === CR) break;
            j++;
          }
          if (j >= n && !final) return recordStart;
          // Trimmed before it is cut out: one string per value, also on padded lines.
          let a = i;
          let b = j;
          while (a < b && isBlank(s.charCodeAt(a))) a++;
          while (b > a && isBlank(s.charCodeAt(b - 1))) b--;
          if (a !== i || b !== j) this.recordPadded.push(values.length);
          values.push(this.value(s.slice(a, b)));
          i = j;
          raw = undefined;
        }
        if (raw !== undefined) {
          const trimmed = trimBlanks(raw);
          if (trimmed.length !== raw.length) this.recordPadded.push(values.length);
          values.push(this.value(trimmed));
        }
        if (i >= n) break;
        const c = s.charCodeAt(i);
        if (c === COMMA) {
          i++;
          if (i >= n && !final) return recordStart;
          continue;
        }
        if (c === CR) {
          i++;
          if (i < n && s.charCodeAt(i) === LF) i++;
          else if (i >= n && !final) return recordStart;
        } else i++;
        break;
      }
      if (values.length === 1 && values[0] === '' && !quotedAny) continue; // blank line
      this.record(values);
    }
    return n;
  }

  private record(values: string[]): void {
    if (this.header === undefined) {
      if (values.length > 0 && values[0].charCodeAt(0) === 0xfeff) values[0] = values[0].slice(1).trim();
      this.header = values.slice();
      for (const col of this.recordPadded) this.notePadded(-1, col);
      if (this.pack) {
        this.packed = new PackedRows(values.length);
        this.packedView = packedRowsView(this.packed);
        if (this.bytes) this.bytes = values.map(() => new ValueBytes());
      }
      return;
    }
    const row = this.rowCount;
    const width = this.header.length;
    if (values.length !== width) {
      this.badRowLengths.count++;
      if (this.badRowLengths.samples.length < SAMPLES) {
        this.badRowLengths.samples.push({ row, length: values.length });
      }
      if (values.length > width) values.length = width;
      else while (values.length < width) values.push('');
    }
    for (const col of this.recordPadded) if (col < width) this.notePadded(row, col);
    if (this.packed) {
      this.packed.push(values);
      return;
    }
    // An array filled by push keeps room for 17 values; a copy holds exactly its own. For a
    // five-column stop_times.txt of 1.87 M rows that is ~180 MB of the upload's memory.
    this.rows.push(values.slice());
  }

  private notePadded(row: number, col: number): void {
    this.padded.count++;
    if (this.padded.samples.length < SAMPLES) this.padded.samples.push({ row, col });
  }
}

/** Eight blanks read as one float64 (its bits are the eight bytes; no other bytes compare equal). */
const EIGHT_SPACES = new DataView(new Uint8Array(8).fill(32).buffer).getFloat64(0, true);

/** The first byte from `k` on that is not a blank, or `end`. */
function nonBlankFrom(buf: Buffer, blanks: DataView, k: number, end: number): number {
  for (; k + 8 <= end; k += 8) if (blanks.getFloat64(k, true) !== EIGHT_SPACES) break;
  for (; k < end; k++) if (!isBlank(buf[k]!)) return k;
  return end;
}

function trimBlanks(s: string): string {
  let a = 0;
  let b = s.length;
  while (a < b && isBlank(s.charCodeAt(a))) a++;
  while (b > a && isBlank(s.charCodeAt(b - 1))) b--;
  return a === 0 && b === s.length ? s : s.slice(a, b);
}

/** Parses a whole CSV text at once (small files, tests). */
export function parseCsvTable(name: string, text: string): GtfsTable {
  const reader = new CsvTableReader(name);
  reader.pushText(text, true);
  return reader.finish();
}

/**
 * The distinct values of one packed column by their UTF-8 bytes: an open-addressing table on
 * their FNV-1a hash (typed arrays: a Map's lookup cost twice the rest of a cell on Renfe's
 * 9.3 M), the bytes kept in one growing buffer to confirm a match. Values whose hashes collide
 * take the next free slots; PackedRows keeps each value once whatever the bytes.
 */
class ValueBytes {
  /** Slot → code + 1 (0: free), and the hash of the value it holds; never more than half full. */
  private slots = new Int32Array(1024);
  private hashes = new Int32Array(1024);
  private filled = 0;
  /** Where each code's bytes are in the arena, and how many. */
  private readonly start: number[] = [];
  private readonly length: number[] = [];
  private arena = new Uint8Array(1 << 16);
  private used = 0;

  /** Set once most values of the column are new (ids of a trips.txt): looked up by text alone. */
  private distinct = false;
  private pushes = 0;
  private misses = 0;

  /**
   * The code of the value the column had on the row before, and whether rows mostly repeat it
   * (a stop_times.txt's trip_id): compared with it first, such a value is neither hashed nor
   * looked up.
   */
  private previous = -1;
  private repeats = 0;
  private repeating = false;

  push(packed: PackedRows, col: number, buf: Buffer, x: number, y: number): void {
    const previous = this.previous;
    if (this.repeating && this.length[previous] === y - x && this.sameBytes(previous, buf, x, y)) {
      packed.pushCellCode(col, previous);
      return;
    }
    if (this.distinct) {
      packed.pushCell(col, buf.toString('utf8', x, y));
      return;
    }
    if (++this.pushes === 4096) {
      this.distinct = this.misses > 2048;
      this.repeating = this.repeats > 2048;
    }
    let h = 0x811c9dc5 | 0;
    for (let k = x; k < y; k++) h = Math.imul(h ^ buf[k]!, 0x01000193);
    const { slots, hashes } = this;
    const mask = slots.length - 1;
    let i = h & mask;
    for (let c = slots[i]!; c !== 0; c = slots[i]!) {
      if (hashes[i] === h && this.sameBytes(c - 1, buf, x, y)) {
        if (c - 1 === previous) this.repeats++;
        this.previous = c - 1;
        packed.pushCellCode(col, c - 1);
        return;
      }
      i = (i + 1) & mask;
    }
    this.misses++;
    const given = packed.pushCell(col, buf.toString('utf8', x, y));
    this.previous = given;
    // Other bytes may decode to a value seen before (malformed UTF-8): that code keeps its bytes.
    if (this.length[given] !== undefined) return;
    slots[i] = given + 1;
    hashes[i] = h;
    this.keep(given, buf, x, y);
    if (++this.filled * 2 > slots.length) this.grow();
  }

  private sameBytes(code: number, buf: Buffer, x: number, y: number): boolean {
    if (this.length[code] !== y - x) return false;
    const at = this.start[code]! - x;
    const arena = this.arena;
    for (let k = x; k < y; k++) if (arena[at + k] !== buf[k]) return false;
    return true;
  }

  private grow(): void {
    const { slots, hashes } = this;
    const size = slots.length * 2;
    const mask = size - 1;
    this.slots = new Int32Array(size);
    this.hashes = new Int32Array(size);
    for (let j = 0; j < slots.length; j++) {
      if (slots[j] === 0) continue;
      let i = hashes[j]! & mask;
      while (this.slots[i] !== 0) i = (i + 1) & mask;
      this.slots[i] = slots[j]!;
      this.hashes[i] = hashes[j]!;
    }
  }

  private keep(code: number, buf: Buffer, x: number, y: number): void {
    const size = y - x;
    if (this.used + size > this.arena.length) {
      const grown = new Uint8Array(Math.max(this.arena.length * 2, this.used + size));
      grown.set(this.arena.subarray(0, this.used));
      this.arena = grown;
    }
    this.arena.set(buf.subarray(x, y), this.used);
    this.start[code] = this.used;
    this.length[code] = size;
    this.used += size;
  }
}
