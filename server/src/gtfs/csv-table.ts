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
      this.byteRecord(buf, i, end);
      i = lf + 1;
    }
  }

  private byteRecord(buf: Buffer, from: number, end: number): void {
    const packed = this.packed!;
    const bytes = this.bytes!;
    const width = this.header!.length;
    const firstComma = buf.indexOf(COMMA, from);
    if (firstComma < 0 || firstComma >= end) {
      let k = from;
      while (k < end && isBlank(buf[k]!)) k++;
      if (k === end) return; // blank line
    }
    const row = packed.length;
    const paddedCols = this.recordPadded;
    paddedCols.length = 0;
    let col = 0;
    let a = from;
    for (;;) {
      let b = col === 0 ? firstComma : buf.indexOf(COMMA, a);
      if (b < 0 || b > end) b = end;
      if (col < width) {
        let x = a;
        let y = b;
        while (x < y && isBlank(buf[x]!)) x++;
        if (y > x && isBlank(buf[y - 1]!)) y = trimEnd(buf, x, y);
        if (x !== a || y !== b) paddedCols.push(col);
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
    for (const c of paddedCols) this.notePadded(row, c);
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

const SPACES = Buffer.alloc(256, 32);

/**
 * Where a value's trailing blanks begin. Padded feeds pad the last column to a fixed width
 * (Renfe: ~100 spaces a line): memchr finds the first space and memcmp checks that spaces alone
 * follow, instead of a byte at a time.
 */
function trimEnd(buf: Buffer, x: number, y: number): number {
  const space = buf.indexOf(32, x);
  if (
    space >= x &&
    space < y &&
    y - space <= SPACES.length &&
    buf.compare(SPACES, 0, y - space, space, y) === 0
  )
    return space;
  while (y > x && isBlank(buf[y - 1]!)) y--;
  return y;
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

  push(packed: PackedRows, col: number, buf: Buffer, x: number, y: number): void {
    if (this.distinct) {
      packed.pushCell(col, buf.toString('utf8', x, y));
      return;
    }
    if (++this.pushes === 4096 && this.misses > 2048) this.distinct = true;
    let h = 0x811c9dc5 | 0;
    for (let k = x; k < y; k++) h = Math.imul(h ^ buf[k]!, 0x01000193);
    const { slots, hashes } = this;
    const mask = slots.length - 1;
    let i = h & mask;
    for (let c = slots[i]!; c !== 0; c = slots[i]!) {
      if (hashes[i] === h && this.sameBytes(c - 1, buf, x, y)) {
        packed.pushCellCode(col, c - 1);
        return;
      }
      i = (i + 1) & mask;
    }
    this.misses++;
    const given = packed.pushCell(col, buf.toString('utf8', x, y));
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
