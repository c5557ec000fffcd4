/**
 * Read tiers under a host's read cap (pi's read and pilens_view: 2,000 lines / 50 KB): no tier sends
 * more than the full read of the same request — lib.dom.d.ts's signatures were 692 KB and its map
 * 172 KB where the full read was 47 KB — and a cut tier says where to go on; following that, its pages
 * name every declaration of the file. Measured with o200k, not only the runtime estimate.
 */
import { copyFileSync, mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { encode } from "gpt-tokenizer/encoding/o200k_base";
import { Lens } from "../../core/engine.js";
import { ViewSession, type ViewResult } from "../../core/view/index.js";
import { repoRoot } from "../helpers.js";

const CAP = { lines: 2000, bytes: 50 * 1024 };
const root = mkdtempSync(join(tmpdir(), "pilens-view-cap-"));
mkdirSync(join(root, ".git"));
const dom = join(root, "lib.dom.d.ts");
copyFileSync(join(repoRoot, "node_modules", "typescript", "lib", "lib.dom.d.ts"), dom);
// 6,000 three-line functions: a map row costs about what its lines do.
const py = join(root, "many.py");
writeFileSync(py, Array.from({ length: 6000 }, (_, i) => `def func_${i}(a, b):\n    return a + b * ${i}\n`).join("\n"));

/** What the agent receives: the note line and the text. */
const sent = (r: ViewResult) => (r.note ? `[pilens: ${r.note}]\n${r.text}` : r.text);
const o200k = (r: ViewResult) => encode(sent(r)).length;

describe("read tiers under the read cap", async () => {
  const lens = await Lens.create({ cwd: root, root });

  it("map, signatures and auto of lib.dom.d.ts cost no more than its capped full read, map ≤ signatures", async () => {
    const [full, map, sig, auto] = await Promise.all(
      (["full", "map", "signatures", "auto"] as const).map((mode) => lens.view(dom, { mode, maxFull: CAP })),
    );
    expect(full).toMatchObject({ served: "full", startLine: 1, endLine: 2000 });
    expect(map).toMatchObject({ served: "map", startLine: 1 });
    expect(auto).toMatchObject({ served: "map", startLine: 1 });
    // The map reaches further than the full read, and says where to go on.
    expect(map.endLine).toBeGreaterThan(full.endLine);
    expect(map.endLine).toBeLessThan(map.totalLines);
    expect(map.note).toBe(`map of lines 1-${map.endLine} of 39429 (no tier sends more than a full read, which holds 2000 lines / 50 KB); continue with offset=${map.endLine + 1}, mode map`);
    expect(map.text.split("\n")[0]).toContain(`(lines 1-${map.endLine} of 39429)`);
    for (const r of [map, sig, auto]) {
      expect(Buffer.byteLength(sent(r)), r.requested).toBeLessThanOrEqual(CAP.bytes);
      // (Signatures of lib.dom's first lines are the lines: it falls back to the full read and says so.)
      if (r.served === "full") {
        expect(r.text).toBe(full.text);
        expect(r.note).toMatch(/would not be smaller than the lines themselves .*; showing lines 1-2000 of 39429/);
      } else expect(o200k(r), r.requested).toBeLessThanOrEqual(o200k(full));
    }
    expect(o200k(map)).toBeLessThanOrEqual(o200k(sig));
    // Before the cap, the map was the whole file's (172 KB); signatures 692 KB.
    expect(o200k(map)).toBeLessThan(12_000);
  });

  it("following a map's continuation pages through the whole file, each page within the cap", async () => {
    const a = await lens.analyze(py);
    const names = new Set(a.symbols.map((s) => s.name));
    expect(names.size).toBe(6000);
    const full = await lens.view(py, { mode: "full", maxFull: CAP });
    for (const mode of ["map", "signatures"] as const) {
      const seen = new Set<string>();
      let offset: number | undefined;
      let pages = 0;
      for (;;) {
        const r = await lens.view(py, { mode, offset, maxFull: CAP });
        expect(r.served, `${mode} page ${pages}`).toBe(mode);
        expect(r.startLine).toBe(offset ?? 1);
        expect(o200k(r)).toBeLessThanOrEqual(o200k(full));
        for (const m of r.text.matchAll(/def (func_\d+)/g)) seen.add(m[1]!);
        pages++;
        if (r.endLine === r.totalLines) {
          expect(r.note).toBeUndefined();
          break;
        }
        expect(r.note).toMatch(new RegExp(`continue with offset=${r.endLine + 1}, mode ${mode}$`));
        offset = r.endLine + 1;
        expect(pages).toBeLessThan(40);
      }
      expect(pages).toBeGreaterThan(5);
      expect([...names].filter((n) => !seen.has(n))).toEqual([]);
    }
  });

  it("without a cap (the CLI, the library) a tier covers the whole window as before", async () => {
    const map = await lens.view(dom, { mode: "map" });
    expect(map).toMatchObject({ served: "map", startLine: 1, endLine: 39429 });
    expect(map.note).toBeUndefined();
  });

  it("a stub of a re-read that was cut keeps the hint where to go on", async () => {
    const session = new ViewSession();
    for (const mode of ["full", "map"] as const) {
      const first = await lens.view(py, { mode, session, maxFull: CAP });
      const again = await lens.view(py, { mode, session, maxFull: CAP });
      expect(again.served, mode).toBe("stub");
      expect(again.note, mode).toMatch(new RegExp(`continue with offset=${first.endLine + 1}`));
    }
  });

  it("signatures whose callbacks come after the declarations are cut in line order (zod's schemas.ts had stopped at line 204 of 5,226)", async () => {
    // A constructor call with callbacks near the top, then thousands of lines of functions.
    const head = [
      "export const Base = make(\"Base\", (inst, def) => {",
      "  setTimeout(() => {",
      "    inst.ready = true;",
      "  }, 1);",
      "  inst.on(\"change\", () => {",
      "    def.changed = true;",
      "  });",
      "});",
      "",
    ];
    const body = Array.from({ length: 2500 }, (_, i) => `export function shape${i}(a: number): number {\n  const x = a * ${i};\n  const y = x - 1;\n  return x + y;\n}\n`);
    const f = join(root, "schemas.ts");
    writeFileSync(f, [...head, ...body].join("\n"));
    const full = await lens.view(f, { mode: "full", maxFull: CAP });
    const sig = await lens.view(f, { mode: "signatures", maxFull: CAP });
    expect(sig.served).toBe("signatures");
    // It reaches past the callbacks, as far as the full read or further, within its cost.
    expect(sig.endLine).toBeGreaterThanOrEqual(full.endLine);
    expect(o200k(sig)).toBeLessThanOrEqual(o200k(full));
    expect(sig.text).toMatch(/setTimeout@2/);
    expect(sig.note).toMatch(new RegExp(`continue with offset=${sig.endLine + 1}, mode signatures$`));
  });

  it("an empty file reads as its empty text under the cap, in every mode (QA round X: pi's read of every empty __init__.py threw)", async () => {
    for (const name of ["__init__.py", "empty.ts", "empty.md"]) {
      const f = join(root, name);
      writeFileSync(f, "");
      for (const mode of ["auto", "full", "map", "signatures"] as const) {
        const r = await lens.view(f, { mode, maxFull: CAP });
        expect([r.error, r.text], `${name} ${mode}`).toEqual([undefined, ""]);
      }
    }
  });

  it("auto of a whole file whose line is longer than one read says what reads it instead of sending 50 KB of minified code; full and a window cut the line (QA round X)", async () => {
    const f = join(root, "min.js");
    writeFileSync(f, Array.from({ length: 6000 }, (_, i) => `function f${i}(a){return a+${i}}`).join(";"));
    const auto = await lens.view(f, { maxFull: CAP });
    expect(auto.error).toMatch(/^line 1 is [\d,]+ characters \(minified or generated code\), longer than one read \(50 KB\): read a function in it with read_symbol or read_enclosing \(line:column\), list its symbols with module_report, or pass mode "full"/);
    for (const opts of [{ mode: "full" as const }, { offset: 1, limit: 1 }]) {
      const r = await lens.view(f, { ...opts, maxFull: CAP });
      expect([r.error, r.cutLine, Buffer.byteLength(r.text)]).toEqual([undefined, 1, CAP.bytes]);
    }
  });
});
