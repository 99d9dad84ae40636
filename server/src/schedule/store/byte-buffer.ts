/**
 * Bytes appended to one buffer that grows as needed; text goes in as UTF-8. The schedule load
 * writes its COPY lines into one (TableChunks) and keeps each distinct field's bytes in others
 * (packed-stop-time-lines.ts): no string per line, no array per value.
 */
export class ByteBuffer {
  private static readonly utf8 = new TextEncoder();
  bytes: Uint8Array;
  used = 0;

  constructor(size: number) {
    this.bytes = new Uint8Array(size);
  }

  putText(text: string): void {
    // UTF-8 takes at most three bytes per UTF-16 unit.
    this.reserve(text.length * 3);
    this.used += ByteBuffer.utf8.encodeInto(text, this.bytes.subarray(this.used)).written;
  }

  /** Appends `source[from..to)`: a field of a few bytes, copied in a loop (no view made). */
  putRange(source: Uint8Array, from: number, to: number): void {
    this.reserve(to - from);
    const bytes = this.bytes;
    let at = this.used;
    for (let k = from; k < to; k++) bytes[at++] = source[k]!;
    this.used = at;
  }

  putByte(byte: number): void {
    this.reserve(1);
    this.bytes[this.used++] = byte;
  }

  /** What was appended, as a copy of its own (it may be transferred), and the buffer emptied. */
  take(): Uint8Array {
    const taken = this.bytes.slice(0, this.used);
    this.used = 0;
    return taken;
  }

  private reserve(count: number): void {
    if (this.used + count <= this.bytes.length) return;
    const grown = new Uint8Array(Math.max(this.bytes.length * 2, this.used + count));
    grown.set(this.bytes.subarray(0, this.used));
    this.bytes = grown;
  }
}
