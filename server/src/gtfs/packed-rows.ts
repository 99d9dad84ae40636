/**
 * The rows of a large GTFS file as one dictionary code per cell, so a national network's
 * stop_times.txt (tens of millions of values) costs a few bytes a value instead of a string
 * array per row. Each column keeps its distinct values once (GTFS repeats trip ids, stop ids and
 * times on every line); its codes live in blocks of typed arrays whose width grows with the
 * column's dictionary (1 byte while it holds ≤ 256 values, then 2, then 4). Typed arrays are
 * outside the JavaScript heap: the garbage collector never walks them.
 */

type Codes = Uint8Array | Uint16Array | Uint32Array;

const BLOCK_BITS = 16;
const BLOCK = 1 << BLOCK_BITS;
const MASK = BLOCK - 1;

/**
 * V8 keeps a substring of 13+ characters as a view on its parent string; copying the distinct
 * values we keep lets each decoded chunk be collected.
 */
function detach(s: string): string {
  return s.length >= 13 ? (' ' + s).slice(1) : s;
}

function widen(codes: Codes, entries: number): Codes {
  const next = entries > 0xffff ? new Uint32Array(BLOCK) : new Uint16Array(BLOCK);
  next.set(codes);
  return next;
}

class PackedColumn {
  /** code → value */
  readonly values: string[] = [];
  private readonly codeOf = new Map<string, number>();
  readonly blocks: Codes[] = [];

  /** Stores the value at `row`; returns its code. */
  push(row: number, value: string): number {
    let code = this.codeOf.get(value);
    if (code === undefined) {
      code = this.values.length;
      const kept = detach(value);
      this.values.push(kept);
      this.codeOf.set(kept, code);
    }
    this.pushCode(row, code);
    return code;
  }

  /** The largest code each block can hold (its width), checked per cell instead of its type. */
  private readonly limits: number[] = [];

  /** Stores a code this column gave before at `row`. */
  pushCode(row: number, code: number): void {
    const b = row >>> BLOCK_BITS;
    if (b >= this.blocks.length || code > this.limits[b]!) this.makeRoom(b, code);
    this.blocks[b]![row & MASK] = code;
  }

  private makeRoom(b: number, code: number): void {
    const entries = Math.max(this.values.length, code + 1);
    const block = this.blocks[b];
    const next =
      block === undefined
        ? entries > 0xffff
          ? new Uint32Array(BLOCK)
          : entries > 0xff
            ? new Uint16Array(BLOCK)
            : new Uint8Array(BLOCK)
        : widen(block, entries);
    this.blocks[b] = next;
    this.limits[b] = next instanceof Uint8Array ? 0xff : next instanceof Uint16Array ? 0xffff : 0xffffffff;
  }

  /** Once the file is read: the value → code map is no longer needed. */
  seal(): void {
    this.codeOf.clear();
  }
}

export class PackedRows {
  private readonly columns: PackedColumn[];
  length = 0;

  constructor(readonly width: number) {
    this.columns = Array.from({ length: width }, () => new PackedColumn());
  }

  /** Appends one row of exactly `width` values (the reader pads or cuts rows first). */
  push(values: readonly string[]): void {
    const row = this.length;
    for (let c = 0; c < this.width; c++) this.columns[c]!.push(row, values[c] ?? '');
    this.length = row + 1;
  }

  seal(): void {
    for (const column of this.columns) column.seal();
  }

  /** Row by row, cell by cell (the byte reader): the value of column `col` of the row being added. */
  pushCell(col: number, value: string): number {
    return this.columns[col]!.push(this.length, value);
  }

  /** The same with a code the column gave for an equal value before. */
  pushCellCode(col: number, code: number): void {
    this.columns[col]!.pushCode(this.length, code);
  }

  /** Once every cell of the row is pushed. */
  endRow(): void {
    this.length++;
  }

  /** The code of a cell: equal codes in a column are equal values. */
  code(col: number, row: number): number {
    return this.columns[col]!.blocks[row >>> BLOCK_BITS]![row & MASK]!;
  }

  /** A column's code reader for hot loops: `code(col, row)` without looking the column up each time. */
  codes(col: number): (row: number) => number {
    const { blocks } = this.columns[col]!;
    return (row) => blocks[row >>> BLOCK_BITS]![row & MASK]!;
  }

  /** A column's distinct values, indexed by code. */
  dictionary(col: number): readonly string[] {
    return this.columns[col]!.values;
  }

  value(col: number, row: number): string {
    const column = this.columns[col]!;
    return column.values[column.blocks[row >>> BLOCK_BITS]![row & MASK]!]!;
  }

  /** A column accessor for the validator's hot loops (no row array is made). */
  column(col: number): (row: number) => string {
    const column = this.columns[col];
    if (!column) return () => '';
    const { values, blocks } = column;
    return (row) => values[blocks[row >>> BLOCK_BITS]![row & MASK]!] ?? '';
  }

  /** One row as the string array every other reader of a table expects (made on demand). */
  row(row: number): string[] {
    const out = new Array<string>(this.width);
    for (let c = 0; c < this.width; c++) out[c] = this.value(c, row);
    return out;
  }
}

const packedOf = new WeakMap<object, PackedRows>();

/** The packed rows behind a table's `rows`, when they are packed. */
export function packedRows(rows: readonly string[][]): PackedRows | undefined {
  return packedOf.get(rows);
}

function indexOf(prop: string | symbol, length: number): number {
  if (typeof prop !== 'string') return -1;
  const n = Number(prop);
  return Number.isInteger(n) && n >= 0 && n < length && String(n) === prop ? n : -1;
}

/**
 * `rows` of a packed table: reads like an array of rows (length, index, iteration and every
 * array method that only reads), each row made on demand. Read-only: nothing adds rows to a
 * table read from a file. The hot loops use `packedRows(rows)` instead.
 */
export function packedRowsView(packed: PackedRows): string[][] {
  const view = new Proxy([] as string[][], {
    get(target, prop, receiver) {
      if (prop === 'length') return packed.length;
      const i = indexOf(prop, packed.length);
      if (i >= 0) return packed.row(i);
      if (prop === Symbol.iterator) {
        return function* rowsOf() {
          for (let r = 0; r < packed.length; r++) yield packed.row(r);
        };
      }
      return Reflect.get(target, prop, receiver);
    },
    has(target, prop) {
      return indexOf(prop, packed.length) >= 0 || Reflect.has(target, prop);
    },
    ownKeys(target) {
      const keys: (string | symbol)[] = Array.from({ length: packed.length }, (_, i) => String(i));
      return [...keys, ...Reflect.ownKeys(target)];
    },
    getOwnPropertyDescriptor(target, prop) {
      const i = indexOf(prop, packed.length);
      if (i >= 0) return { value: packed.row(i), writable: false, enumerable: true, configurable: true };
      if (prop === 'length')
        return { value: packed.length, writable: true, enumerable: false, configurable: false };
      return Reflect.getOwnPropertyDescriptor(target, prop);
    },
    set() {
      throw new TypeError('The rows of a table read from a file cannot be changed.');
    },
    defineProperty() {
      throw new TypeError('The rows of a table read from a file cannot be changed.');
    },
  });
  packedOf.set(view, packed);
  return view;
}
