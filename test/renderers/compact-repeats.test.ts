/**
 * A name a compact names row would say again further on is said once with its count (compact-rows.ts
 * onceEach): a C header's conditional redefinitions, a TypeScript union's variants' keys. Containers,
 * each with members of their own, stay apart.
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import type { Lens } from "../../core/engine.js";
import { lensAt } from "../helpers.js";

let dir: string;
let lens: Lens;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "pilens-repeats-"));
  writeFileSync(join(dir, "package.json"), "{}");
  lens = await lensAt(dir);
});

/** The text of the row whose kind is `kind` (`names`, `props`). */
function rowText(text: string, kind: string): string {
  const row = text.split("\n").find((l) => new RegExp(`^\\s*\\d+(?:-\\d+)?\\s+${kind}\\s`).test(l));
  expect(row, text).toBeDefined();
  return row!.replace(new RegExp(`^\\s*\\S+\\s+${kind}\\s+`), "");
}

/** A row's names at top level (not inside `{…}` nor `(…)`), its `(N)` count left off. */
function names(row: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let cur = "";
  for (const ch of row.replace(/\s{2}\(\d+\)$/, "")) {
    if (ch === "{" || ch === "(") depth++;
    if (ch === "}" || ch === ")") depth--;
    if (ch === "," && depth === 0) out.push(cur.trim()), (cur = "");
    else cur += ch;
  }
  return [...out, cur.trim()];
}

describe("compact names rows", () => {
  it("say a name defined again in another #if branch once, with how many times", async () => {
    const branch = (cond: string, limit: number, type: string) => `${cond}\n#define LIMIT ${limit}\n#define ALIGN ${limit / 8}\ntypedef ${type} word_t;\n`;
    const src = `#ifndef CFG_H\n#define CFG_H\n${branch("#if defined(WIDE)", 64, "long")}${branch("#elif defined(NARROW)", 16, "short")}${branch("#else", 32, "int")}#endif\n#define VERSION 3\nint cfg_init(void);\nint cfg_free(void);\n#endif\n`;
    writeFileSync(join(dir, "cfg.h"), src);
    const r = await lens.moduleReport(join(dir, "cfg.h"));
    expect(r.api?.filter((e) => e.name === "LIMIT")).toHaveLength(3);
    const text = lens.render(r, "compact");
    const row = rowText(text, "names");
    const ns = names(row);
    expect(ns).toEqual(["LIMIT×3", "ALIGN×3", "word_t×3", "VERSION", "cfg_init()", "cfg_free()"]);
    // The row still counts entries: twelve symbols, each named.
    expect(row).toMatch(/\s\(12\)$/);
    expect(ns.reduce((n, x) => n + Number(/×(\d+)$/.exec(x)?.[1] ?? 1), 0)).toBe(r.api!.length);
  });

  it("count a union's repeated keys on a type's props row, and keep containers apart", async () => {
    const src = [
      "export type Check =",
      '  | { kind: "min"; value: number; message?: string }',
      '  | { kind: "max"; value: number; message?: string }',
      '  | { kind: "email"; message?: string }',
      '  | { kind: "regex"; regex: RegExp };',
      "export interface Opts {\n  a: string;\n}",
      "export interface Opts {\n  b: string;\n}",
      "export const X = 1;",
      "export const Y = 2;",
      "",
    ].join("\n");
    writeFileSync(join(dir, "check.ts"), src);
    const r = await lens.moduleReport(join(dir, "check.ts"));
    // Two interfaces of one name, each with its own member: both named, each with its count.
    expect(names(rowText(lens.render(r, "compact"), "names"))).toEqual(["Check[7]", "Opts[1]", "Opts[1]", "X", "Y"]);
    // With the budget off (what fits is shown), the union's keys are one props row.
    const l = Object.create(lens) as Lens;
    Object.defineProperty(l, "settings", { value: { ...lens.settings, budget: { ...lens.settings.budget, compact: 0 } } });
    const props = names(rowText(l.render(r, "compact"), "props"));
    expect(props).toEqual(["kind×4", "value", "message?", "regex"]);
    // A static and an instance member of one name are two, as they are no overloads.
    writeFileSync(join(dir, "pool.ts"), "export class Pool {\n  static size = 0;\n  size = 1;\n  idle = 2;\n  busy = 3;\n  busy = 4;\n}\n");
    const pool = await lens.moduleReport(join(dir, "pool.ts"));
    expect(names(rowText(l.render(pool, "compact"), "props"))).toEqual(["size", "size", "idle", "busy×2"]);
    expect(r.api?.find((e) => e.name === "Check")?.members?.filter((m) => m.name === "kind")).toHaveLength(4);
  });
});
