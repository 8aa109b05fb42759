/**
 * A growable byte buffer for building bodies from pre-encoded pieces without
 * creating (and re-encoding) large strings.
 */

const encoder = new TextEncoder();

/**
 * Appends bytes and text; `take()` returns the written bytes.
 *
 * @example
 * const w = new ByteWriter();
 * w.text("{\"zip\":\""); w.ascii("90210"); w.text("\"}");
 * w.take() // Uint8Array of '{"zip":"90210"}'
 */
export class ByteWriter {
  #buf: Uint8Array<ArrayBuffer>;
  #pos = 0;

  constructor(capacity = 1 << 16) {
    this.#buf = new Uint8Array(capacity);
  }

  /** Bytes written so far. */
  get length(): number {
    return this.#pos;
  }

  #room(n: number): void {
    if (this.#pos + n <= this.#buf.length) return;
    let size = this.#buf.length * 2;
    while (size < this.#pos + n) size *= 2;
    const next = new Uint8Array(size);
    next.set(this.#buf.subarray(0, this.#pos));
    this.#buf = next;
  }

  /** Appends bytes. */
  bytes(b: Uint8Array): this {
    this.#room(b.length);
    this.#buf.set(b, this.#pos);
    this.#pos += b.length;
    return this;
  }

  /** Appends a string known to be ASCII (ZIP codes, digits, fixed keys). */
  ascii(s: string): this {
    const n = s.length;
    this.#room(n);
    const buf = this.#buf;
    let pos = this.#pos;
    for (let i = 0; i < n; i++) buf[pos++] = s.charCodeAt(i);
    this.#pos = pos;
    return this;
  }

  /** Appends any string as UTF-8. */
  text(s: string): this {
    this.#room(s.length * 3);
    this.#pos += encoder.encodeInto(s, this.#buf.subarray(this.#pos)).written;
    return this;
  }

  /** The bytes from `start` to the current end, as a view (valid until the next write grows the buffer). */
  view(start: number): Uint8Array<ArrayBuffer> {
    return this.#buf.subarray(start, this.#pos);
  }

  /** The written bytes, trimmed to size (a copy; the writer can be dropped). */
  take(): Uint8Array<ArrayBuffer> {
    return this.#buf.slice(0, this.#pos);
  }
}

/**
 * Memoizes the UTF-8 bytes of strings (city, county, district names repeat).
 *
 * @example
 * const enc = encodedCache((s) => JSON.stringify(s));
 * enc("Beverly Hills") // bytes of '"Beverly Hills"'
 */
export function encodedCache(transform: (s: string) => string = (s) => s): (s: string) => Uint8Array<ArrayBuffer> {
  const cache = new Map<string, Uint8Array<ArrayBuffer>>();
  return (s) => {
    let b = cache.get(s);
    if (b === undefined) cache.set(s, (b = encoder.encode(transform(s))));
    return b;
  };
}
