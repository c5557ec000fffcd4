/**
 * The cost of expanding a tt-muncher (winapi's `RIDL!{@vtbl …}` calls itself once per method, handing the rest
 * on as `$($tail:tt)*`): the tail is bound token by token without a matcher run per token
 * (language-packs/rust/macro-repeat.ts), and the items come out as before.
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { expansionWork } from "../../language-packs/rust/macro-repeat.js";
import { lensAt } from "../helpers.js";

type Entry = { name: string; kind: string; startLine: number; endLine: number; signature?: string; members?: Entry[] };

const METHODS = 30;
const SRC = [
  "macro_rules! vt {",
  "    (@vtbl $name:ident ($($fields:tt)*)) => (pub struct $name { $($fields)* });",
  "    (@vtbl $name:ident ($($fields:tt)*) fn $m:ident(), $($tail:tt)*) => (",
  "        vt!{@vtbl $name ($($fields)* pub $m: usize,) $($tail)*}",
  "    );",
  "    (interface $name:ident { $($body:tt)* }) => (vt!{@vtbl $name () $($body)*});",
  "}",
  "vt! {interface IBig {",
  ...Array.from({ length: METHODS }, (_, k) => `    fn m${k}(),`),
  "}}",
  "",
].join("\n");

describe("rust: a tt-muncher's expansion cost", () => {
  it("binds a `$($tail:tt)*` tail without a matcher run per token, and lists the muncher's struct", async () => {
    const dir = mkdtempSync(join(tmpdir(), "pilens-macro-cost-"));
    writeFileSync(join(dir, "Cargo.toml"), '[package]\nname = "big"\n');
    writeFileSync(join(dir, "lib.rs"), SRC);
    const lens = await lensAt(dir);
    const before = expansionWork.matches;
    const r = await lens.moduleReport(join(dir, "lib.rs"), { detail: "full" } as never);
    const runs = expansionWork.matches - before;
    const big = (r.api as Entry[]).find((e) => e.name === "IBig");
    expect(big).toMatchObject({ kind: "struct", startLine: 8, endLine: 8 + METHODS + 1 });
    expect(big?.signature).toContain("pub struct IBig");
    expect(r.warnings?.filter((w) => /macro call/.test(w)) ?? []).toEqual([]);
    // 31 nested calls, each tried against 3 rules: a few runs each (156 measured). With a run per tail token
    // (4 tokens a method, the whole tail handed on at each of the 30 levels) it was 6,516.
    expect(runs).toBeGreaterThan(0);
    expect(runs).toBeLessThan(12 * (METHODS + 2));
  });
});
