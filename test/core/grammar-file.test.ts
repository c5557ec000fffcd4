// Grammars read without their data segment (core/grammar-file.ts), on the real grammar files.
import { appendFileSync, copyFileSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { placeDataSegment, readGrammarFile } from "../../core/grammar-file.js";
import { bundledGrammarDir, loadLanguage, ownMemoryInUse, parse } from "../../core/runtime.js";
import { repoRoot } from "../helpers.js";

const wasmApi = (globalThis as unknown as { WebAssembly: { Module: new (b: Uint8Array) => object; Memory: new (d: { initial: number }) => { buffer: ArrayBuffer } } }).WebAssembly;
const customSections = (m: object, name: string) => (wasmApi as unknown as { Module: { customSections(m: object, n: string): ArrayBuffer[] } }).Module.customSections(m, name);
const tsGrammar = () => join(bundledGrammarDir(), "tree-sitter-typescript.wasm");

describe("grammar files", () => {
  it("a tree-sitter-wasms grammar is read as its code, its data segment left in the file", () => {
    const path = tsGrammar();
    const file = readFileSync(path);
    const g = readGrammarFile(path);
    expect(g.data).toBeDefined();
    const data = g.data!;
    // TypeScript's grammar is 2.3 MB, of which 2.16 MB are one data segment.
    expect(g.bytes.length).toBeLessThan(file.length / 5);
    expect(g.bytes.length + data.size).toBeLessThan(file.length);
    expect(g.bytes.length + data.size).toBeGreaterThan(file.length - 16); // the section's header only
    // The rest is a valid module that still carries the dynamic linker's metadata.
    const module = new wasmApi.Module(g.bytes);
    expect([...customSections(module, "dylink"), ...customSections(module, "dylink.0")]).toHaveLength(1);
    // Placed at __memory_base, the segment is the file's bytes.
    const memory = new wasmApi.Memory({ initial: Math.ceil((data.size + 4096) / 65536) });
    placeDataSegment(data, { env: { __memory_base: 4096, memory } });
    const placed = new Uint8Array(memory.buffer, 4096, data.size);
    expect(Buffer.from(placed).equals(file.subarray(data.fileOffset, data.fileOffset + data.size))).toBe(true);
    expect(new Uint8Array(memory.buffer, 0, 4096).every((b) => b === 0)).toBe(true);
    // A base given as a WebAssembly.Global-like object counts as well.
    const other = new wasmApi.Memory({ initial: Math.ceil(data.size / 65536) });
    placeDataSegment(data, { env: { __memory_base: { value: 0 }, memory: other } });
    expect(new Uint8Array(other.buffer, 0, 8)).toEqual(new Uint8Array(file.subarray(data.fileOffset, data.fileOffset + 8)));
  });

  it("a grammar loaded split parses", async () => {
    const ts = await loadLanguage("typescript");
    const tree = parse(ts, "export function f(a: number): string { return `${a}`; }");
    try {
      expect(tree.rootNode.toString()).toMatch(/^\(program \(export_statement declaration: \(function_declaration name: \(identifier\)/);
      expect(tree.rootNode.hasError).toBe(false);
    } finally {
      tree.delete();
    }
  });

  it("a file of another shape is read whole", () => {
    const dir = mkdtempSync(join(tmpdir(), "pilens-grammar-"));
    // tree-sitter-lua from @tree-sitter-grammars is built without that segment layout.
    const lua = join(repoRoot, "node_modules", "@tree-sitter-grammars", "tree-sitter-lua", "tree-sitter-lua.wasm");
    const whole = readGrammarFile(lua);
    expect(whole.data).toBeUndefined();
    expect(Buffer.from(whole.bytes).equals(readFileSync(lua))).toBe(true);
    // Not wasm, and a grammar cut short: read whole (the load then fails with its own error).
    const text = join(dir, "not.wasm");
    writeFileSync(text, "not a grammar");
    expect(readGrammarFile(text)).toEqual({ bytes: new Uint8Array(Buffer.from("not a grammar")) });
    const cut = join(dir, "cut.wasm");
    writeFileSync(cut, readFileSync(tsGrammar()).subarray(0, 100_000));
    const g = readGrammarFile(cut);
    expect(g.data).toBeUndefined();
    expect(g.bytes.length).toBe(100_000);
  });

  it("the segment is read only from the file that was split, into memory that holds it", () => {
    const dir = mkdtempSync(join(tmpdir(), "pilens-grammar-"));
    const copy = join(dir, "tree-sitter-typescript.wasm");
    copyFileSync(tsGrammar(), copy);
    const data = readGrammarFile(copy).data!;
    const small = new wasmApi.Memory({ initial: 1 });
    expect(() => placeDataSegment(data, { env: { __memory_base: 0, memory: small } })).toThrow(/no room for its data segment/);
    expect(() => placeDataSegment(data, { env: {} })).toThrow(/no room/);
    appendFileSync(copy, "x");
    const memory = new wasmApi.Memory({ initial: Math.ceil(data.size / 65536) });
    expect(() => placeDataSegment(data, { env: { __memory_base: 0, memory } })).toThrow(/changed while it was loading/);
  });

  it("grammars link into the runtime memory pilens made (its first pages touched ahead of the first report)", async () => {
    const ts = await loadLanguage("typescript");
    const tree = parse(ts, "const a = 1;\n");
    expect(tree.rootNode.type).toBe("program");
    tree.delete();
    expect(ownMemoryInUse()).toBe(true);
  });
});
