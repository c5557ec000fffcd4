// Grammars whose scanners import what web-tree-sitter 0.25.10's runtime does not export, and a parse
// that fails inside the runtime (core/grammar-shims.ts, core/runtime.ts parse), on the real runtime.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { SHIMMED_IMPORTS } from "../../core/grammar-shims.js";
import { grammarPath, loadLanguage, parse } from "../../core/runtime.js";
import { builtinPacks } from "../../language-packs/index.js";
import { inlineReport } from "../helpers.js";

interface WasmModuleApi {
  new (b: Uint8Array): object;
  imports(m: object): { module: string; name: string; kind: string }[];
  exports(m: object): { name: string }[];
}
const WasmModule = (globalThis as unknown as { WebAssembly: { Module: WasmModuleApi } }).WebAssembly.Module;
const moduleOf = (path: string) => new WasmModule(readFileSync(path));
const require = createRequire(import.meta.url);
const pathOf = (grammar: string) => (grammar.includes("/") ? require.resolve(grammar) : grammarPath(grammar));

describe("grammar imports", () => {
  it("every function a built-in language's grammar imports is the runtime's or shimmed", () => {
    const runtime = new Set(WasmModule.exports(moduleOf(require.resolve("web-tree-sitter/tree-sitter.wasm"))).map((e) => e.name));
    const unresolved: string[] = [];
    const shimmedUse = new Set<string>();
    const grammars = new Set(builtinPacks.flatMap((p) => p.languages.map((l) => l.grammar).filter((g): g is string => !!g)));
    expect(grammars.size).toBeGreaterThan(20);
    for (const g of grammars) {
      for (const i of WasmModule.imports(moduleOf(pathOf(g)))) {
        if (i.kind !== "function" || runtime.has(i.name)) continue;
        if (SHIMMED_IMPORTS.includes(i.name)) shimmedUse.add(i.name);
        else unresolved.push(`${g}: ${i.name}`);
      }
    }
    expect(unresolved).toEqual([]);
    // What the shims exist for, seen in the grammars this package ships.
    expect([...shimmedUse].sort()).toEqual(expect.arrayContaining(["__assert_fail", "abort", "isalpha"]));
  });

  it("isalpha, as the C locale has it", async () => {
    // Every shell script with a `case` failed in the bash scanner ("resolved is not a function"): 86 of
    // 272 scripts under /usr and /etc here.
    const r = await inlineReport("s.sh", 'g() {\n  case "$1" in\n    [a-z]*) echo word ;;\n    é) echo e ;;\n  esac\n}\nh() { :; }\n');
    expect(r.error).toBeUndefined();
    expect([...(r.api ?? [])].map((e) => [e.name, e.startLine, e.endLine])).toEqual([["g", 1, 6], ["h", 7, 7]]);
  });

  it("a parse that throws inside the runtime, again and again, leaves the runtime whole", async () => {
    // A JS exception that unwinds through wasm frames skips their epilogues: the runtime's stack
    // pointer was left lower each time, and after ~100 such failures in one process (a batch, a
    // server, an index build over shell scripts) its memory was corrupt ("memory access out of bounds").
    const ts = await loadLanguage("typescript");
    const good = "export function f(a: number): number {\n  return a + 1;\n}\n".repeat(40);
    const shape = (src: string) => {
      const tree = parse(ts, src);
      try {
        return tree.rootNode.toString();
      } finally {
        tree.delete();
      }
    };
    const before = shape(good);
    const failing = ((index: number) => {
      if (index > 40) throw new Error("input gone");
      return good.slice(index, index + 20);
    }) as unknown as string; // web-tree-sitter takes a read callback where a string goes
    for (let i = 0; i < 400; i++) expect(() => parse(ts, failing)).toThrow("input gone");
    expect(shape(good)).toBe(before);
  });
});
