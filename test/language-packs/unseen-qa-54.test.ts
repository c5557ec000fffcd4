/**
 * QA round 54 (Go, Java, Rust and Python packs on code no test had used: Go 1.19's go/types, crypto/tls,
 * runtime, database/sql, cmd/compile/internal/ssa; JDK 17's java.desktop, java.sql, java.net.http, sun.*;
 * serde, regex, tokio, petgraph, rayon, rust-src's core/alloc/std; Python 3.11's email, lib2to3,
 * multiprocessing, xml, unittest): the shapes found mis-read, on real-code-shaped sources with the real grammars.
 */
import { describe, expect, it } from "vitest";
import { entryAt, flat, inlineReport, syntaxNotes } from "../helpers.js";

describe("rust: item-level macro calls whose bodies are no items", () => {
  it("puts back a call whose errors lie nested in an ERROR opening before it (petgraph's adj.rs: `iterator_wrap! { impl (Iterator) for struct … }` after a type alias, the file one ERROR)", async () => {
    const src = [
      "",
      "type PairIter<'a, E, Ix> = std::iter::Map<",
      "    std::iter::Zip<std::iter::Enumerate<RowIter<'a, E, Ix>>, std::iter::Repeat<Ix>>,",
      "    fn(((usize, &'a Slot<E, Ix>), Ix)) -> ArcRef<'a, E, Ix>,",
      ">;",
      "",
      "iterator_wrap! {",
      "impl (Iterator) for",
      "/// An iterator over the [`ArcRef`] of all the edges of the graph.",
      "struct ArcRefs<'a, E, Ix> where { Ix: IndexType }",
      "item: ArcRef<'a, E, Ix>,",
      "iter: std::iter::FlatMap<",
      "    std::iter::Enumerate<",
      "        std::slice::Iter<'a, Row<E, Ix>>",
      "    >,",
      "    PairIter<'a, E, Ix>,",
      "    fn(",
      "        (usize, &'a Vec<Slot<E, Ix>>)",
      "    ) -> PairIter<'a, E, Ix>,",
      ">,",
      "}",
      "",
      "impl<'a, E, Ix: IndexType> Clone for ArcRefs<'a, E, Ix> {",
      "    fn clone(&self) -> Self {",
      "        ArcRefs {",
      "            iter: self.iter.clone(),",
      "        }",
      "    }",
      "}",
      "",
      "fn first<E, Ix: IndexType>(",
      "    ((slot_index, arc), from): ((usize, &Slot<E, Ix>), Ix),",
      ") -> ArcRef<E, Ix> {",
      "    let id = ArcIndex {",
      "        from,",
      "        slot_index,",
      "    };",
      "    ArcRef { id, arc }",
      "}",
      "fn second<E, Ix: IndexType>((row_index, row): (usize, &Vec<Slot<E, Ix>>)) -> PairIter<E, Ix> {",
      "    row.iter()",
      "        .enumerate()",
      "        .zip(std::iter::repeat(Ix::new(row_index)))",
      "        .map(first as _)",
      "}",
      "",
      "impl<'a, Ix: IndexType, E> visit::IntoArcRefs for &'a Adjacency<E, Ix> {",
      "    type EdgeRef = ArcRef<'a, E, Ix>;",
      "    type ArcRefs = ArcRefs<'a, E, Ix>;",
      "    fn arc_refs(self) -> Self::ArcRefs {",
      "        let iter = self.rows.iter().enumerate().flat_map(second as _);",
      "        ArcRefs { iter }",
      "    }",
      "}",
      "",
      "impl<E, Ix: IndexType> NodeCount for Adjacency<E, Ix> {",
      "    /// Returns the number of nodes in the list",
      "    ///",
      "    /// Computes in **O(1)** time.",
      "    fn node_count(&self) -> usize {",
      "        self.rows.len()",
      "    }",
      "}",
      "",
    ].join("\n");
    const r = await inlineReport("adj.rs", src);
    expect(syntaxNotes(r.warnings)).toEqual([]);
    expect(entryAt(r, "PairIter")).toMatchObject({ kind: "type", startLine: 2, endLine: 5 });
    expect(entryAt(r, "first")).toMatchObject({ kind: "function", startLine: 31, endLine: 39 });
    expect(entryAt(r, "second")).toMatchObject({ kind: "function", startLine: 40, endLine: 45 });
    const names = [...flat(r).keys()];
    expect(names.filter((k) => /node_count|arc_refs/.test(k))).toHaveLength(2);
    expect(r.warnings?.find((w) => /iterator_wrap!/.test(w))).toBeDefined();
  });

  it("keeps a macro named `try` (serde's lib.rs: `macro_rules! try {` lost its name to the `try { … }` block mask, and the items after it)", async () => {
    const src = [
      "// Re-export libcore's try! under a shorter name.",
      "macro_rules! try {",
      "    ($expr:expr) => {",
      "        match $expr {",
      "            Ok(val) => val,",
      "            Err(err) => return Err(err),",
      "        }",
      "    };",
      "}",
      "",
      "#[macro_use]",
      "mod macros;",
      "",
      "pub mod de;",
      "",
    ].join("\n");
    const r = await inlineReport("lib.rs", src);
    expect(syntaxNotes(r.warnings)).toEqual([]);
    expect(entryAt(r, "try")).toMatchObject({ kind: "macro", startLine: 2, endLine: 9 });
    expect(entryAt(r, "de")).toMatchObject({ startLine: 14, exported: true });
  });

  it("reads associated type bounds, `Deref<Target: Eq>` (stable since 1.79), without an ERROR (rust-src's pin.rs, str/iter.rs, alloc's borrow.rs); a comparison in a struct literal stays", async () => {
    const src = [
      "#[stable(feature = \"pin\", since = \"1.33.0\")]",
      "impl<P: Deref<Target: Eq>> Eq for Pin<P> {}",
      "",
      "#[stable(feature = \"pin\", since = \"1.33.0\")]",
      "impl<P: Deref<Target: Ord>> Ord for Pin<P> {",
      "    fn cmp(&self, other: &Self) -> cmp::Ordering {",
      "        P::Target::cmp(self, other)",
      "    }",
      "}",
      "",
      "/// Splits on a pattern, from the back.",
      "pub fn rsplit_on<'a, P>(haystack: &'a str, pat: P) -> RSplit<'a, P>",
      "where",
      "    P: Pattern<'a, Searcher: ReverseSearcher<'a>>,",
      "{",
      "    RSplit(haystack.split(pat).0)",
      "}",
      "",
      "fn flatten_clone<I, U, const N: usize>(iter: I) -> Flatten<I>",
      "where",
      "    I: Iterator<Item = U> + Clone,",
      "    U: Clone + IntoIterator<IntoIter: Clone>,",
      "{",
      "    let limits = Limits { ok: N < MAX, cap: 5 };",
      "    Flatten::new(iter)",
      "}",
      "",
    ].join("\n");
    const r = await inlineReport("pin.rs", src);
    expect(syntaxNotes(r.warnings)).toEqual([]);
    expect(entryAt(r, "rsplit_on")).toMatchObject({ kind: "function", startLine: 12, endLine: 17, doc: "Splits on a pattern, from the back." });
    // The signature is the source's: the bound's `:`, not the parse's stand-in.
    expect(entryAt(r, "rsplit_on").signature).toContain("Pattern<'a, Searcher: ReverseSearcher<'a>>");
    expect(entryAt(r, "flatten_clone")).toMatchObject({ kind: "function", startLine: 19, endLine: 26 });
    expect(entryAt(r, "flatten_clone").signature).toContain("IntoIterator<IntoIter: Clone>");
    expect([...r.api, ...r.internal].filter((e) => e.kind === "impl").map((e) => [e.startLine, e.endLine, (e.members ?? []).map((m) => m.name)])).toEqual([[1, 2, []], [4, 9, ["cmp"]]]);
  });
});
