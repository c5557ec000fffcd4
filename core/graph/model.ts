/**
 * The in-memory project graph: file entries, definition indexes, import edges and the links from
 * identifier occurrences to definitions. Updates are incremental: a changed file is relinked, and so
 * are the files mentioning a name whose definitions changed (found through the word index).
 */
import { linkFile, type Link } from "./link.js";
import { overloadSignatures } from "./overload-keys.js";
import { cappedNames, encodeOcc } from "./occ.js";
import { cappedIn, cappedLinks, lazyOccurrences, rawOccurrences, simpleName } from "./entry-occ.js";
import { spreadByFile } from "./used-by.js";
import { CONFIDENCES, MAX_LINES_PER_NAME, RELATIONS, TOP_LEVEL, type FileEntry, type PersistedEntry, type PersistedLink, type RefsRecord, type UsageTuple, USAGES_KEPT } from "./types.js";
import type { WordIndex } from "./words.js";
import { openWords, saveWordsIfWorthIt, type WordFile } from "./word-store.js";
import { fileScope, functionLocal, visibleAcross } from "./visibility.js";
import { addTo, BARREL_NAME, defNames, hasLine, linksByTarget, removeFrom, sameCounts, usageOrder } from "./model-helpers.js";
import { goPackageDefs, goPackagesNamed, NO_PACKAGE, type GoPackage } from "./go-package.js";
import { typeFilesIndex } from "./qualified.js";
import { packageIndex, samePackageDef, starImportDef, type PackageIndex } from "./same-package.js";
import { cppMemberIndex, type CppMemberIndex } from "./cpp-members.js";

export class GraphModel {
  readonly files = new Map<string, FileEntry>();
  /** Top-level definitions by name → files; exported ones only for cross-file links. */
  readonly exportedTop = new Map<string, Set<string>>();
  readonly members = new Map<string, Set<string>>();
  /** Per file: exported top-level name → def index. */
  readonly exportsOf = new Map<string, Map<string, number>>();
  readonly importers = new Map<string, Set<string>>();
  /** source → its links; target → source → links (for usedBy; owner-uses.ts reads it). Each use calls `linked()` first. */
  private readonly out = new Map<string, Link[]>();
  readonly inbound = new Map<string, Map<string, Link[]>>();
  private readonly fanout = new Map<string, Record<string, number>>();
  /**
   * Links as loaded (restore), taken in on first need: a search never needs them (they were ~15% of its
   * load on 20k files) but a qualified one's owner uses. Taken in the order loaded, as restore took them before.
   */
  private pending?: [string, FileEntry, PersistedLink[], Record<string, number>][];
  linked(): void {
    const p = this.pending;
    if (!p) return;
    this.pending = undefined;
    for (const [rel, e, k, fo] of p) this.takeLinks(rel, e, k, fo);
  }
  /**
   * The word index is opened on first use (search, read_symbol misses) — read from the cache folder and
   * brought up to date when stored there (word-store.ts), else built —, not on load: a one-shot
   * `pilens index` refresh never needs it (relinking finds mentions in the occurrences, below), and
   * taking 225 files' terms in was a third of a one-file re-index in a fresh process.
   */
  private wordIndex?: WordIndex;
  get words(): WordIndex {
    return (this.wordIndex ??= openWords(this.files, this.wordFile));
  }
  /** `wordFile`: where the word index is kept between processes (word-store.ts); none, it is built each time. */
  constructor(private readonly wordFile?: WordFile) {}

  /** Store the word index (when built) if it changed much since it was read or stored: after a commit. */
  saveWords(): void {
    if (this.wordIndex && this.wordFile) saveWordsIfWorthIt(this.wordIndex, this.files, this.wordFile);
  }
  /** Per barrel file: name → the first file it imports that exports the name (link.ts); valid until the next setFile. */
  private readonly barrelScopes = new Map<string, Map<string, string>>();

  barrelScope(rel: string, allImports: boolean): Map<string, string> {
    let scope = this.barrelScopes.get(rel);
    if (!scope) {
      scope = new Map();
      // (Kept before following the files below: a cycle of barrels ends at this one.)
      this.barrelScopes.set(rel, scope);
      const e = this.files.get(rel);
      // The files it re-exports whole (`export * from`) first; a file named as a barrel, or exporting
      // nothing of its own, re-exports what it imports.
      const from = [...(e?.sx ?? []).map((k) => e!.i[k]!), ...(allImports ? (e?.i ?? []) : [])];
      for (const u of from) for (const n of this.exportsOf.get(u)?.keys() ?? []) if (!scope.has(n)) scope.set(n, u);
      // Then what the barrels among them hold, a barrel of barrels — zod's `export *` three files deep
      // (`import * as z from "zod/v4"`: `z.object` had linked nothing, or another file's `object`).
      for (const u of from) for (const [n, v] of this.barrelOf(u) ?? []) if (!scope.has(n)) scope.set(n, v);
    }
    return scope;
  }

  /** The files importing `rel`, and those importing a barrel among them, up the chain. */
  private barrelImporters(rel: string): Set<string> {
    const out = new Set<string>();
    const barrels = [rel];
    for (let t = barrels.pop(); t !== undefined; t = barrels.pop()) {
      for (const imp of this.importers.get(t) ?? []) {
        if (out.has(imp)) continue;
        out.add(imp);
        if (this.barrelOf(imp)) barrels.push(imp);
      }
    }
    return out;
  }

  /** A barrel's scope (barrelScope): a file named as one (`index.ts`, `__init__.py`, `mod.rs`), exporting nothing of its own, or re-exporting whole files. */
  barrelOf(rel: string): Map<string, string> | undefined {
    const all = BARREL_NAME.test(rel) || (this.exportsOf.get(rel)?.size ?? 0) === 0;
    return all || this.files.get(rel)?.sx?.length ? this.barrelScope(rel, all) : undefined;
  }

  /** A Go package's definitions by qualified name (go-package.ts: all packages in one pass), for link.ts; valid until the next setFile. */
  goPackage(rel: string): GoPackage {
    this.goPackages ??= goPackageDefs(this.files);
    return this.goPackages.get(rel.slice(0, rel.lastIndexOf("/") + 1)) ?? NO_PACKAGE;
  }
  private goPackages?: Map<string, GoPackage>;
  /** The files declaring a type or namespace named `name` (qualified.ts; valid until the next setFile). */
  typeFiles(name: string): string[] {
    return (this.typesByName ??= typeFilesIndex(this.files)).get(name) ?? [];
  }
  private typesByName?: Map<string, string[]>;
  /** A Java/Kotlin package's or C# namespace's names (same-package.ts; valid until the next setFile). */
  samePackage(rel: string, e: FileEntry, name: string): [string, number] | undefined {
    return samePackageDef((this.packages ??= packageIndex(this.files)), this.files, rel, e, name);
  }
  /** `name` as a file of a package the file's `import a.b.*` names declares it (same-package.ts). */
  starImported(e: FileEntry, name: string): [string, number] | undefined {
    return e.ps ? starImportDef((this.packages ??= packageIndex(this.files)), e, name) : undefined;
  }
  private packages?: PackageIndex;
  /** A C++ member's declaration and its definitions out of class in other files, by key (cpp-members.ts; valid until the next setFile). */
  cppMembers(q: string, at?: [string, number]): [string, number][] | undefined {
    const index = (this.cppMemberKeys ??= cppMemberIndex(this.files));
    return index.byKey.get((at && index.moved.get(`${at[0]}\u0000${at[1]}`)) || q);
  }
  /** C++ members by key, keys moved by `using namespace`, templates' specializations (cpp-members.ts; valid until the next setFile). */
  cppIndex(): CppMemberIndex {
    return (this.cppMemberKeys ??= cppMemberIndex(this.files));
  }
  private cppMemberKeys?: CppMemberIndex;
  /** One file's entry (go-package.ts reads a field's declaring file). */
  file(rel: string): FileEntry | undefined {
    return this.files.get(rel);
  }
  /** The Go packages whose folder's last element is `name` (what `name.T` may mean without an import to follow). */
  goPackagesNamed(name: string): GoPackage[] {
    return goPackagesNamed((this.goPackages ??= goPackageDefs(this.files)), name);
  }

  private readonly capsBefore = new Map<string, Set<string> | undefined>();

  /** Replace (or remove, with `undefined`) one file's entry. Returns names whose definitions changed. */
  setFile(rel: string, entry: FileEntry | undefined): Set<string> {
    this.barrelScopes.clear();
    this.goPackages = this.typesByName = this.packages = this.cppMemberKeys = undefined;
    if (entry) shareStrings(entry);
    const old = this.files.get(rel);
    // (What the old entry named on too many lines: relink tells the targets whose capIn that changes.)
    if (old && old !== entry && !this.capsBefore.has(rel)) this.capsBefore.set(rel, cappedIn(old));
    const changed = new Set<string>();
    const before = defNames(old);
    const after = defNames(entry);
    for (const n of before) if (!after.has(n)) changed.add(n.slice(2));
    for (const n of after) if (!before.has(n)) changed.add(n.slice(2));
    // (An overload's parameter count changed, names the same: the uses of its name are kept under other keys now.)
    const [ob, oa] = [overloadSignatures(old), overloadSignatures(entry)];
    for (const o of ob) if (!oa.has(o)) changed.add(o.slice(0, o.indexOf("\t")));
    for (const o of oa) if (!ob.has(o)) changed.add(o.slice(0, o.indexOf("\t")));
    if (old) {
      for (const n of before) removeFrom(n[0] === "t" ? this.exportedTop : this.members, n.slice(2), rel);
      for (const t of old.i) this.importers.get(t)?.delete(rel);
      this.wordIndex?.remove(rel);
    }
    this.exportsOf.delete(rel);
    if (entry) {
      this.files.set(rel, entry);
      for (const n of after) addTo(n[0] === "t" ? this.exportedTop : this.members, n.slice(2), rel);
      const ex = new Map<string, number>();
      entry.d.forEach((d, i) => {
        if (!ex.has(d[0]) && visibleAcross(entry.d, i, entry.l)) ex.set(d[0], i);
      });
      this.exportsOf.set(rel, ex);
      for (const t of entry.i) addTo(this.importers, t, rel);
      this.wordIndex?.add(rel, entry);
    } else {
      this.files.delete(rel);
    }
    return changed;
  }

  /** setFile for a file the model does not hold yet, without computing what changed (restore). */
  private addFresh(rel: string, entry: FileEntry): void {
    if (this.files.has(rel)) {
      this.setFile(rel, entry);
      return;
    }
    shareStrings(entry);
    this.files.set(rel, entry);
    const ex = new Map<string, number>();
    const d = entry.d;
    for (let i = 0; i < d.length; i++) {
      const x = d[i]!;
      if (fileScope(d, i, entry.l)) {
        if (visibleAcross(d, i, entry.l)) {
          addTo(this.exportedTop, x[0], rel);
          if (!ex.has(x[0])) ex.set(x[0], i);
        }
      } else if (!functionLocal(d, i)) addTo(this.members, x[0], rel);
    }
    this.exportsOf.set(rel, ex);
    for (const t of entry.i) addTo(this.importers, t, rel);
    this.wordIndex?.add(rel, entry);
  }

  /** Index `rel`'s outgoing links by target (inbound: target → source → links). */
  private addInbound(rel: string, links: Link[]): void {
    for (const l of links) {
      let bySrc = this.inbound.get(l.tgt);
      if (!bySrc) this.inbound.set(l.tgt, (bySrc = new Map()));
      let list = bySrc.get(rel);
      if (!list) bySrc.set(rel, (list = []));
      list.push(l);
    }
  }

  /** Load committed entries: links persisted with them are taken as they are; the rest are relinked. */
  restore(persisted: Map<string, PersistedEntry>): void {
    const all = new Map<string, FileEntry>();
    for (const [rel, p] of persisted) all.set(rel, lazyOccurrences(p));
    for (const [rel, e] of all) this.addFresh(rel, e);
    const loaded: [string, FileEntry, PersistedLink[] | undefined, Record<string, number> | undefined][] = [];
    for (const [rel, e] of all) {
      const { k, fo } = e;
      // The last two properties, deleted last-first: the entry keeps a fast shape.
      delete e.fo;
      delete e.k;
      loaded.push([rel, e, k, fo]);
    }
    // Every entry with its links: taken in when first needed. Some without (relinked now): all now, in order.
    this.linked();
    if (loaded.every(([, , k, fo]) => k && fo)) this.pending = loaded as [string, FileEntry, PersistedLink[], Record<string, number>][];
    else for (const [rel, e, k, fo] of loaded) k && fo ? this.takeLinks(rel, e, k, fo) : this.relink(rel);
    this.barrelScopes.clear();
    this.goPackages = this.typesByName = this.packages = this.cppMemberKeys = undefined;
  }

  private takeLinks(rel: string, e: FileEntry, k: PersistedLink[], fo: Record<string, number>): void {
    const links: Link[] = k.map(([t, q, line, s, r, c]) => ({
      tgt: typeof t === "string" ? t : t < 0 ? rel : e.i[t]!,
      q,
      line,
      sym: s < 0 ? TOP_LEVEL : e.d[s]![1],
      relation: RELATIONS[r]!,
      conf: CONFIDENCES[c]!,
    }));
    this.out.set(rel, links);
    this.fanout.set(rel, Object.assign(Object.create(null), fo));
    this.addInbound(rel, links);
  }

  /** A file's entry as persisted: with its links and fanout, occurrences in base64. */
  persisted(rel: string): PersistedEntry | undefined {
    const e = this.files.get(rel);
    if (!e) return undefined;
    this.linked();
    const links = this.out.get(rel) ?? [];
    const imp = new Map<string, number>();
    const sym = new Map<string, number>();
    if (links.length) {
      e.i.forEach((t, n) => imp.set(t, n));
      e.d.forEach((d, n) => {
        if (!sym.has(d[1])) sym.set(d[1], n);
      });
    }
    const k = links.map((l): PersistedLink => {
      const s = l.sym === TOP_LEVEL && !sym.has(TOP_LEVEL) ? -1 : sym.get(l.sym);
      if (s === undefined) throw new Error(`graph: link from ${rel} names no definition of it (${l.sym})`);
      return [l.tgt === rel ? -1 : (imp.get(l.tgt) ?? l.tgt), l.q, l.line, s, RELATIONS.indexOf(l.relation), CONFIDENCES.indexOf(l.conf)];
    });
    // Field by field: a spread would decode occurrences still in their on-disk form.
    const out: PersistedEntry = { m: e.m, s: e.s, l: e.l, d: e.d, i: e.i, n: e.n, o: rawOccurrences(e) ?? encodeOcc(e.o), k, fo: this.fanout.get(rel) ?? {} };
    if (e.e !== undefined) out.e = e.e;
    if (e.u?.length) out.u = e.u;
    // (A loaded entry is relinked when a name it mentions gets new definitions: without its import lines
    // a name on one resolved to the first import exporting it, not the one that line imports.)
    if (e.il?.length) out.il = e.il;
    if (e.sx?.length) out.sx = e.sx;
    for (const k of ["gt", "ft", "pk", "un"] as const) if (e[k]) out[k] = e[k];
    for (const k of ["ps", "xi"] as const) if (e[k]?.length) out[k] = e[k];
    if (e.ov?.length) out.ov = e.ov;
    return out;
  }

  /**
   * Recompute one file's outgoing links. Returns the files whose refs record changed: the targets whose
   * links from this file differ, and this file when its fanout did (all of them on a first link).
   */
  relink(rel: string): Set<string> {
    this.linked();
    const touched = new Set<string>();
    const old = this.out.get(rel);
    const oldFanout = this.fanout.get(rel);
    for (const l of old ?? []) this.inbound.get(l.tgt)?.delete(rel);
    const entry = this.files.get(rel);
    if (!entry) {
      this.capsBefore.delete(rel);
      touched.add(rel);
      for (const l of old ?? []) touched.add(l.tgt);
      this.out.delete(rel);
      this.fanout.delete(rel);
      return touched;
    }
    const { links, fanout } = linkFile(this, rel, entry);
    this.out.set(rel, links);
    this.fanout.set(rel, fanout);
    this.addInbound(rel, links);
    if (!old || !oldFanout || !sameCounts(oldFanout, fanout)) touched.add(rel);
    const capsWere = this.capsBefore.get(rel);
    if (this.capsBefore.delete(rel) && old && cappedLinks(old, capsWere) !== cappedLinks(links, cappedIn(entry))) for (const l of [...old, ...links]) touched.add(l.tgt);
    if (!old) {
      for (const l of links) touched.add(l.tgt);
      return touched;
    }
    const before = linksByTarget(old);
    const after = linksByTarget(links);
    for (const [t, sig] of before) if (after.get(t) !== sig) touched.add(t);
    for (const t of after.keys()) if (!before.has(t)) touched.add(t);
    return touched;
  }

  /**
   * Apply changed and removed files; relink what depends on them. Returns the relinked files (their
   * persisted entries changed) and every file whose refs record may have changed.
   */
  update(changed: Map<string, FileEntry>, removed: string[], full = false): { relinked: Set<string>; touched: Set<string> } {
    const names = new Set<string>();
    const relinkSet = new Set<string>();
    const importTargets = new Set<string>();
    for (const rel of removed) {
      for (const t of this.files.get(rel)?.i ?? []) importTargets.add(t);
      for (const n of this.setFile(rel, undefined)) names.add(n);
      relinkSet.add(rel);
      for (const imp of this.importers.get(rel) ?? []) relinkSet.add(imp);
    }
    for (const [rel, e] of changed) {
      if (this.files.get(rel) === e) {
        relinkSet.add(rel); // already taken in (a cold build's streamed entries)
        continue;
      }
      // Import targets gaining or losing an importer: their refs records change without a relink.
      const before = new Set(this.files.get(rel)?.i ?? []);
      const after = new Set(e.i);
      const gained = [...after].filter((t) => !before.has(t));
      const lost = [...before].filter((t) => !after.has(t));
      for (const t of [...gained, ...lost]) importTargets.add(t);
      const importsChanged = gained.length + lost.length > 0 || String(this.files.get(rel)?.sx ?? "") !== String(e.sx ?? "");
      // A barrel that re-exports other files now: names its importers resolved through it may move.
      // (Through barrels of barrels too: what `import * as z` reaches three files up moves with it.)
      if (importsChanged) for (const imp of this.barrelImporters(rel)) relinkSet.add(imp);
      for (const n of this.setFile(rel, e)) names.add(n);
      relinkSet.add(rel);
    }
    if (full) for (const rel of this.files.keys()) relinkSet.add(rel);
    else for (const rel of this.filesMentioning(names)) relinkSet.add(rel);
    // Changed and removed files, plus what relinking says changed (not every file a relink visited).
    const touched = new Set<string>([...changed.keys(), ...removed, ...importTargets]);
    for (const rel of relinkSet) for (const t of this.relink(rel)) touched.add(t);
    this.barrelScopes.clear();
    this.goPackages = this.typesByName = this.packages = this.cppMemberKeys = undefined;
    this.wordIndex?.pack();
    return { relinked: relinkSet, touched };
  }

  /** Drop the word index's tombstones when they outnumber live documents (when it is built). */
  maybeCompactWords(): void {
    this.wordIndex?.maybeCompact(this.files);
  }

  /**
   * Files with an occurrence of one of `names` (links resolve names exactly). From the word index
   * when it is built (its lower-cased terms are a superset), otherwise by scanning each file's joined
   * occurrence names — a few ms on 10k files, far less than building the index for it.
   */
  private filesMentioning(names: Set<string>): Iterable<string> {
    if (!names.size) return [];
    if (this.wordIndex) {
      const out = new Set<string>();
      for (const n of names) for (const rel of this.wordIndex.filesWithTerm(n.toLowerCase())) out.add(rel);
      return out;
    }
    const out: string[] = [];
    for (const [rel, e] of this.files) {
      const joined = e.n;
      if (!joined) continue;
      for (const n of names) {
        if (hasLine(joined, n)) {
          out.push(rel);
          break;
        }
      }
    }
    return out;
  }

  /** What module_report and the refs shards need about one file. */
  refsRecord(rel: string): RefsRecord | undefined {
    const e = this.files.get(rel);
    if (!e) return undefined;
    this.linked();
    const imp = [...(this.importers.get(rel) ?? [])].filter((f) => f !== rel && this.files.has(f)).sort();
    const impSet = new Set(imp);
    // Null-prototype maps: symbol names like `constructor` or `toString` are ordinary keys here.
    const u: Record<string, UsageTuple[]> = Object.create(null);
    const uc: Record<string, number> = Object.create(null);
    const ufc: Record<string, number> = Object.create(null);
    const ref: string[] = [];
    // Definitions another using file names on more lines than kept: its uses there may be more than listed.
    const capIn: Record<string, string[]> = Object.create(null);
    for (const [src, links] of this.inbound.get(rel) ?? []) {
      if (src !== rel && !impSet.has(src)) ref.push(src);
      const capped = src === rel ? undefined : cappedIn(this.files.get(src));
      for (const l of links) {
        (u[l.q] ??= []).push([src, l.sym, l.line, l.relation, l.conf]);
        if (capped?.has(simpleName(l.q)) && capIn[l.q]?.at(-1) !== src) (capIn[l.q] ??= []).push(src);
      }
    }
    // (Its types' subclasses and implementers counted: the kept uses may not name them all.)
    const xc: Record<string, number> = Object.create(null);
    for (const [q, list] of Object.entries(u)) {
      list.sort(usageOrder);
      uc[q] = list.length;
      for (const t of list) if (t[3] === "extends") xc[q] = (xc[q] ?? 0) + 1;
      const { kept, files } = spreadByFile(list, USAGES_KEPT);
      u[q] = kept;
      ufc[q] = files;
    }
    // (Its own definitions' names it names on more lines than kept: uses within the file may go unlisted.)
    const defined = new Set(e.d.map((x) => x[0]));
    const cap = cappedNames(e, MAX_LINES_PER_NAME).filter((name) => defined.has(name));
    for (const files of Object.values(capIn)) files.sort();
    return { m: e.m, s: e.s, imp, ref: ref.sort(), u, uc, ufc, f: this.fanout.get(rel) ?? {}, ...(cap.length ? { cap: cap.sort() } : {}), ...(Object.keys(capIn).length ? { capIn } : {}), ...(Object.keys(xc).length ? { xc } : {}) };
  }
}


/**
 * Entries come from workers and JSON with their own copy of every string: one kind string per kind,
 * and a top-level qualified name that is the name itself (~6 MB on 10k files).
 */
const KINDS = new Map<string, string>();
function shareStrings(e: FileEntry): void {
  for (const d of e.d) {
    let k = KINDS.get(d[2]);
    if (k === undefined) KINDS.set(d[2], (k = d[2]));
    d[2] = k;
    if (d[1] === d[0]) d[1] = d[0];
  }
}
