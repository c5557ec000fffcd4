/**
 * A tree-sitter grammar (an Emscripten side module) read in two parts: the module without its data
 * segment, and where that segment lies in the file.
 *
 * A grammar is mostly data: TypeScript's 2.3 MB file is 178 KB of code and 2.16 MB of parse tables
 * in one active data segment. Read whole, those tables are copied three times before a parse: into
 * a Buffer, into V8's own copy of the module's bytes when compilation starts (on the main thread,
 * ~10 ms), and into wasm memory at instantiation. On this machine kind first touching fresh memory
 * costs ~14 µs a page, so each copy costs about its size in page faults. Split, only the code is
 * read and compiled (the compilation starts ~18 ms earlier), and the segment is read from the file
 * straight into the memory the dynamic linker reserved for it, where instantiation would have put it.
 *
 * The split applies only to the shape Emscripten gives side modules — no data-count section, one
 * active segment for memory 0 at `global.get $__memory_base` — and is checked section by section; any
 * other file (a third-party grammar built otherwise) is read and instantiated whole.
 */
import { closeSync, fstatSync, openSync, readSync } from "node:fs";

/** The data segment left out of `module`: `size` bytes at `fileOffset`, placed at `__memory_base`. */
export interface DataSegment {
  path: string;
  fileOffset: number;
  size: number;
  /** Size and mtime of the file when it was split: the segment is read only from that same file. */
  fileSize: number;
  mtimeMs: number;
}

export interface GrammarFile {
  /** The module's bytes: the whole file, or the file without its data section. */
  bytes: Uint8Array;
  /** Set when the data section was left out of `bytes`: it must be placed before instantiation. */
  data?: DataSegment;
}

const DATA = 11;
const DATA_COUNT = 12;
const IMPORT = 2;

/** Read a grammar, leaving out its data segment where the file has the side-module shape. */
export function readGrammarFile(path: string): GrammarFile {
  const fd = openSync(path, "r");
  try {
    const st = fstatSync(fd);
    return split(fd, path, st.size, st.mtimeMs) ?? { bytes: readAll(fd, st.size) };
  } finally {
    closeSync(fd);
  }
}

/**
 * Put the segment where an instantiation with `imports` (the dynamic linker's import object) would
 * have: at `env.__memory_base` in `env.memory`.
 */
export function placeDataSegment(data: DataSegment, imports: unknown): void {
  const env = (imports as { env?: Record<string, unknown> } | undefined)?.env;
  const base = env?.__memory_base;
  const memory = env?.memory as { buffer: ArrayBuffer } | undefined;
  const at = typeof base === "number" ? base : Number((base as { value?: unknown } | undefined)?.value);
  if (!memory || !(memory.buffer instanceof ArrayBuffer) || !Number.isInteger(at) || at < 0 || at + data.size > memory.buffer.byteLength) {
    throw new Error(`grammar ${data.path}: no room for its data segment in the runtime's memory`);
  }
  const fd = openSync(data.path, "r");
  try {
    const st = fstatSync(fd);
    if (st.size !== data.fileSize || st.mtimeMs !== data.mtimeMs) throw new Error(`grammar ${data.path} changed while it was loading`);
    readInto(fd, new Uint8Array(memory.buffer, at, data.size), data.fileOffset);
  } finally {
    closeSync(fd);
  }
}

function readAll(fd: number, size: number): Uint8Array {
  const out = new Uint8Array(size);
  readInto(fd, out, 0);
  return out;
}

function readInto(fd: number, into: Uint8Array, position: number): void {
  let done = 0;
  while (done < into.length) {
    const n = readSync(fd, into, done, into.length - done, position + done);
    if (n === 0) throw new Error("grammar file ended early");
    done += n;
  }
}

/** An unsigned LEB128 at `at`: its value and the offset after it (undefined past `end`). */
function leb(b: Uint8Array, at: number, end = b.length): [number, number] | undefined {
  let value = 0;
  let shift = 0;
  for (let i = at; i < end && shift < 35; i++) {
    const byte = b[i]!;
    value += (byte & 0x7f) * 2 ** shift;
    shift += 7;
    if (byte < 0x80) return [value, i + 1];
  }
  return undefined;
}

/** The file without its data section, or undefined where it does not have the side-module shape. */
function split(fd: number, path: string, size: number, mtimeMs: number): GrammarFile | undefined {
  const head = new Uint8Array(16);
  if (size < 8 || readSync(fd, head, 0, 8, 0) !== 8) return undefined;
  if (head[0] !== 0 || head[1] !== 0x61 || head[2] !== 0x73 || head[3] !== 0x6d) return undefined;
  const parts: Uint8Array[] = [head.slice(0, 8)];
  let memoryBaseGlobal: number | undefined;
  let data: DataSegment | undefined;
  for (let pos = 8; pos < size; ) {
    const n = readSync(fd, head, 0, Math.min(16, size - pos), pos);
    const id: number = head[0]!;
    const len = leb(head, 1, n);
    if (!len) return undefined;
    const [bodySize, bodyAt] = len;
    const sectionEnd = pos + bodyAt + bodySize;
    if (sectionEnd > size) return undefined;
    if (id === DATA_COUNT) return undefined;
    if (id === DATA) {
      if (data || memoryBaseGlobal === undefined) return undefined;
      data = dataSegment(fd, path, pos + bodyAt, bodySize, memoryBaseGlobal, size, mtimeMs);
      if (!data) return undefined;
    } else {
      const section = new Uint8Array(sectionEnd - pos);
      readInto(fd, section, pos);
      if (id === IMPORT) {
        memoryBaseGlobal = importedGlobal(section.subarray(bodyAt), "env", "__memory_base");
        if (memoryBaseGlobal === undefined) return undefined;
      }
      parts.push(section);
    }
    pos = sectionEnd;
  }
  if (!data) return undefined;
  const bytes = new Uint8Array(parts.reduce((s, p) => s + p.length, 0));
  let at = 0;
  for (const p of parts) {
    bytes.set(p, at);
    at += p.length;
  }
  return { bytes, data };
}

/** One active segment for memory 0 at `global.get memoryBaseGlobal`, the section's only content. */
function dataSegment(fd: number, path: string, bodyAt: number, bodySize: number, memoryBaseGlobal: number, fileSize: number, mtimeMs: number): DataSegment | undefined {
  const h = new Uint8Array(Math.min(32, bodySize));
  readInto(fd, h, bodyAt);
  const count = leb(h, 0);
  if (!count || count[0] !== 1) return undefined;
  let at = count[1];
  if (h[at++] !== 0 || h[at++] !== 0x23) return undefined; // flags 0 (active, memory 0); global.get
  const global = leb(h, at);
  if (!global || global[0] !== memoryBaseGlobal) return undefined;
  at = global[1];
  if (h[at++] !== 0x0b) return undefined; // end of the offset expression
  const segSize = leb(h, at);
  if (!segSize) return undefined;
  const [length, dataAt] = segSize;
  if (dataAt + length !== bodySize) return undefined;
  return { path, fileOffset: bodyAt + dataAt, size: length, fileSize, mtimeMs };
}

/** The index among imported globals of `module.field`, if it is an imported global. */
function importedGlobal(body: Uint8Array, module: string, field: string): number | undefined {
  const decoder = new TextDecoder();
  const count = leb(body, 0);
  if (!count) return undefined;
  let at = count[1];
  let globals = 0;
  for (let i = 0; i < count[0]; i++) {
    const names: string[] = [];
    for (let k = 0; k < 2; k++) {
      const len = leb(body, at);
      if (!len) return undefined;
      names.push(decoder.decode(body.subarray(len[1], len[1] + len[0])));
      at = len[1] + len[0];
    }
    const kind = body[at++];
    if (kind === 3) {
      if (names[0] === module && names[1] === field) return globals;
      globals++;
      at += 2; // value type, mutability
    } else if (kind === 0) {
      const t = leb(body, at);
      if (!t) return undefined;
      at = t[1];
    } else if (kind === 1 || kind === 2) {
      if (kind === 1) at++; // reference type
      const flags = body[at++]!;
      const min = leb(body, at);
      if (!min) return undefined;
      at = min[1];
      if (flags & 1) {
        const max = leb(body, at);
        if (!max) return undefined;
        at = max[1];
      }
    } else if (kind === 4) {
      at++; // attribute
      const t = leb(body, at);
      if (!t) return undefined;
      at = t[1];
    } else return undefined;
  }
  return undefined;
}
