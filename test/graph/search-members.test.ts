/**
 * symbol_search among definitions of the exact name: a type (or any definition that is no member)
 * before members so named (QA F7: serde's `trait Deserializer`, in a long file, had ranked below two
 * short files' associated types `type Deserializer = …`); and a qualified query's row in a file that
 * defines the name under another owner says it is that definition, not a mention (QA F12).
 */
import { describe, expect, it } from "vitest";
import { Lens } from "../../core/engine.js";
import { main } from "../../hosts/cli/main.js";
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

describe("symbol_search: a qualified query's name defined under another owner", () => {
  const HTTP: Record<string, string> = {
    "src/client.ts": "export class HttpClient {\n  static newBuilder(): HttpClient {\n    return new HttpClient();\n  }\n}\n",
    "src/request.ts": "import { HttpClient } from './client.js';\n\nexport class HttpRequest {\n  constructor(readonly uri: string) {}\n\n  static newBuilder(uri: string): HttpRequest {\n    return new HttpRequest(uri);\n  }\n\n  client(): HttpClient {\n    return HttpClient.newBuilder();\n  }\n}\n",
    "src/main.ts": "import { HttpClient } from './client.js';\n\nexport const client = HttpClient.newBuilder();\n",
  };

  it("is that definition's row, marked (QA F12: `HttpRequest.java:304 (mention)` for HttpClient.newBuilder); a use stays a mention", async () => {
    const lens = await lensOf(HTTP);
    const hits = await rows(lens, "HttpClient.newBuilder", 5);
    expect(hits[0]).toMatchObject({ file: "src/client.ts", symbol: "HttpClient.newBuilder", kind: "method" });
    expect(hits[0]!.otherOwner).toBeUndefined();
    // request.ts also calls HttpClient.newBuilder (line 11): that use is its row (owner-uses.ts), its own newBuilder beside it.
    expect(hits.find((h) => h.file === "src/request.ts")).toMatchObject({ startLine: 11, also: ["HttpRequest.newBuilder@6"], suggestedNext: { tool: "read_enclosing", line: 11 } });
    // Without that use, the file's row is its definition under the other owner, marked.
    const alone = await rows(await lensOf({ ...HTTP, "src/request.ts": HTTP["src/request.ts"]!.replace("return HttpClient.newBuilder();", "return new HttpClient();") }), "HttpClient.newBuilder", 5);
    expect(alone.find((h) => h.file === "src/request.ts")).toMatchObject({ symbol: "HttpRequest.newBuilder", kind: "method", startLine: 6, endLine: 8, otherOwner: true, suggestedNext: { tool: "read_symbol", symbol: "HttpRequest.newBuilder" } });
    expect(hits.find((h) => h.file === "src/main.ts")).toMatchObject({ startLine: 3, suggestedNext: { tool: "read_enclosing" } });
    expect(hits.find((h) => h.file === "src/main.ts")!.symbol).toBeUndefined();
    let out = "";
    await main(["search", "HttpClient.newBuilder", "--cwd", lens.root], { out: (t) => (out += t + "\n"), err: () => {} });
    expect(out).toMatch(/^src\/request\.ts:11 {2}\(mention\) {2}[\d.]+ {2}\(also here: HttpRequest\.newBuilder@6\)/m);
  });
});
