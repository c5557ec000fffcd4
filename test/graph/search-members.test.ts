/**
 * symbol_search among definitions of the exact name: a type (or any definition that is no member)
 * before members so named (QA F7: serde's `trait Deserializer`, in a long file, had ranked below two
 * short files' associated types `type Deserializer = …`); and a qualified query's row in a file that
 * defines the name under another owner says it is that definition, not a mention (QA F12).
 */
import { describe, expect, it } from "vitest";
import { Lens } from "../../core/engine.js";
import { tempCache, tempProject } from "./project.js";

tempCache();

/** A long trait: many methods with their own words (low BM25 for its name). */
const TRAIT = `/// A data format that can deserialize any data structure.
pub trait Deserializer<'de>: Sized {
    type Error;
${Array.from({ length: 60 }, (_, i) => `    /// Hint number ${i}.\n    fn deserialize_thing${i}<V>(self, visitor${i}: V) -> Result<V, Self::Error>;\n`).join("\n")}}

pub trait IntoDeserializer<'de> {
    type Deserializer: Deserializer<'de>;
    fn into_deserializer(self) -> Self::Deserializer;
}
`;

/** Short files whose impls name an associated type `Deserializer` (high BM25). */
function assoc(k: number): string {
  return `use crate::de::{Deserializer, IntoDeserializer};

pub struct Unit${k}Deserializer;

impl<'de> IntoDeserializer<'de> for Unit${k} {
    type Deserializer = Unit${k}Deserializer;
    fn into_deserializer(self) -> Unit${k}Deserializer {
        Unit${k}Deserializer
    }
}
`;
}

async function lensOf(files: Record<string, string>): Promise<Lens> {
  const lens = await Lens.create({ cwd: tempProject(files) });
  expect((await lens.index()).warnings).toEqual([]);
  return lens;
}

async function rows(lens: Lens, query: string, limit: number) {
  const r = await lens.symbolSearch(query, { limit });
  if (!r.available) throw new Error(r.reason);
  return r.hits;
}

describe("symbol_search: an exact name's definition before its members", () => {
  it("serde's trait Deserializer before the associated types of short files, at any limit", async () => {
    const lens = await lensOf({ "src/de/mod.rs": TRAIT, "src/de/value.rs": assoc(1), "src/private/de.rs": assoc(2), "src/lib.rs": "pub mod de;\n" });
    for (const limit of [1, 2, 5]) {
      const hits = await rows(lens, "Deserializer", limit);
      expect(hits[0], `limit ${limit}: ${JSON.stringify(hits.map((h) => [h.file, h.symbol, h.score]))}`).toMatchObject({ file: "src/de/mod.rs", symbol: "Deserializer", kind: "trait" });
    }
    // The associated types follow, as what they are.
    const all = await rows(lens, "Deserializer", 5);
    expect(all.filter((h) => h.kind === "type").map((h) => h.file).sort()).toEqual(["src/de/value.rs", "src/private/de.rs"]);
  });

  it("in one file, a nested class so named is its row, not a larger method so named", async () => {
    const method = Array.from({ length: 12 }, (_, i) => `    const step${i} = ${i};`).join("\n");
    const lens = await lensOf({ "src/tree.ts": `export class Store {\n  Node(): number {\n${method}\n    return 0;\n  }\n}\n\nexport namespace Tree {\n  export class Node {\n    id = 1;\n  }\n}\n` });
    expect((await rows(lens, "Node", 3))[0]).toMatchObject({ symbol: "Tree.Node", kind: "class" });
  });
});
