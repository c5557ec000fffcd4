/**
 * The bitflags crate's `bitflags! { … pub struct Flags: u32 { const A = …; } }` (language-packs/rust/bitflags.ts):
 * the grammar reads the call's body as tokens, so the struct and its flags had been in no outline — 99 such
 * structs in 26 files of Debian's Rust crates (clap's ArgFlags, rustix's socket flags).
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import type { Lens } from "../../core/engine.js";
import { lensAt } from "../helpers.js";

let lens: Lens;
let dir: string;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "pilens-bitflags-"));
  writeFileSync(join(dir, "Cargo.toml"), "[package]\nname = \"demo\"\n");
  lens = await lensAt(dir);
});

const SRC = [
  "use bitflags::bitflags;",
  "",
  "bitflags! {",
  "    /// Options for modifying the behavior of wait.",
  "    #[derive(Default)]",
  "    pub struct WaitOptions: u32 {",
  "        /// Return immediately if no child has exited.",
  "        const NOHANG = 1;",
  "        const UNTRACED = 1 << 1;",
  "    }",
  "}",
  "",
  "bitflags::bitflags! {",
  "    struct Private: u8 {",
  "        const A = 0b01;",
  "    }",
  "}",
  "",
].join("\n");

describe("rust: structs a bitflags! call declares", () => {
  it("lists the struct over the call's lines, with its head, doc and visibility from the body, its flags as members", async () => {
    writeFileSync(join(dir, "wait.rs"), SRC);
    const r = await lens.moduleReport(join(dir, "wait.rs"));
    const flags = r.api.find((e) => e.name === "WaitOptions");
    expect(flags).toMatchObject({ kind: "struct", startLine: 3, endLine: 11, exported: true, signature: "bitflags! { pub struct WaitOptions: u32 }", doc: "Options for modifying the behavior of wait." });
    expect(flags?.members?.map((m) => [m.name, m.kind, m.startLine, m.exported, m.signature])).toEqual([
      ["NOHANG", "constant", 8, true, "const NOHANG = 1"],
      ["UNTRACED", "constant", 9, true, "const UNTRACED = 1 << 1"],
    ]);
    expect(flags?.members?.[0]?.doc).toBe("Return immediately if no child has exited.");
    // A call by its path, and a struct without `pub`: internal, as its flags.
    const other = r.internal.find((e) => e.name === "Private");
    expect(other).toMatchObject({ kind: "struct", startLine: 13, endLine: 17, exported: false, signature: "bitflags::bitflags! { struct Private: u8 }" });
    expect(other?.members?.map((m) => m.name)).toEqual(["A"]);
  });

  it("read_symbol reads the struct's call and a flag with its doc", async () => {
    writeFileSync(join(dir, "wait2.rs"), SRC);
    const s = await lens.readSymbol(join(dir, "wait2.rs"), "WaitOptions");
    expect([s.found, s.startLine, s.endLine]).toEqual([true, 3, 11]);
    const f = await lens.readSymbol(join(dir, "wait2.rs"), "WaitOptions.NOHANG");
    expect([f.found, f.startLine, f.endLine]).toEqual([true, 7, 8]);
    expect(f.source).toContain("/// Return immediately");
  });
});
