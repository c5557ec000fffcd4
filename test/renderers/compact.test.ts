/** The compact view: columns that never touch, collapsed data rows, and graph facts when a graph exists. */
import { mkdtempSync, mkdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Lens } from "../../core/engine.js";
import { implHead } from "../../renderers/compact.js";

/** The layout tests look at every row: no detail budget. */
const FULL = { detail: "full" };
/** The lens with the compact view's budget off: what fits is shown, data members on shared rows. */
const unbudgeted = (): Lens => {
  const l = Object.create(lens) as Lens;
  Object.defineProperty(l, "settings", { value: { ...lens.settings, budget: { ...lens.settings.budget, compact: 0 } } });
  return l;
};
let dir: string;
let lens: Lens;
const savedCache = process.env.PILENS_CACHE_DIR;

function write(rel: string, src: string): string {
  const p = join(dir, rel);
  mkdirSync(join(p, ".."), { recursive: true });
  writeFileSync(p, src);
  return p;
}

beforeAll(async () => {
  process.env.PILENS_CACHE_DIR = mkdtempSync(join(tmpdir(), "pilens-compact-cache-"));
  dir = mkdtempSync(join(tmpdir(), "pilens-compact-"));
  writeFileSync(join(dir, "package.json"), "{}");
  lens = await Lens.create({ cwd: dir });
});

afterAll(() => {
  if (savedCache === undefined) delete process.env.PILENS_CACHE_DIR;
  else process.env.PILENS_CACHE_DIR = savedCache;
});

/** Table rows of a section: a top-level row unindented, two spaces per level of nesting, cells one space apart (a range first). */
function rows(text: string, section: string): string[] {
  const lines = text.split("\n");
  const start = lines.findIndex((l) => l.startsWith(`${section}`));
  if (start < 0) return [];
  const out: string[] = [];
  for (const l of lines.slice(start + 1)) {
    if (!/^ *\d/.test(l)) break;
    out.push(l);
  }
  return out;
}

describe("compact view", () => {
  it("columns never run into each other, whatever the length of a range, kind or handle", async () => {
    const pad = "\n".repeat(9990);
    const src = `export const config = {\n  onVeryLongEventNameThatKeepsGoingAndGoing: () => { run(); },\n};\n${pad}export function late() {\n  emitter.addEventListener('x', function handlerWithAnExtremelyLongName() { go(); });\n  setTimeout(() => { tick(); }, 1);\n}\n`;
    const r = await lens.moduleReport(write("cols.ts", src));
    const text = lens.render(r, "compact", FULL);
    for (const section of ["API:", "CALLBACKS:"]) {
      const rs = rows(text, section);
      expect(rs.length, section).toBeGreaterThan(0);
      // A range, one space, a kind (neither holds a space), one space, the text: whatever their lengths,
      // the first two words of a row are its range and its kind.
      for (const row of rs) expect(row.trim(), row).toMatch(/^\d+(?:-\d+)? [a-z][\w-]* \S/);
    }
    // The range and kind of each callback row as the report has them.
    for (const c of r.callbacks ?? []) expect(text).toContain(`\n${c.startLine === c.endLine ? c.startLine : `${c.startLine}-${c.endLine}`} ${c.kind} ${c.name}`);
    // Asked for in full, RECOMMENDED is a table of whole reasons: range, the pick, its reason after `—`.
    const recs = rows(text, "RECOMMENDED:");
    expect(recs.length).toBeGreaterThan(0);
    for (const row of recs) expect(row.trim(), row).toMatch(/^\d+(?:-\d+)? \S+ — \S/);
  });

  it("collapses a type's data members and module-level runs of data into name rows", async () => {
    const r = await lens.moduleReport(
      write("data.ts", "export interface Opts {\n  a: string;\n  b?: number;\n  c: boolean;\n  run(): void;\n}\nexport const A = 1;\nexport const B = 2;\nexport const C = 3;\nexport function f() {}\n"),
    );
    const text = unbudgeted().render(r, "compact");
    expect(text).toMatch(/\n 2-4\s+props\s+a, b\?, c\n/);
    expect(text).toMatch(/\n 5\s+method\s+run\(\): void\n/);
    expect(text).toMatch(/\n7-9\s+consts\s+A, B, C\n/);
    expect(text).toMatch(/\n10\s+fn\s+f\(\)(\n|$)/);
    // Asked for in full, each data member has its row and type (a .d.ts's property types are its API).
    const full = lens.render(r, "compact", FULL);
    expect(full).toMatch(/\n 2\s+prop\s+a: string\n 3\s+prop\s+b\?: number\n/);
  });

  it("each name of a destructuring declaration has a row that says which (chalk's `const {stdout: stdoutColor, stderr: stderrColor} = …`)", async () => {
    const r = await lens.moduleReport(write("destructure.js", "const {stdout: stdoutColor, stderr: stderrColor} = supportsColor;\nexport { stdoutColor, stderrColor };\n"));
    expect(rows(lens.render(r, "compact", FULL), "API:")).toEqual([
      "1 const stdoutColor  (of const {stdout: stdoutColor, stderr: stderrColor} = supportsColor)",
      "1 const stderrColor  (of const {stdout: stdoutColor, stderr: stderrColor} = supportsColor)",
    ]);
  });

  it("shows an impl by its head without generics and where clause", () => {
    expect(implHead("unsafe impl<T: ?Sized + Sync + Send> Send for Arc<T>")).toBe("unsafe Send for Arc<T>");
    expect(implHead("impl<T> Arc<[mem::MaybeUninit<T>]>")).toBe("Arc<[mem::MaybeUninit<T>]>");
    expect(implHead("impl<F: Fn() -> T, T> Lazy for Cell<F> where F: Send, T: Sync")).toBe("Lazy for Cell<F>");
    expect(implHead("impl fmt::Display for Error")).toBe("fmt::Display for Error");
    expect(implHead("pub struct Arc<T>")).toBe("pub struct Arc<T>");
  });

  it("recommends no re-export of a barrel unless the focus names it", async () => {
    write("src/parts/a.ts", "export function alpha(): number {\n  return 1;\n}\nexport interface AlphaOptions {\n  n: number;\n}\n");
    const barrel = write("src/parts/index.ts", 'export { alpha, type AlphaOptions } from "./a.js";\nexport * from "./a.js";\n');
    const r = await lens.moduleReport(barrel);
    expect(r.api?.map((e) => e.name)).toEqual(["alpha", "AlphaOptions"]);
    expect(r.recommendedReads).toEqual([]);
    expect(lens.render(r, "compact")).not.toContain("RECOMMENDED");
    const focused = await lens.moduleReport(barrel, { focus: "alphaoptions" });
    expect(focused.recommendedReads?.map((x) => x.symbol)).toEqual(["AlphaOptions"]);
  });

  it("recommends what the focus names first: its exact name, then names holding it, then heads and docs", async () => {
    const branchy = (n: string, k: number) => `export function ${n}(x: number): number {\n${Array.from({ length: k }, (_, i) => `  if (x === ${i}) return ${i};`).join("\n")}\n  return -1;\n}\n`;
    // Complex neighbours outscore the plain exact match on complexity alone.
    const f = write("src/lazy.ts", [branchy("defineLazyInternal", 12), branchy("parse", 20), branchy("render", 15), "export function defineLazy(x: number): number {\n  return x;\n}\n", "/** Wraps defineLazy. */\n" + branchy("wrap", 9)].join("\n"));
    const r = await lens.moduleReport(f, { focus: "defineLazy" });
    expect(r.recommendedReads?.map((x) => x.symbol)).toEqual(["defineLazy", "defineLazyInternal", "wrap"]);
    expect(r.recommendedReads?.[0]?.reason).toMatch(/^matches focus/);
  });

  it("names a run of mostly callables as fns, marking the others by kind", async () => {
    const fns = Array.from({ length: 40 }, (_, i) => `export function step${i}(input: number, scale: number): number {\n  return input * scale + ${i};\n}\n`);
    fns.splice(20, 0, "export const STEP_LIMIT = 40;\n");
    const r = await lens.moduleReport(write("src/steps.ts", fns.join("\n")));
    const text = lens.render(r, "compact"); // budgeted: the functions are shown by name only
    expect(text).toMatch(/\n\d+-\d+\s+fns\s+step\d+, /);
    expect(text).toContain("STEP_LIMIT:const");
    expect(text).not.toContain("step1()");
  });

  it("an overload row says deprecated only when every overload is, else how many are (rxjs' subscribe)", async () => {
    const src = [
      "export class Observable<T> {",
      "  subscribe(observer?: Partial<Observer<T>>): Subscription;",
      "  /** @deprecated Use an observer argument. */",
      "  subscribe(next?: (value: T) => void, error?: (e: any) => void): Subscription;",
      "  subscribe(observerOrNext?: any, error?: any): Subscription {",
      ...Array.from({ length: 40 }, (_, i) => `    if (observerOrNext === ${i}) return this.dispatch(${i}, error, { retries: ${i % 5}, label: "subscriber number ${i}" });`),
      "    return this.dispatch(-1, error, {});",
      "  }",
      "  /** @deprecated Use a promise. */",
      "  toPromise(): Promise<T>;",
      "  /** @deprecated Use a promise. */",
      "  toPromise(ctor: PromiseConstructorLike): Promise<T> {",
      "    return new ctor(() => undefined);",
      "  }",
      "}",
    ].join("\n");
    const r = await lens.moduleReport(write("src/observable.ts", src));
    const text = lens.render(r, "compact", { focus: "subscribe toPromise" });
    const subscribe = text.split("\n").find((l) => l.includes("subscribe("))!;
    expect(subscribe).toMatch(/\(\+2 overloads\)$/);
    // (Not a bare `deprecated` tag: the head shown is the overload that is not.)
    expect(subscribe).not.toMatch(/deprecated[\],]/);
    expect(subscribe).toContain("[deprecated: 1 of 3, high complexity");
    expect(text.split("\n").find((l) => l.includes("toPromise("))).toMatch(/\[deprecated\]/);
  });

  it("shows a callable's overloads on one row in a budgeted view (each one with --detail full), and names them once", async () => {
    const events = ["close", "connection", "error", "listening", "request", "upgrade", "checkContinue", "dropRequest", "clientError", "connect", "timeout"];
    const src = [
      "export class Server {",
      "  emit(event: string, ...args: any[]): boolean;",
      ...events.map((e) => `  emit(event: "${e}", listener: (req: IncomingMessage, res: ServerResponse) => void): boolean;`),
      "  emit(event: string, ...args: any[]): boolean {", // 14
      ...Array.from({ length: 120 }, (_, i) => `    if (event === "e${i}") return this.dispatch(${i}, args, { retries: ${i % 5}, label: "event number ${i}" });`),
      "    return false;",
      "  }", // 136
      "}",
      "export function get(url: string): Req;", // 138
      "export function get(url: URL): Req;",
      "export function get(url: string | URL): Req {",
      "  return new Req(url);",
      "}",
    ].join("\n");
    const r = await lens.moduleReport(write("src/server.ts", src));
    // (The CLI's hint: at this file's budget a few tokens more in the trimmed line give the first `get` its
    // head on a row of its own, and the group splits.)
    const budgeted = lens.render(r, "compact", { fullDetail: "--detail full" });
    // One row for the overloads the budget shows (@types/node's Server spent its rows on 12 emits).
    const emits = budgeted.split("\n").filter((l) => l.includes("emit("));
    expect(emits).toHaveLength(1);
    // The first's head; the implementation's risk flag is not hidden behind it.
    expect(emits[0]).toMatch(/^ 2-136 +method +emit\(event: string, \.\.\.args: any\[\]\): boolean {2}\[high complexity 121\] {2}\(\+\d+ overloads\)$/);
    // The top-level overloads are one row too: the first's head when the budget shows one, …
    expect(budgeted).toMatch(/^138-142 +fn +get\(url: string\): Req {2}\(\+2 overloads\)$/m);
    // … and shown by name only (a smaller budget), they are one name: `get×3`, not `get, get, get`.
    const tighter = Object.create(lens) as Lens;
    Object.defineProperty(tighter, "settings", { value: { ...lens.settings, budget: { ...lens.settings.budget, compact: 50 } } });
    expect(tighter.render(r, "compact")).toMatch(/^138-142 +fns +get×3$/m);
    const full = lens.render(r, "compact", FULL);
    expect(full.match(/^ +[\d-]+ +method +emit\(/gm)).toHaveLength(13);
    expect(full).not.toMatch(/overload|×/);
    // Where a name twice in a row is no overload (Python's `if …: def f` / `else: def f`), the row says so.
    const py = [
      "if HAS_NODELAY:",
      "    def set_nodelay(sock, flag=True, level=6, option=1):",
      "        sock.setsockopt(level, option, flag)",
      "else:",
      "    def set_nodelay(sock, flag=True, level=6, option=1):",
      "        pass",
      ...Array.from({ length: 12 }, (_, i) => `def step_${i}(value, scale, offset=${i}):\n    """Scale value number ${i} and shift it by its offset."""\n${"    value = value * scale + offset\n".repeat(8)}    return value\n`),
    ].join("\n");
    const pr = await lens.moduleReport(write("src/net.py", py));
    expect(lens.render(pr, "compact", { focus: "set_nodelay" })).toMatch(/^2-6 +fn +set_nodelay\(sock, flag=True, level=6, option=1\) {2}\(\+1 more definition\)$/m);
  });

  it("prints a container's members in source order: a names row per stretch between members on rows of their own, never spanning one", async () => {
    // howler.js: `118-2720 methods mute, …, stereo, pos, orientation` above `30-62 init` and `69-112
    // volume`; mousetrap's `944-1040 methods trigger, …` above `508-525 _resetSequences`, over
    // `stopCallback`'s own row at 973. Here too the prototype's late methods (a plugin section
    // below other functions, as howler's spatial plugin) follow the others.
    const complex = new Set(["volume", "unload", "pos"]);
    const body = (m: string) => `${Array.from({ length: 30 }, (_, i) => `    this.n${i} = ${i};\n`).join("")}${complex.has(m) ? Array.from({ length: 12 }, (_, i) => `    if (x === ${i}) { this.k = ${i}; }\n`).join("") : ""}`;
    const src = [
      "var Player = function() {\n  this.init();\n};\nPlayer.prototype = {\n",
      ...["init", "volume", "mute", "stop", "unload"].map((m) => `  ${m}: function(x) {\n${body(m)}    return this;\n  },\n`),
      "};\n",
      ...[0, 1, 2].map((i) => `function helper${i}(a) {\n${"    this.n = 0;\n".repeat(4)}  return a;\n}\n`),
      ...["stereo", "pos", "orientation", "pannerAttr"].map((m) => `Player.prototype.${m} = function(x) {\n${body(m)}  return this;\n};\n`),
      "module.exports = Player;\n",
    ].join("");
    const r = await lens.moduleReport(write("src/player.js", src));
    // (At a budget that shows `stop` by name only — 1/17 of the file; at 1/16 and more the rows' cheaper
    // layout buys `stop` its head, and no names row stands before `stereo`.)
    const at17 = Object.create(lens) as Lens;
    Object.defineProperty(at17, "settings", { value: { ...lens.settings, budget: { ...lens.settings.budget, compact: 17 } } });
    const api = rows(at17.render(r, "compact"), "API:").map((l) => l.trimEnd());
    // `stereo`, alone between `unload` and `pos` on rows of their own, is not worth a row: it joins the
    // names row before it with its line (a handle read_symbol takes), outside that row's range.
    expect(api).toEqual([
      "1-3 fn Player = function()",
      " 5-37 method init: function(x)",
      " 38-82 method volume: function(x)  [high complexity 13]",
      " 83-115 method mute: function(x)",
      " 116-148 methods stop, stereo@216",
      " 149-193 method unload: function(x)  [high complexity 13]",
      " 249-293 method Player.prototype.pos = function(x)  [high complexity 13]",
      " 294-359 methods orientation, pannerAttr",
    ]);
  });

  it("keeps `record` in a record's row: its kind column says class (a Java record had read `class Circle(double r)`)", async () => {
    const r = await lens.moduleReport(write("src/Shapes.java", "package demo;\n\n/** A circle. */\npublic record Circle(double r) implements Shape {\n    public double area() { return Math.PI * r * r; }\n}\n\ninterface Shape { double area(); }\n"));
    const text = lens.render(r, "compact", FULL);
    expect(text).toMatch(/^4-6 class record Circle\(double r\) implements Shape {2}— A circle\.$/m);
    // (The declaration keyword the kind column does say is still left out.)
    expect(text).toMatch(/^8 iface Shape$/m);
  });

  it("marks an optional member `name?` in a names row, and nothing whose `?:` is further on in its head", async () => {
    // redux toolkit's createSlice.ts: `InjectIntoConfig?` read as an optional alias.
    const types = Array.from({ length: 12 }, (_, i) => `export type Config${i}<N> = Base & { reducerPath?: N; extra${i}?: string };`).join("\n");
    const src = `${types}\nexport interface Opts {\n  readonly a?: string;\n  b: number;\n}\n${"// padding\n".repeat(200)}`;
    const r = await lens.moduleReport(write("src/opt.ts", src));
    const text = lens.render(r, "compact");
    const names = rows(text, "API:").join("\n");
    expect(names).toContain("Config0");
    expect(names).not.toMatch(/Config\d+\?/);
    const members = lens.render(r, "compact", { focus: "Opts" });
    expect(members).toMatch(/readonly a\?: string|\ba\?/);
  });

  it("names every test case of a budgeted test file by its title, each suite's cases in braces after it", async () => {
    // zod's primitive.test.ts: 24 module-level schemas filled the budget, and its 14 tests were gone.
    const schemas = Array.from({ length: 24 }, (_, i) => `const schemaNumber${i}Optional = z.number().min(${i}).optional();`).join("\n");
    const body = (i: number) => `    const parsed = schemaNumber${i}Optional.parse(${i});\n${"    expect(parsed).toBe(parsed);\n".repeat(6)}`;
    const cases = Array.from({ length: 10 }, (_, i) => `  it("parses number ${i}", () => {\n${body(i)}  });\n`).join("\n");
    const src = `import { describe, expect, it } from "vitest";\nimport { z } from "zod";\n\n${schemas}\n\ndescribe("numbers", () => {\n${cases}});\n\ntest("top level case", () => {\n${body(0)}});\n`;
    const r = await lens.moduleReport(write("src/numbers.test.ts", src));
    expect(r.callbacks?.filter((c) => c.flags?.includes("test"))).toHaveLength(12);
    const text = lens.render(r, "compact");
    expect(text).toMatch(/^\(trimmed/m);
    const titles = rows(text, "CALLBACKS:").find((l) => /^[\d-]+ +tests +/.test(l));
    const cased = Array.from({ length: 10 }, (_, i) => `"parses number ${i}"`).join(", ");
    expect(titles).toContain(`"numbers" { ${cased} }, "top level case"  (12)`);
    // Every test is on the view, on a row of its own or by title; --detail full gives each its row.
    for (const c of r.callbacks!) expect(text).toContain(c.signature!.slice(c.signature!.indexOf("(") + 1, -1));
    expect(lens.render(r, "compact", FULL).match(/^[\d-]+ +callback +(it|describe|test)@\d+ +"/gm)).toHaveLength(12);
    expect(lens.render(r, "compact", FULL)).not.toMatch(/ tests /);
  });

  it("folds a dense header's constants by first word when its names alone are far over the budget; functions and types stay named", async () => {
    // gl.h, elf.h, randr.h: thousands of #defines were a names row costing a third of the file.
    const defs = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `#define ${prefix}${["MODE", "FLAG", "KIND", "SIZE"][i % 4]}_${i} 0x${(i * 16).toString(16)}`).join("\n");
    const src = [
      "#ifndef WIDGET_H", "#define WIDGET_H", "",
      defs("WIDGET_", 260), defs("PANEL_", 140),
      "#define MAX(a, b) ((a) > (b) ? (a) : (b))",
      "typedef struct widget { int id; int flags; } widget_t;",
      "int widget_open(const char *name, int flags);",
      "void widget_close(widget_t *w);",
      "#endif",
    ].join("\n") + "\n";
    const r = await lens.moduleReport(write("include/widget.h", src));
    const text = lens.render(r, "compact");
    expect(text).toMatch(/^\d+-\d+ +names +WIDGET_\*×\d+, PANEL_\*×140, MAX, widget\[2\], widget_\{t, open\(\), close\(\)\} {2}\(\d+\)$/m);
    expect(rows(text, "API:").join("\n")).not.toContain("WIDGET_MODE_0");
    expect(text).toMatch(/^\(trimmed to ~\d+ tok: .*\b4\d\d names by first word only/m);
    const full = lens.render(r, "compact", FULL);
    expect(full).toContain("WIDGET_MODE_0");
    expect(full).not.toMatch(/\*×/);
    // The summary view folds the same way, and says how many names it folded.
    const summary = JSON.parse(lens.render(r, "summary")) as { api: { names?: string[] }[]; detail: { elided: Record<string, number> } };
    expect(summary.api.flatMap((g) => g.names ?? [])).toEqual(expect.arrayContaining(["WIDGET_*×260", "PANEL_*×140"]));
    expect(summary.detail.elided.namesByFirstWord).toBeGreaterThanOrEqual(400);
    // A barrel's few dozen exports are its content: named, however tight the budget.
    const barrel = Array.from({ length: 40 }, (_, i) => `export const is_${i} = (x: unknown): boolean => typeof x === "${i}";`).join("\n") + "\n";
    const b = lens.render(await lens.moduleReport(write("src/guards.ts", barrel)), "compact");
    expect(b).toContain("is_0");
    expect(b).not.toMatch(/\*×/);
  });

  it("names an imported folder entry file by its folder (index.ts, mod.rs, __init__.py), not `index`", async () => {
    write("src/hdr/util/index.ts", "export const x = 1;\n");
    write("src/hdr/b.ts", "export const y = 2;\n");
    const main = write("src/hdr/main.ts", 'import { x } from "./util/index.js";\nimport { y } from "./b.js";\nexport const z = x + y;\n' + "// a padding line with several words to raise the token count of the file\n".repeat(300));
    const head = lens.render(await lens.moduleReport(main), "compact").split("\n")[0]!;
    expect(head).toMatch(/\| imports: util, b$/);
    // Declaration files: `.d` is no part of the name (json-schema-to-ts read `imports: index.d, index.d`).
    write("src/dts/types/index.d.ts", "export type T = 1;\n");
    write("src/dts/client.d.ts", "export type C = 2;\n");
    const dts = write("src/dts/main.d.ts", 'import type { T } from "./types";\nimport type { C } from "./client";\nexport type Z = T | C;\n' + "// a padding line with several words to raise the token count of the file\n".repeat(300));
    expect(lens.render(await lens.moduleReport(dts), "compact").split("\n")[0]).toMatch(/\| imports: types, client$/);
    // Two files of one name, by as many folders as tell them apart (openai's `imports: resource, completions, completions`).
    write("src/res/chat/completions/completions.ts", "export const c = 1;\n");
    write("src/res/completions.ts", "export const d = 2;\n");
    write("src/res/chat/completions/index.ts", "export const e = 3;\n");
    const twin = write("src/res/chat/completions/messages.ts", 'import { c } from "./completions";\nimport { d } from "../../completions";\nimport { e } from "./index";\nexport const z = c + d + e;\n' + "// a padding line with several words to raise the token count of the file\n".repeat(300));
    expect(lens.render(await lens.moduleReport(twin), "compact").split("\n")[0]).toMatch(/\| imports: completions\/completions, res\/completions, chat\/completions$/);
  });

  it("names a dotted import (Kotlin, C#) by its distinct tail, not by its package as if the last segment were an extension", async () => {
    // QA L D2: `imports: com.example.util, com.example.util, …` and C#'s `App, App, System`.
    const pad = (n: number, f: (i: number) => string) => Array.from({ length: n }, (_, i) => f(i)).join("\n") + "\n";
    write("kt/com/example/util/U.kt", "package com.example.util\nfun createError() = 1\nfun createResult() = 2\nenum class ErrorType { A }\n");
    const kt = write("kt/com/example/app/Main.kt", "package com.example.app\n\nimport com.example.util.createError\nimport com.example.util.createResult\nimport com.example.util.ErrorType\nimport com.example.model.*\nimport kotlinx.coroutines.launch\n\n" + pad(200, (i) => `fun f${i}(a: Int): Int {\n    val b = a * 2\n    return b + ${i}\n}`));
    // (The three imports resolve to one project file, U.kt, named by its file as a JS import is — kotlin/imports.ts;
    // the star import's package folder does not exist: named by its tail.)
    expect(lens.render(await lens.moduleReport(kt), "compact").split("\n")[0]).toMatch(/\| imports: U, model, kotlinx\.coroutines\.launch$/);
    const odd = write("kt/com/example/other/Main.kt", "package com.example.nowhere\n\nimport com.example.util.createError\nimport com.example.util.ErrorType\n\n" + pad(200, (i) => `fun f${i}(a: Int): Int {\n    val b = a * 2\n    return b + ${i}\n}`));
    // (A file whose package is not its folder resolves nothing: the names by their distinct tails, as before.)
    expect(lens.render(await lens.moduleReport(odd), "compact").split("\n")[0]).toMatch(/\| imports: createError, ErrorType$/);
    const cs = write("cs/Main.cs", "using App.Models;\nusing App.Services;\nusing Other.Models;\nusing System;\nnamespace App.Web {\npublic class C {\n" + pad(250, (i) => `  public int M${i}(int a) { var b = a * 2; return b + ${i}; }`) + "}}\n");
    write("cs/Models.cs", "namespace App.Models { public class M {} }\nnamespace Other.Models { public class O {} }\n");
    write("cs/Services.cs", "namespace App.Services { public class S {} }\n");
    expect(lens.render(await lens.moduleReport(cs), "compact").split("\n")[0]).toMatch(/\| imports: App\.Models, Services, Other\.Models, System$/);
    // Java's wildcard is named by its package's tail (`com.example.util.*` had read `com.example.util`, and `*` must not).
    write("java/com/example/util/U.java", "package com.example.util;\npublic class U {}\n");
    const java = write("java/com/example/app/Main.java", "package com.example.app;\n\nimport com.example.util.*;\nimport com.example.util.U;\n\npublic class Main {\n" + pad(250, (i) => `  public int m${i}(int a) { int b = a * 2; return b + ${i}; }`) + "}\n");
    expect(lens.render(await lens.moduleReport(java), "compact").split("\n")[0]).toMatch(/\| imports: (?:util\.\*, U|U, util\.\*)$/);
  });

  it("names an anonymous default export on its row (`default  class`), as read_symbol takes it", async () => {
    const c = lens.render(await lens.moduleReport(write("src/anon-class.ts", "export default class {\n  m() {}\n}\n")), "compact", FULL);
    expect(c).toMatch(/^1-3 +class +default  class$/m);
    const f = lens.render(await lens.moduleReport(write("src/anon-fn.ts", "export default function (a: number) {\n  return a;\n}\n")), "compact", FULL);
    expect(f).toMatch(/^1-3 +fn +default  function \(a: number\)$/m);
  });

  it("an abstract class reads `abstract Name` beside its kind column, not `class abstract class Name`", async () => {
    const c = lens.render(await lens.moduleReport(write("src/abs.ts", "export abstract class Schema<T> extends Base {\n  abstract run(): void;\n}\nabstract class Inner {}\n")), "compact", FULL);
    expect(c).toMatch(/^1-3 +class +abstract Schema<T> extends Base$/m);
    expect(c).toMatch(/^ +2 +method +abstract run\(\): void$/m);
    expect(c).toMatch(/^4 +class +abstract Inner$/m);
  });

  it("drops only the words a row already says from a head: a return type before the name stays", async () => {
    // String.java's `private static int scale(int len, float f)` read `scale(int len, float f)`.
    const java = [
      "public class Parser {",
      "  public static int parse(String s) { return Integer.parseInt(s); }",
      "  private void reset() { }",
      "  public String name() { return \"p\"; }",
      "}",
    ].join("\n");
    const j = lens.render(await lens.moduleReport(write("src/Parser.java", java)), "compact", FULL);
    // A member keeps its visibility (no section says it): private members no longer read as public.
    expect(j).toMatch(/^ +2 +method +public static int parse\(String s\)$/m);
    expect(j).toMatch(/^ +3 +method +private void reset\(\)$/m);
    expect(j).toMatch(/^ +4 +method +public String name\(\)$/m);
    expect(j).toMatch(/^1-5 +class +Parser$/m);
    // Rust's `const fn` and Java's interface `default` are part of the head, not a declaration keyword.
    const rsc = lens.render(await lens.moduleReport(write("src/c.rs", "pub struct S;\nimpl S {\n    pub const fn new() -> Self {\n        S\n    }\n    fn hidden(&self) {}\n}\n")), "compact", FULL);
    expect(rsc).toMatch(/^ +3-5 +method +pub const fn new\(\) -> Self$/m);
    expect(rsc).toMatch(/^ +6 +method +hidden\(&self\)$/m);
    const iface = lens.render(await lens.moduleReport(write("src/It.java", "public interface It {\n  default void each(Runnable r) {\n    r.run();\n  }\n}\n")), "compact", FULL);
    expect(iface).toMatch(/^ +2-4 +method +default void each\(Runnable r\)$/m);
    const c = lens.render(await lens.moduleReport(write("src/count.c", "int widget_count(void) {\n  return 0;\n}\n")), "compact", FULL);
    expect(c).toMatch(/^1-3 +fn +int widget_count\(void\)$/m);
    // A typedef's row keeps `typedef`, and a tag before another word is part of a type.
    const td = lens.render(await lens.moduleReport(write("src/td.c", "typedef struct symbol symbolS;\nstruct foo *make_foo(void);\nstruct bar { int a; };\n")), "compact", FULL);
    expect(td).toMatch(/^1 +type +typedef struct symbol symbolS$/m);
    expect(td).toMatch(/^2 +fn +struct foo \*make_foo\(void\)$/m);
    expect(td).toMatch(/^3 +struct +bar$/m);
    // Declaration keywords, export and async are said by the kind column, the section and a flag.
    const ts = lens.render(await lens.moduleReport(write("src/run.ts", "export async function run(n: number): Promise<void> {\n  await n;\n}\n")), "compact", FULL);
    expect(ts).toMatch(/^1-3 +fn +run\(n: number\): Promise<void> {2}\[async\]$/m);
    // A generator's star stays with its name (`async *lines` was kept whole, `async` and all).
    const gen = lens.render(await lens.moduleReport(write("src/gen.ts", "export class R {\n  async *lines(n: number): AsyncGenerator<string> {\n    yield '';\n  }\n}\nexport function* ids() {}\n")), "compact", FULL);
    expect(gen).toMatch(/^ +2-4 +method +\*lines\(n: number\): AsyncGenerator<string> {2}\[async\]$/m);
    expect(gen).toMatch(/^6 +fn +\*ids\(\)$/m);
    // JavaScript names `#x` members `x` (as ctags does); a row of names still writes the `#`.
    const priv = unbudgeted().render(await lens.moduleReport(write("src/priv.js", "class A {\n  static #count = 0;\n  #x = 1;\n  y = 2;\n}\nmodule.exports = A;\n")), "compact");
    expect(priv).toMatch(/^ +2-4 +props +#count, #x, y$/m);
    // A lone re-export says so (it read `const  export { default } from './a.js'`).
    const reex = lens.render(await lens.moduleReport(write("src/reex.ts", "export { default } from './a.js'\nexport * from './c.js'\n")), "compact", FULL);
    expect(reex).toMatch(/^1 +re-export +export \{ default \} from '\.\/a\.js'$/m);
    // Counts read as words: one symbol, one import.
    const one = lens.render(await lens.moduleReport(write("src/one.ts", 'import { a } from "./a.js";\nexport const b = a;\n')), "compact");
    expect(one.split("\n")[0]).toMatch(/ — 1 symbol, 1 exported \| 1 import$/);
    const classes = lens.render(await lens.moduleReport(write("src/two.py", "class A:\n    pass\n\n\nclass B:\n    pass\n")), "compact");
    expect(classes).toMatch(/^1-6 +classes +A, B$/m);
    // A file that declares nothing (an `export * from` barrel) names what it imports, however tight.
    const barrel = lens.render(await lens.moduleReport(write("src/all.ts", ["errors", "types", "util", "parse", "format", "locale"].map((m) => `export * from "./${m}.js";`).join("\n") + "\n")), "compact");
    expect(barrel.split("\n")[0]).toMatch(/ — 0 symbols, 0 exported \| imports: errors, types, util, parse, format, locale$/);
    const rs = lens.render(await lens.moduleReport(write("src/raw.rs", "pub unsafe fn alloc(size: usize) -> *mut u8 {\n    todo!()\n}\n")), "compact", FULL);
    expect(rs).toMatch(/^1-3 +fn +unsafe fn alloc\(size: usize\) -> \*mut u8$/m);
  });

  it("json: a report that costs as much as its (dense, not small) file says so; detail full gives it back as is", async () => {
    const src = Array.from({ length: 60 }, (_, i) => `export declare function f${i}(a: string): void;`).join("\n") + "\n";
    const r = await lens.moduleReport(write("src/dense.d.ts", src));
    const json = JSON.parse(lens.render(r, "json")) as ModuleReport;
    expect(json.warnings?.find((w) => w.startsWith("this report"))).toMatch(/^this report \(~\d+ tokens\) costs as much as the file \(~\d+\): read the file directly$/);
    expect(lens.render(r, "json", FULL)).toBe(JSON.stringify(r));
  });

  it("shows who uses a symbol and the blast radius once the project graph exists", async () => {
    write("src/lib.ts", "export function shared(x: number): number {\n  return x + 1;\n}\nexport function twice(x: number): number {\n  return shared(shared(x));\n}\n");
    write("src/a.ts", 'import { shared } from "./lib.js";\nexport const a = shared(1);\n');
    write("src/b.ts", 'import { shared } from "./lib.js";\nexport function b() { return shared(2); }\n');
    const before = lens.render(await lens.moduleReport(join(dir, "src/lib.ts")), "compact", FULL);
    expect(before).toMatch(/\n! usedBy unknown until `pilens index`\n/);
    await lens.index();
    const r = await lens.moduleReport(join(dir, "src/lib.ts"), { blastRadius: true });
    const text = lens.render(r, "compact", FULL);
    // Uses in the file itself by symbol (QA round U: `[used by timestamp.ts]` on the rows of timestamp.ts).
    expect(text).toMatch(/fn\s+shared\(x: number\): number\s+\[used by twice, a\.ts, b\.ts\]/);
    expect(text).not.toMatch(/used by[^\]\n]*lib\.ts/);
    expect(text).toMatch(/\nBLAST RADIUS \(depth ≤ 3\):\n/);
    expect(text).toMatch(/src\/a\.ts/);
    expect(text).toMatch(/src\/b\.ts/);
    // Summary says it left the blast radius out; a file nobody uses says so, not nothing.
    expect(JSON.parse(lens.render(r, "summary")).omitted).toMatch(/blast radius \(\d+ files\)/);
    const deep = await lens.moduleReport(join(dir, "src/lib.ts"), { blastRadius: true, blastRadiusDepth: 50 });
    expect([deep.blastRadius?.maxDepth, deep.warnings?.find((w) => w.startsWith("blast radius depth"))]).toEqual([6, "blast radius depth 50 lowered to 6, the most it follows"]);
    const leaf = lens.render(await lens.moduleReport(join(dir, "src/b.ts"), { blastRadius: true }), "compact", FULL);
    expect(leaf).toMatch(/\nBLAST RADIUS \(depth ≤ 3\): no file imports or references this one/);
  });
  it("a binding typed as a function keeps its head on a row of its own, as a function does (fp-ts's `export const map: <A, B>(f: …) => …`); plain data consts share a row", async () => {
    const src = "export const getSemiring: <A, B>(S: Semiring<B>) => Semiring<(a: A) => B>\nexport const getRing: <A, B>(R: Ring<B>) => Ring<(a: A) => B>\nexport const apply: <A>(a: A) => <B>(f: (a: A) => B) => B = null as any\nexport const A = 1;\nexport const B = 2;\nexport const C = 3;\ninterface Semiring<T> { x: T }\ninterface Ring<T> { x: T }\n";
    const text = unbudgeted().render(await lens.moduleReport(write("fn-typed.ts", src)), "compact", FULL);
    expect(rows(text, "API:")).toEqual([
      "1 const getSemiring: <A, B>(S: Semiring<B>) => Semiring<(a: A) => B>",
      "2 const getRing: <A, B>(R: Ring<B>) => Ring<(a: A) => B>",
      "3 const apply: <A>(a: A) => <B>(f: (a: A) => B) => B = null as any",
      "4-6 consts A, B, C",
    ]);
  });
});
