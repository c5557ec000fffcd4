#!/usr/bin/env node
/**
 * Growth on generated shapes: each shape at n and 2n (and 4n with `--deep`) in a fresh `pilens report`
 * process, printed as the time per doubling — ~1.0–2.0× is linear (plus the fixed start), > 2.3× is
 * superlinear and worth a profile (`node --cpu-prof bin/pilens.cjs report FILE`). The shapes are the
 * ones that had been superlinear (session 28's hunt): a web-tree-sitter sibling step costs the
 * sibling's position, a `.parent` the node's depth, so a walk per member of a long list was O(n²)–O(n³).
 *
 *   node bench/shapes.mjs [--deep] [--only NAME,NAME]
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const bin = join(root, "bin", "pilens.cjs");
const { values } = parseArgs({ options: { deep: { type: "boolean" }, only: { type: "string" } } });
const lines = (n, f) => Array.from({ length: n }, (_, i) => f(i)).join("\n") + "\n";

/** name → [extension, n, generator]: n is sized for ~0.5–1 s of work at n. */
const SHAPES = {
  "exports.x = function (otel's re-export files)": [".js", 2000, (n) => lines(n, (i) => `exports.x${i} = function (a) { return a + ${i}; };`)],
  "Tabs.Cn = Cn aliases": [".js", 1500, (n) => lines(n, (i) => `function C${i}() {}\nTabs.C${i} = C${i};`)],
  "a file of block comments": [".js", 5000, (n) => lines(n, (i) => `/* block ${i} */ /** doc ${i} */`)],
  "syntax errors in each function": [".js", 2000, (n) => lines(n, (i) => `function f${i}(a) { g(a, (${i}; }`)],
  "one-line minified bundle": [".js", 750, (n) => `!function(){"use strict";${Array.from({ length: n }, (_, i) => `function f${i}(e,t){return e.a${i}=t,e}var v${i}=f${i}({},${i});window.x${i}=function(){return v${i}};`).join("")}}();\n`],
  "a .then chain": [".js", 1500, (n) => `p${Array.from({ length: n }, (_, i) => `.then((v) => v + ${i})`).join("")};\nfunction f(){}\n`],
  "TS interface of n properties": [".ts", 2500, (n) => `export interface Big {\n${lines(n, (i) => `  /** Prop ${i}. */\n  p${i}?: number;`)}}\n`],
  "TS union of n string arms": [".ts", 10000, (n) => `export type U = ${Array.from({ length: n }, (_, i) => `'v${i}'`).join(" | ")};\n`],
  "C struct of n fields": [".h", 2500, (n) => `struct big {\n${lines(n, (i) => `  int f${i}; /* field ${i} */`)}};\n`],
  "C++ out-of-class methods": [".cpp", 4000, (n) => `#include "w.h"\n${lines(n, (i) => `int Widget::m${i}(int a) const {\n  return a + ${i};\n}`)}`],
  "Ruby class of n methods": [".rb", 6000, (n) => `class Big\n${lines(n, (i) => `  def m${i}(a)\n    a + ${i}\n  end`)}end\n`],
  // Nesting n deep: every node a different `.parent`, each one n/2 deep on average (core/parents.ts).
  "n nested functions": [".ts", 2500, (n) => `${lines(n, (i) => `function f${i}() {`)}${"}\n".repeat(n)}`],
  "an object literal n deep": [".ts", 2500, (n) => `export const x = ${"{ a: ".repeat(n)}1${" }".repeat(n)};\n`],
  "object methods n deep": [".ts", 2500, (n) => `export const x = ${"{ a() { return ".repeat(n)}1${" } }".repeat(n)};\n`],
  "arrows n deep (no brackets)": [".ts", 2500, (n) => `export const f = ${"() => ".repeat(n)}1;\n`],
  // A left-nested binary chain n deep: a query step on binary_expression (`operator: [...]`) kept a
  // state open per enclosing expression (Go's time/tzdata/zipdata.go: 7,117 lines took 44–52 s).
  "Go `\"…\" +` concatenation (generated data)": [".go", 4000, (n) => `package p\n\nconst data = ${Array.from({ length: n }, (_, i) => `"\\x${(i % 256).toString(16).padStart(2, "0")}chunk"`).join(" +\n\t")}\n`],
  "Java `\"…\" +` concatenation": [".java", 4000, (n) => `class Data {\n  static final String D = ${Array.from({ length: n }, (_, i) => `"chunk${i}"`).join(" +\n    ")};\n}\n`],
  "Go builder chain n calls long": [".go", 2000, (n) => `package p\n\nfunc f() {\n\tb := New()${Array.from({ length: n }, (_, i) => `.\n\t\tAdd(${i})`).join("")}\n\t_ = b\n}\n`],
  "Rust method chain n calls long": [".rs", 2000, (n) => `fn f() {\n    let b = Builder::new()${Array.from({ length: n }, (_, i) => `\n        .add(${i})`).join("")};\n}\n`],
  // Callback patterns rooted at the call kept a query state open per enclosing call (now leaves:
  // core/callbacks.ts calleeOfArgument), and Kotlin's delegation check walked up the chain per lambda.
  "Kotlin chain of n trailing lambdas": [".kt", 2000, (n) => `fun f() {\n    val b = Builder()${Array.from({ length: n }, (_, i) => `\n        .add { it + ${i} }`).join("")}\n}\n`],
  "Swift chain of n trailing closures": [".swift", 2000, (n) => `func f() {\n    let b = Builder()${Array.from({ length: n }, (_, i) => `\n        .add { $0 + ${i} }`).join("")}\n}\n`],
  "Python chain of n calls with lambdas": [".py", 2000, (n) => `def f():\n    b = (Builder()${Array.from({ length: n }, (_, i) => `\n        .add(lambda x: x + ${i})`).join("")})\n`],
  "Java chain of n calls with lambdas": [".java", 2000, (n) => `class A {\n  void f() {\n    b = new Builder()${Array.from({ length: n }, (_, i) => `\n        .add(x -> { return x + ${i}; })`).join("")};\n  }\n}\n`],
  "C++ chain of n calls with lambdas": [".cpp", 2000, (n) => `void f() {\n    auto b = Builder()${Array.from({ length: n }, (_, i) => `\n        .add([](int x) { return x + ${i}; })`).join("")};\n}\n`],
  // `(binary_expression operator: …)` complexity steps kept a state open per enclosing expression (now the
  // operator token with #parent-kind-eq?).
  "C sum of n terms": [".c", 4000, (n) => `int f(int a) {\n  return ${Array.from({ length: n }, (_, i) => `a * ${i}`).join(" +\n    ")};\n}\n`],
  "Rust sum of n terms": [".rs", 4000, (n) => `fn f(a: i64) -> i64 {\n    ${Array.from({ length: n }, (_, i) => `a * ${i}`).join(" +\n        ")}\n}\n`],
  "Elixir pipeline of n stages": [".ex", 2000, (n) => `defmodule A do\n  def f(b) do\n    b${Array.from({ length: n }, (_, i) => `\n    |> add(${i})`).join("")}\n  end\nend\n`],
  "PHP condition of n && terms": [".php", 2000, (n) => `<?php\nfunction f($a) {\n  return ${Array.from({ length: n }, (_, i) => `$a > ${i}`).join(" &&\n    ")};\n}\n`],
  // C/C++ macro masks (language-packs/c/macros.ts) looked back to the line's start at every candidate.
  "C line of n calls (one line)": [".c", 10000, (n) => `int f(int a) { return ${Array.from({ length: n }, (_, i) => `g(${i})`).join(" + ")}; }\n`],
  "C++ n blank lines of spaces around a struct": [".cpp", 2000, (n) => `${lines(n, () => " ".repeat(120))}struct A {\n  int x{0};\n};\n${lines(n, () => " ".repeat(120))}`],
  "C line of n ALL_CAPS words": [".h", 10000, (n) => `${Array.from({ length: n }, (_, i) => `A_${i}`).join(" ")}\n`],
  "C line of n MACRO_NAMEs (one line)": [".c", 10000, (n) => `int f(int a) { return ${Array.from({ length: n }, (_, i) => `A_${i}`).join(" + ")}; }\n`],
  // Ruby's require/attr_accessor patterns rooted at `call` waited over each receiver (now anchored: `(call . method: …)`).
  "Ruby method chain n calls long": [".rb", 2000, (n) => `def f\n  b = Builder.new${Array.from({ length: n }, (_, i) => `\n    .add(${i})`).join("")}\nend\n`],
  // Session 46's new paths (QA 46f): a lookbehind per offset over a long line or word (objc `#if` tokens,
  // objcpp references), a string rebuilt per RN macro, a `{` scanned to the end per open namespace, a
  // parse per commented-out block holding a `/*` (core/run-on-comments.ts).
  "ObjC .m line of n KB (a data literal)": [".m", 100, (n) => `#import <X.h>\nstatic NSString *s = @"${"QUJD".repeat(n * 256)}";\n@implementation A\n- (void)f {}\n@end\n`],
  "ObjC++ .mm word of n KB": [".mm", 100, (n) => `namespace a { int x; }\nstatic NSString *s = @"${"QUJD".repeat(n * 256)}";\n`],
  "ObjC n RCT_EXPORT_METHODs": [".m", 8000, (n) => `@implementation M\n${lines(n, (i) => `RCT_EXPORT_METHOD(m${i}:(NSString *)a)\n{\n  [self f];\n}`)}@end\n`],
  "ObjC++ n namespaces left open": [".mm", 4000, (n) => lines(n, (i) => `namespace n${i} {\nint v${i} = ${i};`)],
  "JS n commented-out blocks holding a /*": [".js", 600, (n) => lines(n, (i) => `/* note ${i}\nx${i} = (\n/* inner */\nfunction f${i}() { return ${i}; }`)],
  "Kotlin classes n deep": [".kt", 1500, (n) => `${lines(n, (i) => `class C${i} {`)}${"}\n".repeat(n)}`],
  // Each prose comment closing on a URL's `//` line was a run-on candidate in a C file with an error, each
  // try a whole parse with the macro masks (core/run-on-comments.ts; now a budget of reparses a file).
  "C prose comments ending on a URL, with an error": [".c", 600, (n) => `${lines(n, (i) => `/*\n License text ${i}\n See https://example.org/${i} */\nint f${i}(void);`)}int broken( {\n`],
  "tsc namespaces compiled n deep": [".js", 300, (n) => `var N0;\n${lines(n, (i) => `(function (N${i}) {\n  N${i}.f = function () {};\n  var N${i + 1};`)}${Array.from({ length: n }, (_, k) => n - 1 - k).map((i) => (i ? `})(N${i} = N${i - 1}.N${i} || (N${i - 1}.N${i} = {}));` : "})(N0 || (N0 = {}));")).join("\n")}\n`],
  // Session 47's new code (helper 5): tsc's __decorate calls found from the root (a descendant search steps
  // over every statement before) and a class's members re-sorted per call (language-packs/typescript/tsc-decorate.ts).
  "JS n tsc __decorate'd fields": [".js", 6000, (n) => `let X = class X {};\n${lines(n, (i) => `__decorate([\n  Prop(), __metadata("design:type", String)\n], X.prototype, "f${i}", void 0);`)}`],
  // A mock's argument trimmed by a pattern anchored at its end whose lazy comments tried every pairing of `/*`
  // and `*/`: exponential in a run of comments (language-packs/c/mock-methods.ts trimmed; a call is ≤ 4,000 chars).
  "C++ mock argument of n comments in a row": [".cpp", 300, (n) => `class M : public I {\n  MOCK_METHOD(int, f, (int x ${"/**/ ".repeat(n)}), (override));\n};\n`],
  // A static's owner looked for by a walk over its whole scope per static (language-packs/typescript/field-helpers.ts
  // ownsStatics; 12,000: 35 s), and a field helper's comments before its key paired lazily with any later `*/`.
  "JS n Babel statics on one class": [".js", 6000, (n) => `class X {}\n${lines(n, (i) => `_defineProperty(X, "s${i}", ${i});`)}`],
  "JS __publicField key after n comments in a row": [".js", 300, (n) => `class A {\n  constructor() {\n    __publicField(this, ${"/**/ ".repeat(n)}x);\n  }\n}\n`],
  // Session 48 (helper 3): TS/JS shapes of one long list or one deep nesting each.
  "JS member chain a.b.c… n long": [".js", 40000, (n) => `export const v = a${Array.from({ length: n }, (_, i) => `.p${i}`).join("")};\nfunction f() {}\n`],
  "JS switch of n cases": [".js", 20000, (n) => `export function f(x) {\n  switch (x) {\n${lines(n, (i) => `    case ${i}: return ${i};`)}  }\n}\n`],
  "TS n overloads of one function": [".ts", 4000, (n) => `${lines(n, (i) => `export function f(a: T${i}): R${i};`)}export function f(a: any): any { return a; }\n`],
  "TS enum of n members": [".ts", 8000, (n) => `export enum E {\n${lines(n, (i) => `  /** M ${i}. */\n  M${i} = ${i},`)}}\n`],
  "TSX n JSX siblings": [".tsx", 4000, (n) => `export function App() {\n  return (\n    <div>\n${lines(n, (i) => `      <Item key="${i}" onClick={() => go(${i})} />`)}    </div>\n  );\n}\n`],
  "JS template literals n deep": [".js", 10000, (n) => `export const t = ${"`a${".repeat(n)}x${"}`".repeat(n)};\n`],
  "TS n export * lines": [".ts", 5000, (n) => lines(n, (i) => `export * from "./m${i}";`)],
  "JS array literal of n elements": [".js", 25000, (n) => `export const data = [\n${Array.from({ length: n }, (_, i) => `  { id: ${i}, name: "n${i}" }`).join(",\n")}\n];\nexport function f() {}\n`],
  "JS .then chain n long (one statement)": [".js", 5000, (n) => `export function f(p) {\n  return p${Array.from({ length: n }, (_, i) => `\n    .then((v) => v + ${i})`).join("")};\n}\n`],
  // Two assignment tag patterns kept a query state open per enclosing statement, and each `f = function` walked up every ancestor.
  "JS IIFEs n deep, each with members": [".js", 1000, (n) => `${Array.from({ length: n }, (_, i) => `(function () {\n  ns.m${i} = ${i};\n  f${i} = function () {};`).join("\n")}\n${"})();\n".repeat(n)}`],
  // #defines between enumerators each placed by a search over every record listed so far (language-packs/c/enum-macros.ts place).
  "C enum of n enumerators each with a #define": [".h", 9000, (n) => `enum E {\n${lines(n, (i) => `#define D${i} ${i}\n  E${i},`)}};\n`],
};

const dir = mkdtempSync(join(tmpdir(), "pilens-shapes-"));
const only = values.only?.split(",");
const time = (file) => {
  const t = process.hrtime.bigint();
  const r = spawnSync(process.execPath, [bin, "report", file, "--view", "json", "--detail", "full"], { stdio: ["ignore", "ignore", "pipe"], timeout: 120_000 });
  const ms = Number(process.hrtime.bigint() - t) / 1e6;
  return { ms, failed: r.status !== 0 ? (r.stderr?.toString().trim().split("\n")[0] ?? `exit ${r.status}`) : undefined };
};
try {
  console.log("work = time at n − time at n = 1 (same language: the fixed start and grammar load); per doubling of n: ~2× linear, > 2.3× superlinear");
  for (const [name, [ext, n, gen]] of Object.entries(SHAPES)) {
    if (only && !only.some((o) => name.includes(o))) continue;
    const sizes = values.deep ? [1, n, 2 * n, 4 * n] : [1, n, 2 * n];
    const [base, ...runs] = sizes.map((k) => {
      const file = join(dir, `shape-${k}${ext}`);
      writeFileSync(file, gen(k));
      return time(file);
    });
    const work = runs.map((r) => Math.max(1, r.ms - base.ms));
    const growth = work.slice(1).map((w, i) => (w / work[i]).toFixed(2));
    const failed = runs.find((r) => r.failed)?.failed;
    console.log(`${name.padEnd(48)} n=${String(n).padEnd(6)} work ${work.map((w) => `${w.toFixed(0)} ms`).join(" → ").padEnd(22)} ×${growth.join(", ×")}${failed ? `  FAILED: ${failed}` : ""}`);
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
