/**
 * Synchronous reads at any offset of a file the site is built from, without
 * holding the file in memory: the snapshot's compressed chunks are read when a
 * body is first asked for, and the start-up checksum streams through them.
 *
 * A file on disk is read with pread. A file embedded in the compiled binary
 * (`/$bunfs/...`) cannot be opened as a file, and `Bun.file(path).bytes()`
 * copies it into the heap and also maps its pages of the executable (twice its
 * size in resident memory), so it is read with pread from the executable
 * itself: Bun lays the embedded files out whole in the ELF section `.bun`, and
 * the file is found there by its first and last bytes (the snapshot starts with
 * 16 random bytes, so the match is unique). Reads through pread go through the
 * page cache and add nothing to the process's resident memory.
 */
import { openSync, readSync, fstatSync } from "node:fs";

/** Bytes that can be read at any offset. */
export interface ByteSource {
  /** What the bytes are, for error messages (a path). */
  readonly name: string;
  readonly size: number;
  /** `length` bytes from `offset`, in a new buffer. */
  read(offset: number, length: number): Uint8Array<ArrayBuffer>;
  /** Fills `target` with the bytes from `offset` (a buffer reused across reads leaves no garbage). */
  readInto(offset: number, target: Uint8Array): void;
}

/**
 * Bytes already in memory as a ByteSource.
 *
 * @example
 * bytesSource(new Uint8Array([1, 2, 3]), "test").read(1, 2) // Uint8Array [2, 3]
 */
export function bytesSource(bytes: Uint8Array, name: string): ByteSource {
  return {
    name,
    size: bytes.length,
    read: (offset, length) => {
      if (offset < 0 || offset + length > bytes.length) throw new RangeError(`${name}: read past the end`);
      return new Uint8Array(bytes.subarray(offset, offset + length));
    },
    readInto: (offset, target) => {
      if (offset < 0 || offset + target.length > bytes.length) throw new RangeError(`${name}: read past the end`);
      target.set(bytes.subarray(offset, offset + target.length));
    },
  };
}

/** Fills `out` from `position` of an open file; returns how many bytes there were (fewer at its end). */
function preadInto(fd: number, position: number, out: Uint8Array): number {
  let got = 0;
  while (got < out.length) {
    const n = readSync(fd, out, got, out.length - got, position + got);
    if (n === 0) break;
    got += n;
  }
  return got;
}

/** `length` bytes at `position` of an open file, or fewer at its end. */
function pread(fd: number, position: number, length: number): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(length);
  const got = preadInto(fd, position, out);
  return got === length ? out : out.subarray(0, got);
}

/** A file region read with pread. */
function fdSource(fd: number, start: number, size: number, name: string): ByteSource {
  return {
    name,
    size,
    read: (offset, length) => {
      if (offset < 0 || offset + length > size) throw new RangeError(`${name}: read past the end`);
      const bytes = pread(fd, start + offset, length);
      if (bytes.length !== length) throw new RangeError(`${name}: file shorter than expected`);
      return bytes;
    },
    readInto: (offset, target) => {
      if (offset < 0 || offset + target.length > size) throw new RangeError(`${name}: read past the end`);
      if (preadInto(fd, start + offset, target) !== target.length) throw new RangeError(`${name}: file shorter than expected`);
    },
  };
}

/** Where the section `.bun` (Bun's embedded files) lies in an ELF64 little-endian executable, if it has one. */
function bunSection(fd: number): { offset: number; size: number } | undefined {
  const header = pread(fd, 0, 64);
  if (header.length < 64 || header[0] !== 0x7f || header[1] !== 0x45 || header[4] !== 2 || header[5] !== 1) return undefined;
  const view = new DataView(header.buffer);
  const shoff = Number(view.getBigUint64(0x28, true));
  const shentsize = view.getUint16(0x3a, true);
  const shnum = view.getUint16(0x3c, true);
  const shstrndx = view.getUint16(0x3e, true);
  const table = pread(fd, shoff, shentsize * shnum);
  if (table.length < shentsize * shnum || shstrndx >= shnum) return undefined;
  const sections = new DataView(table.buffer);
  const at = (i: number) => ({
    name: sections.getUint32(i * shentsize, true),
    offset: Number(sections.getBigUint64(i * shentsize + 0x18, true)),
    size: Number(sections.getBigUint64(i * shentsize + 0x20, true)),
  });
  const strings = at(shstrndx);
  const names = pread(fd, strings.offset, strings.size);
  for (let i = 0; i < shnum; i++) {
    const s = at(i);
    if (names[s.name] === 0x2e && names[s.name + 1] === 0x62 && names[s.name + 2] === 0x75 && names[s.name + 3] === 0x6e && names[s.name + 4] === 0) {
      return { offset: s.offset, size: s.size };
    }
  }
  return undefined;
}

const BLOCK = 1 << 20;

/** Where the embedded files found so far end: Bun lays files out one after another (with a NUL between), so the next one is tried there first. */
const ends: number[] = [];

/**
 * The offset in the executable of an embedded file whose first bytes are
 * `head` and last bytes `tail`: tried right after the files found before
 * (entry.ts imports the files read this way first, in order), else searched
 * for in the section `.bun` from its start.
 */
function findEmbedded(fd: number, head: Uint8Array, tail: Uint8Array, size: number): number | undefined {
  const section = bunSection(fd);
  if (!section) return undefined;
  const end = section.offset + section.size;
  const probe = new Uint8Array(Math.max(head.length, tail.length));
  const matches = (start: number, expected: Uint8Array, at: number) =>
    preadInto(fd, at, probe.subarray(0, expected.length)) === expected.length && Buffer.from(probe.buffer, 0, expected.length).equals(Buffer.from(expected)) && start + size <= end;
  const found = (start: number) => matches(start, head, start) && matches(start, tail, start + size - tail.length);
  for (const after of ends) {
    for (const start of [after, after + 1]) if (found(start)) return start;
  }
  const needle = Buffer.from(head);
  const block = Buffer.alloc(BLOCK + head.length);
  for (let at = section.offset; at < end; at += BLOCK) {
    const got = preadInto(fd, at, block.subarray(0, Math.min(block.length, end - at)));
    const view = block.subarray(0, got);
    for (let hit = view.indexOf(needle); hit >= 0; hit = view.indexOf(needle, hit + 1)) if (found(at + hit)) return at + hit;
  }
  return undefined;
}

/** The sources opened so far, by path (so that a synchronous reader can use one: readOpened). */
const opened = new Map<string, ByteSource>();

/**
 * The whole file at `path` when fileSource opened it before (read through pread,
 * so an embedded file's pages of the executable are not mapped); undefined otherwise.
 *
 * @example
 * const bytes = readOpened(paths.data.zctas) ?? readFileSync(paths.data.zctas);
 */
export function readOpened(path: string): Uint8Array<ArrayBuffer> | undefined {
  const source = opened.get(path);
  return source?.read(0, source.size);
}

/**
 * A file (on disk, or embedded in the compiled binary) as a ByteSource read on
 * demand. An embedded file not found in the executable (another layout than
 * Bun 1.4.5's) is read into memory instead; `inMemory` says so.
 *
 * @example
 * const source = await fileSource(".bundle/site.bin");
 * source.read(0, 16)
 */
export async function fileSource(path: string): Promise<ByteSource & { inMemory: boolean }> {
  if (!path.startsWith("/$bunfs/")) {
    const fd = openSync(path, "r");
    return { ...fdSource(fd, 0, fstatSync(fd).size, path), inMemory: false };
  }
  const file = Bun.file(path);
  const size = file.size;
  const edge = Math.min(64, size);
  const [head, tail] = await Promise.all([file.slice(0, edge).bytes(), file.slice(size - edge).bytes()]);
  try {
    const fd = openSync("/proc/self/exe", "r");
    const start = size > 0 ? findEmbedded(fd, head, tail, size) : undefined;
    if (start !== undefined) {
      ends.push(start + size);
      const source = fdSource(fd, start, size, path);
      opened.set(path, source);
      return { ...source, inMemory: false };
    }
  } catch {
    // no /proc, or not readable: fall back to memory
  }
  return { ...bytesSource(await file.bytes(), path), inMemory: true };
}
