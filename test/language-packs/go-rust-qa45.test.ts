/**
 * QA round 45 (Go and Rust packs on unseen real code: Go 1.19's encoding, crypto, runtime, …; tokio,
 * futures-util, hyper, regex-syntax, std 1.63): the shapes it found mis-read, on fixtures under
 * test/fixtures/<lang>/ with the real grammars.
 */
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import type { ModuleReport } from "../../core/types.js";
import { Lens } from "../../core/engine.js";
import { entryAt, fixtures, flat, inlineReport, lensAt, repoRoot, syntaxNotes } from "../helpers.js";

let lens: Lens;
beforeAll(async () => {
  lens = await lensAt(repoRoot);
});
async function report(rel: string): Promise<ModuleReport> {
  const r = await lens.moduleReport(join(fixtures, rel));
  expect(r.available, r.error).toBe(true);
  return r;
}

describe("rust: items inside item-level macro calls", () => {
  it("reads the items of `cfg_rt! { … }`, `pin_project! { … }`, `thread_local! { … }` (nested calls and calls in impls too) as items; a body that is none stays a call", async () => {
    const r = await report("rust/macro_items.rs");
    expect(syntaxNotes(r.warnings)).toEqual([]);
    const names = [...flat(r).keys()];
    expect(entryAt(r, "spawn")).toMatchObject({ kind: "function", startLine: 8, endLine: 8, exported: true, doc: "Spawns a task." });
    expect(entryAt(r, "Handle")).toMatchObject({ kind: "struct", startLine: 11, endLine: 13, exported: true });
    expect(entryAt(r, "Handle.id")).toMatchObject({ kind: "field" });
    expect(entryAt(r, "Fut")).toMatchObject({ kind: "struct", startLine: 19, endLine: 22, doc: "A future." });
    expect(entryAt(r, "Fut.inner").kind).toBe("field");
    expect(entryAt(r, "CURRENT")).toMatchObject({ kind: "constant", startLine: 33, endLine: 33 });
    // In an impl, the call's functions are the impl's methods.
    expect(entryAt(r, "Handle.block_on")).toMatchObject({ kind: "method", startLine: 28, doc: "Blocks on a future." });
    // thread_local!'s last `static X: T = {…}` without its `;`: the call is put back (no error, no entry).
    expect(names.includes("LAST")).toBe(false);
    // bitflags' body is no items (`struct Flags: u32`): put back, no error — the struct the call declares over its
    // lines, with its flags (bitflags.ts), not an item of the body; nor are a function body's calls items.
    expect(names.filter((n) => /Flags|generated|^A$/.test(n))).toEqual(["Flags", "Flags.A"]);
    expect(entryAt(r, "Flags")).toMatchObject({ kind: "struct", startLine: 41, endLine: 45, exported: true });
    expect(entryAt(r, "after").startLine).toBe(56);
    // read_symbol reads the real source.
    const read = await lens.readSymbol(join(fixtures, "rust/macro_items.rs"), "spawn");
    expect(read.source).toBe("    /// Spawns a task.\n    pub fn spawn() {}");
  });
});

describe("the runtime: a character beyond the BMP across the parser's input buffer", () => {
  it("char literals holding an astral character (`'🔀'`, a Go rune) parse wherever they fall (regex-syntax's unicode tables had ERRORs)", async () => {
    // The runtime's buffer holds 5,119 UTF-16 units: a literal at every offset around its end.
    for (let pad = 5080; pad <= 5096; pad += 2) {
      const rust = await inlineReport("t.rs", `// ${"x".repeat(pad)}\npub const C: &[char] = &['🔀', '🔀', '🔀', '🔀'];\npub fn g() {}\n`);
      expect(syntaxNotes(rust.warnings), `rust, pad ${pad}`).toEqual([]);
      const go = await inlineReport("t.go", `package p\n\n// ${"x".repeat(pad)}\nvar C = []rune{'🔀', '🔀', '🔀', '🔀'}\n\nfunc G() {}\n`);
      expect(syntaxNotes(go.warnings), `go, pad ${pad}`).toEqual([]);
      expect(entryAt(go, "G").startLine).toBe(6);
    }
  });
});

describe("docs: a rule line inside a doc comment", () => {
  it("a table's rule (`//\t---+---`, `// -----` under a header row) is part of the doc; a section header's banners still are none (Go's tar.Format, runtime's heapAddrBits had no doc)", async () => {
    const r = await report("go/table_doc.go");
    expect(entryAt(r, "Format").doc).toBe("Format represents the archive format.");
    expect(entryAt(r, "heapAddrBits").doc).toBe("heapAddrBits is the number of bits in a heap address.");
    const read = await lens.readSymbol(join(fixtures, "go/table_doc.go"), "Format");
    expect(read.startLine).toBe(3);
    // `// ---- / // Helpers / // ----` right above a doc is a section header (as before: no doc); a banner right above is no doc.
    expect(entryAt(r, "helper").doc).toBeUndefined();
    expect(entryAt(r, "banner").doc).toBeUndefined();
  });
});

describe("rust: inner attributes over several lines", () => {
  it("parse (the grammar read `#![allow(` as a shebang and the rest as an ERROR) and are no item's decorators", async () => {
    const r = await report("rust/inner_attrs.rs");
    expect(syntaxNotes(r.warnings)).toEqual([]);
    expect(entryAt(r, "unix_only")).toMatchObject({ startLine: 11, endLine: 13, decorators: ["#[test]", "#[cfg(unix)]"] });
    expect(entryAt(r, "unix_only").flags).toContain("test");
    expect(entryAt(r, "run")).toMatchObject({ startLine: 16, doc: "Runs." });
  });
});

describe("rust: an outer doc comment across a blank line", () => {
  it("is the item's doc when the item has none below the gap, or the one below closes the example the one above opens (std's HashMap had none); a section's `/// TITLE` above a documented item is not; `/// ////` rules are no text", async () => {
    const r = await report("rust/doc_gaps.rs");
    expect(entryAt(r, "HashMap")).toMatchObject({ startLine: 7, doc: "A hash map implemented with quadratic probing.", decorators: ["#[derive(Clone)]"] });
    const read = await lens.readSymbol(join(fixtures, "rust/doc_gaps.rs"), "HashMap");
    expect(read.startLine).toBe(1);
    expect(entryAt(r, "HashMap.from_parts").doc).toBe("Makes a new map from its parts.");
    expect(entryAt(r, "iadd").doc).toBe("Adds a small integer to a bigint.");
    expect(entryAt(r, "MapConsumer").doc).toBe("Consumer implementation");
  });
});

describe("rust: read_symbol names a trait impl as its head spells it", () => {
  it("takes the trait's arguments and the self type as written (`PartialEq<[u8]> for Bytes`, `PartialEq<Bytes> for &str`, `IntoIterator for &Bytes`): bytes' impls had been a miss or the first of six", async () => {
    const file = join(fixtures, "rust/trait_impls.rs");
    const line = async (name: string) => {
      const r = await lens.readSymbol(file, name);
      expect(r.found, `${name}: ${r.error}`).toBe(true);
      return r.startLine;
    };
    expect(await line("PartialEq<[u8]> for Bytes")).toBe(7);
    expect(await line("PartialEq < [u8] > for Bytes")).toBe(7);
    expect(await line("PartialEq<Bytes> for str")).toBe(11);
    expect(await line("PartialEq<Bytes> for &str")).toBe(15);
    expect(await line("From<Bytes> for Vec<u8>")).toBe(19);
    expect(await line("IntoIterator for &Bytes")).toBe(23);
    // A generic self type said without its arguments, as the outline's rows say it (smallvec's three
    // `IntoIterator for …SmallVec<A>`: `&mut SmallVec` had read the first, by value).
    expect(await line("IntoIterator for &mut Small")).toBe(43);
    expect(await line("IntoIterator for &Small")).toBe(37);
    expect(await line("IntoIterator for Small")).toBe(31);
    expect(await line("IntoIterator for &'a mut Small<A>")).toBe(43);
    // As the outline's rows name them (no arguments): the first, with the others listed.
    const plain = await lens.readSymbol(file, "PartialEq for Bytes");
    expect(plain.startLine).toBe(3);
    expect(plain.ambiguous?.count).toBe(2);
    expect((await lens.readSymbol(file, "PartialEq<u16> for Bytes")).found).toBe(false);
  });

  it("rows name an impl for a reference as one (`IntoIterator for &mut Small`), folded by no prefix inside a word, and read_symbol reads each row's name", async () => {
    const file = join(fixtures, "rust/trait_impls.rs");
    const compact = lens.render(await report("rust/trait_impls.rs"), "compact");
    // (smallvec's had read `IntoIterator for Small{Vec[3], Vec[3], Vec[3]}`, its impls of PartialEq `Partial{Eq for …}`.)
    expect(compact).toContain("PartialEq for Bytes[1], PartialEq for Bytes[1], PartialEq for str[1], PartialEq for &str[1]");
    expect(compact).toContain("IntoIterator for Small[3], IntoIterator for &Small[3], IntoIterator for &mut Small[3]");
    expect(compact).toContain("IntoIterator for &Bytes[3]");
    for (const [name, start] of [["IntoIterator for &mut Small", 43], ["IntoIterator for &Small", 37], ["PartialEq for &str", 15]] as const) {
      expect((await lens.readSymbol(file, name)).startLine, name).toBe(start);
    }
  });
});

describe("rust: expressions newer than the grammar", () => {
  it("a labeled block (`'a: { … break 'a 1; … }`), std's `box v` and `try { … }` parse: the functions keep their ranges (std's cgroup2_quota had ended 3 lines early)", async () => {
    const r = await report("rust/labeled_blocks.rs");
    expect(syntaxNotes(r.warnings)).toEqual([]);
    expect(entryAt(r, "f")).toMatchObject({ startLine: 1, endLine: 7 });
    expect(entryAt(r, "g")).toMatchObject({ startLine: 9, endLine: 14 });
    expect(entryAt(r, "after")).toMatchObject({ startLine: 16, exported: true });
  });
});
