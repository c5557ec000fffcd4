/**
 * Same-named declarations of one file under one owner — Rust's `#[cfg]` variants (serde's `Error` trait under
 * `#[cfg(feature = "std")]` and `#[cfg(not(feature = "std"))]`) — are one key in the project graph: each had
 * listed every use as its own. Each now says the list is shared (Entry.usedByShared, core/graph/report-graph.ts):
 * the json entry, compact's `used (with 1 same-named) by …`, read_symbol's uses line.
 */
import { describe, expect, it } from "vitest";
import { Lens } from "../../core/engine.js";
import { renderCompact } from "../../renderers/compact.js";
import type { Entry } from "../../core/types.js";
import { tempCache, tempProject } from "./project.js";

tempCache();

const crate: Record<string, string> = {
  "Cargo.toml": `[package]\nname = "demo"\nversion = "0.1.0"\nedition = "2018"\n`,
  "src/lib.rs": "pub mod de;\nmod user;\n",
  "src/de.rs": [
    "#[cfg(feature = \"std\")]", // 1
    "pub trait Error: Sized + std::error::Error {",
    "    fn custom(msg: &str) -> Self;",
    "}",
    "", // 5
    "#[cfg(not(feature = \"std\"))]",
    "pub trait Error: Sized {",
    "    fn custom(msg: &str) -> Self;",
    "}",
    "", // 10
    "pub fn alone() {}",
    "",
  ].join("\n"),
  "src/user.rs": [
    "use crate::de::{alone, Error};",
    "",
    "pub fn fail<E: Error>() -> E {",
    "    alone();",
    "    E::custom(\"x\")",
    "}",
    "",
  ].join("\n"),
};

describe("graph: same-named declarations of one file share one usedBy, and say so", () => {
  it("each cfg variant of serde's Error says its list is shared with the other; a symbol of its own does not", async () => {
    const dir = tempProject(crate);
    const lens = await Lens.create({ cwd: dir });
    await lens.index();
    const r = await lens.moduleReport("src/de.rs", { detail: "full" });
    const errors = r.api.filter((e) => e.name === "Error");
    expect(errors.map((e) => [e.startLine, e.usedBy?.map((u) => u.file), e.usedByShared])).toEqual([
      [1, ["src/user.rs"], 1],
      [6, ["src/user.rs"], 1],
    ]);
    const alone = r.api.find((e) => e.name === "alone") as Entry;
    expect([alone.usedBy?.map((u) => u.file), alone.usedByShared]).toEqual([["src/user.rs"], undefined]);
    expect(renderCompact(r)).toContain("[used (with 1 same-named) by user.rs]");
    const read = await lens.readSymbol("src/de.rs", "Error@6");
    expect([read.usedByShared, read.usedBySharedAs]).toEqual([1, "namesakes"]);
  });
});
