/**
 * Identifier occurrences → definitions, cheaply and with a stated confidence:
 *   exact          a name declared at the top of the same file
 *   receiver-type  `this.x` / `self.x` inside a type that declares member x
 *   import         a name exported by a file this one imports (one re-export hop followed)
 *   name-only      a name exported (or a member declared) by exactly one file in the project
 * Locals that shadow a top-level name are not told apart: this is a syntax graph, not a type checker.
 */
import type { GraphModel } from "./model.js";
import { OCC_CALL, OCC_IMPORT, OCC_MEMBER, OCC_SELF, type Confidence, type FileEntry } from "./types.js";

export interface Link {
  /** Target file and the qualified name of the definition there. */
  tgt: string;
  q: string;
  line: number;
  /** Enclosing symbol in the source file (qualified), or `(top level)`. */
  sym: string;
  relation: "call" | "reference" | "import";
  conf: Confidence;
}

const FN = new Set(["function", "method", "constructor"]);
const TYPES = new Set(["class", "struct", "interface", "trait", "enum", "object", "protocol", "extension", "impl", "type"]);
const REL_RANK = { call: 0, reference: 1, import: 2 } as const;

export function linkFile(g: GraphModel, rel: string, e: FileEntry): { links: Link[]; fanout: Record<string, number> } {
  const d = e.d;
  const topLocal = new Map<string, number>();
  const defSites = new Set<string>();
  d.forEach((x, i) => {
    if (x[6] === -1 && !topLocal.has(x[0])) topLocal.set(x[0], i);
    defSites.add(`${x[0]}@${x[3]}`);
  });
  const innermost = (line: number, pred?: (i: number) => boolean): number => {
    let best = -1;
    for (let i = 0; i < d.length; i++) if (d[i]![3] <= line && line <= d[i]![4] && (!pred || pred(i))) best = i;
    return best;
  };
  const fromImports = (name: string): [string, number] | undefined => {
    for (const t of e.i) {
      const idx = g.exportsOf.get(t)?.get(name);
      if (idx !== undefined) return [t, idx];
    }
    // One hop through barrels (`export * from`, `export { x } from`).
    for (const t of e.i) {
      for (const u of g.files.get(t)?.i ?? []) {
        if (u === rel) continue;
        const idx = g.exportsOf.get(u)?.get(name);
        if (idx !== undefined) return [u, idx];
      }
    }
    return undefined;
  };
  const uniqueExported = (name: string): [string, number] | undefined => {
    const files = g.exportedTop.get(name);
    if (!files || files.size !== 1) return undefined;
    const [t] = files as Set<string> & Iterable<string>;
    if (t === rel) return undefined;
    const idx = g.exportsOf.get(t!)?.get(name);
    return idx === undefined ? undefined : [t!, idx];
  };
  const uniqueMember = (name: string): [string, number] | undefined => {
    const files = g.members.get(name);
    if (!files || files.size !== 1 || name.length < 4) return undefined;
    const [t] = files;
    const td = g.files.get(t!)?.d ?? [];
    let found = -1;
    for (let i = 0; i < td.length; i++) {
      if (td[i]![6] !== -1 && td[i]![0] === name) {
        if (found >= 0) return undefined;
        found = i;
      }
    }
    return found < 0 ? undefined : [t!, found];
  };

  const best = new Map<string, Link>();
  const fan = new Map<number, Set<string>>();
  for (const name in e.o) {
    const list = e.o[name]!;
    for (let k = 1; k < list.length; k++) {
      const enc = list[k]!;
      const line = enc >> 4;
      const flags = enc & 15;
      if (defSites.has(`${name}@${line}`)) continue;
      let hit: [string, number] | undefined;
      let conf: Confidence = "exact";
      if (flags & OCC_SELF) {
        const cls = innermost(line, (i) => TYPES.has(d[i]![2]));
        const idx = cls < 0 ? -1 : d.findIndex((x) => x[6] === cls && x[0] === name);
        if (idx >= 0) [hit, conf] = [[rel, idx], "receiver-type"];
      } else if (flags & OCC_MEMBER) {
        hit = fromImports(name);
        conf = "import";
        if (!hit) [hit, conf] = [uniqueExported(name) ?? uniqueMember(name), "name-only"];
      } else {
        const local = topLocal.get(name);
        if (local !== undefined) hit = [rel, local];
        else {
          hit = fromImports(name);
          conf = "import";
          if (!hit) [hit, conf] = [uniqueExported(name), "name-only"];
        }
      }
      if (!hit) continue;
      const tgtDef = hit[0] === rel ? d[hit[1]] : g.files.get(hit[0])?.d[hit[1]];
      if (!tgtDef) continue;
      const encl = innermost(line);
      if (hit[0] === rel && encl === hit[1]) continue; // recursion or a mention inside its own declaration
      const relation = flags & OCC_IMPORT ? "import" : flags & OCC_CALL ? "call" : "reference";
      const sym = encl < 0 ? "(top level)" : d[encl]![1];
      const key = `${hit[0]}\u0000${tgtDef[1]}\u0000${sym}`;
      const prev = best.get(key);
      if (!prev || REL_RANK[relation] < REL_RANK[prev.relation] || (relation === prev.relation && line < prev.line)) {
        best.set(key, { tgt: hit[0], q: tgtDef[1], line, sym, relation, conf });
      }
      // Fanout counts distinct project callees (type mentions and reads are not calls).
      if (relation === "call") {
        const fn = innermost(line, (i) => FN.has(d[i]![2]));
        if (fn >= 0) {
          let s = fan.get(fn);
          if (!s) fan.set(fn, (s = new Set()));
          s.add(`${hit[0]}\u0000${tgtDef[1]}`);
        }
      }
    }
  }
  // An import statement adds nothing when the same file also uses the name.
  const used = new Set<string>();
  for (const l of best.values()) if (l.relation !== "import") used.add(`${l.tgt}\u0000${l.q}`);
  const links = [...best.values()].filter((l) => l.relation !== "import" || !used.has(`${l.tgt}\u0000${l.q}`));
  const fanout: Record<string, number> = Object.create(null);
  for (const [i, s] of fan) fanout[d[i]![1]] = s.size;
  return { links, fanout };
}
