/**
 * A Go package is its folder: a method's receiver type, and the type's other methods, may be declared
 * in any file of it (link.ts: `s.ln` in handler.go's `func (s *Server) Start()`, Server in server.go).
 * Files of one package may declare a name twice under build tags (fd_unix.go's and fd_plan9.go's
 * `netFD`): each file's declaration is kept, and a using file takes its own tag's.
 */
import type { Node } from "web-tree-sitter";
import type { FileEntry } from "./types.js";

/** Qualified name → per declaring file [file, a non-callable's index, a callable's index] (-1: none). */
export type GoPackage = Map<string, [string, number, number][]>;

/** A folder holding no Go file. */
export const NO_PACKAGE: GoPackage = new Map();

/**
 * The definitions of every folder's Go files, by folder (root-relative, ending in `/`, or "" for the
 * root): one pass over the files for all packages (a pass per package was packages × files).
 */
export function goPackageDefs(files: Map<string, FileEntry>): Map<string, GoPackage> {
  const byDir = new Map<string, GoPackage>();
  for (const [r, e] of files) {
    if (e.l !== "go") continue;
    const dir = r.slice(0, r.lastIndexOf("/") + 1);
    let defs = byDir.get(dir);
    if (!defs) byDir.set(dir, (defs = new Map()));
    e.d.forEach((x, i) => {
      // (A method whose type is in another file is qualified by its bare name: no package-level name.)
      if (x[2] === "method" && x[6] === -1) return;
      let all = defs!.get(x[1]);
      if (!all) defs!.set(x[1], (all = []));
      let slots = all.find((a) => a[0] === r);
      if (!slots) all.push((slots = [r, -1, -1]));
      const k = x[2] === "method" || x[2] === "function" ? 2 : 1;
      if (slots[k] === -1) slots[k] = i;
    });
  }
  return byDir;
}

/** A Go file's build-tag suffix (`fd_unix.go` → unix), or "" for none. */
const GO_TAG = /_(aix|android|darwin|dragonfly|freebsd|hurd|illumos|ios|js|linux|netbsd|openbsd|plan9|solaris|wasip1|windows|zos|unix|posix|wasm|386|amd64|arm|arm64|loong64|mips\w*|ppc64\w*|riscv64|s390x)(?:_test)?\.go$/;
const goTag = (rel: string) => GO_TAG.exec(rel)?.[1] ?? "";

/**
 * Of the files declaring a name in a Go package, the one a file of build tag T sees: one of tag T, else
 * one of none, else unix/posix (unless T is windows, plan9 or js/wasm), else the first.
 */
export function goTwin(all: [string, number, number][] | undefined, rel: string): [string, number, number] | undefined {
  if (!all || all.length < 2) return all?.[0];
  const mine = goTag(rel);
  const rank = (t: string) => (t === mine ? 3 : t === "" ? 2 : (t === "unix" || t === "posix") && !/^(windows|plan9|js|wasm)$/.test(mine) ? 1 : 0);
  let best = all[0]!;
  for (const a of all) if (rank(goTag(a[0])) > rank(goTag(best[0]))) best = a;
  return best;
}

/**
 * What a Go selector's left side is, for the identifier pass (collect.ts): the receiver's name in each
 * method's rows (`s` in `func (s *Server) Start()`), and the names the file's imports give their packages
 * (the alias, else the path's last element, a `/vN` version suffix skipped). `s.Close()` in a method of
 * Server is the receiver's; `lis.Close()` there is another value's, and `http.Error` a package's.
 */
export function goSelectorScope(root: Node, src: string): { receiverAt: (row: number) => string | undefined; packages: Set<string> } {
  const receivers: [number, number, string][] = [];
  const packages = new Set<string>();
  for (const n of root.namedChildren) {
    if (n?.type === "method_declaration") {
      const name = n.childForFieldName("receiver")?.namedChildren.find((p) => p?.type === "parameter_declaration")?.childForFieldName("name");
      if (name) receivers.push([n.startPosition.row, n.endPosition.row, src.slice(name.startIndex, name.endIndex)]);
    } else if (n?.type === "import_declaration") {
      for (const spec of n.descendantsOfType("import_spec")) {
        const alias = spec?.childForFieldName("name");
        const path = spec?.childForFieldName("path");
        const as = alias && src.slice(alias.startIndex, alias.endIndex);
        if (as) {
          if (as !== "." && as !== "_") packages.add(as);
        } else if (path) {
          const parts = src.slice(path.startIndex + 1, path.endIndex - 1).split("/");
          let last = parts.pop() ?? "";
          if (/^v\d+$/.test(last) && parts.length) last = parts.pop()!;
          packages.add(last.replace(/\.v\d+$/, "").replace(/^go-/, "").replace(/[-.]/g, "_"));
        }
      }
    }
  }
  // (Top-level methods, in source order: the last one starting at or before the row, if it spans it.)
  const receiverAt = (row: number): string | undefined => {
    let lo = 0;
    let hi = receivers.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (receivers[mid]![0] <= row) lo = mid;
      else hi = mid - 1;
    }
    const r = receivers[lo];
    return r && r[0] <= row && row <= r[1] ? r[2] : undefined;
  };
  return { receiverAt, packages };
}
