/**
 * One file → its graph entry, through the Lens (same packs, same fallbacks, same read checks as
 * module_report) plus the identifier pass. Runs in the main thread or a worker.
 */
import { posix, sep } from "node:path";
import type { Lens } from "../engine.js";
import { errorMessage } from "../engine.js";
import { spelledName } from "../use-key.js";
import { walk } from "../extract.js";
import { collectOccurrences } from "./collect.js";
import { NO_OCCURRENCES } from "./occ.js";
import { moduleBase } from "./util.js";
import type { JsResolver } from "./resolve-js.js";
import { partialPart } from "./partial.js";
import { extensionRows, receiverOf } from "./kotlin-extensions.js";
import { cppKeyName, cppOwner, usingNamespaces } from "./cpp-members.js";
import { recordOverloads } from "../overloads.js";
import { DEF_ALIAS, DEF_EXPORTED, DEF_FILE_LOCAL, DEF_PARTIAL, DEF_REEXPORT, type Def, type FileEntry, type Occurrences } from "./types.js";

const JS_LANGS = new Set(["typescript", "tsx", "javascript"]);

/** The owner a top-level Go method keeps when its receiver type is not in the file (report.ts `owner`). */
export function goOwner(language: string, r: { attachTo?: string }, depth: number): string[] {
  return language === "go" && !depth && r.attachTo && !r.attachTo.includes(".") ? [r.attachTo] : [];
}

export async function parseFile(lens: Lens, abs: string, rel: string, stamp: { m: number; s: number }, js: JsResolver | undefined): Promise<FileEntry> {
  const base = { m: stamp.m, s: stamp.s };
  let a;
  try {
    a = await lens.analyze(abs, { collect: (ctx, symbols, imports) => collectOccurrences(ctx, symbols, imports), lean: true });
  } catch (e) {
    return { ...base, l: lens.registry.lookup(abs)?.language ?? "unknown", d: [], i: [], ...NO_OCCURRENCES, e: errorMessage(e) };
  }
  const defs: Def[] = [];
  const index = new Map<object, number>();
  const receivers: [number, string][] = [];
  const keys = new Map<object, string>();
  for (const [r, parents] of walk(a.symbols)) {
    const parent = parents[parents.length - 1];
    index.set(r, defs.length);
    // (A Go method whose receiver type another file of the package declares is keyed by it: `Template.Execute`;
    // a C++ definition out of its class's body by its class, `ns.Widget.size` — its members under it: cpp-members.ts.)
    const owners = [...goOwner(a.language, r, parents.length), ...cppOwner(a.language, r, parent)];
    const q = [...(parent ? [keys.get(parent) ?? parents.map(spelledName).join(".")] : []), ...owners, spelledName({ name: cppKeyName(a.language, r), hashName: r.hashName })].join(".");
    keys.set(r, q);
    const flags = (r.exported ? DEF_EXPORTED : 0) | (r.reexport ? DEF_REEXPORT : 0) | (partialPart(a.language, r) ? DEF_PARTIAL : 0) | (r.fileLocal ? DEF_FILE_LOCAL : 0);
    const receiver = receiverOf(a.language, r, parent);
    if (receiver) receivers.push([defs.length, receiver]);
    // (A JavaScript `#x` the pack names `x`: keyed by its own spelling, as its uses `this.#x` name it — and a public `x` beside it is another member.)
    defs.push([spelledName(r), q, r.kind, r.startLine, r.endLine, flags, parent ? (index.get(parent) ?? -1) : -1]);
    // The names the file also gives it — `export { h as createElement }`, `Tabs.List = List` — find it
    // in symbol_search and link its importers; a qualified one (another owner's member) is no export.
    for (const alias of r.aliases ?? []) {
      const chain = alias.includes(".") ? alias.split(".") : [...parents.map(spelledName), alias];
      const own = !alias.includes(".");
      defs.push([chain[chain.length - 1]!, chain.join("."), r.kind, r.startLine, r.endLine, (own ? flags : 0) | DEF_ALIAS, own && parent ? (index.get(parent) ?? -1) : -1]);
    }
  }
  const imports = new Set<string>();
  const unresolved = new Set<string>();
  const at: [number, string][] = [];
  const star = new Set<string>();
  for (const i of a.imports) {
    let target = i.resolved;
    const jsFile = JS_LANGS.has(a.language);
    if (!target && js && jsFile && !i.source.startsWith("node:")) target = js.resolve(abs, i.source);
    if (target && target !== rel && i.reexportAll) star.add(target);
    if (target && target !== rel) imports.add(target), at.push([i.line, target]);
    else if (!target && jsFile && /^\.\.?(\/|$)/.test(i.source)) unresolved.add(moduleBase(posix.join(posix.dirname(rel), i.source)));
  }
  const occ = (a.collected as Occurrences | undefined) ?? NO_OCCURRENCES;
  const entry: FileEntry = { ...base, l: a.language, d: defs, i: [...imports], n: occ.n, o: occ.o, ...(occ.t ? { gt: occ.t } : {}), ...(occ.p ? { pk: occ.p } : {}), ...(occ.ps ? { ps: occ.ps } : {}), ...(occ.f || receivers.length ? { ft: [occ.f, extensionRows(receivers)].filter(Boolean).join("\n") } : {}) };
  if (imports.size) {
    const index = new Map(entry.i.map((t, k) => [t, k]));
    entry.il = at.sort((x, y) => x[0] - y[0]).flatMap(([line, t]) => [line, index.get(t)!]);
  }
  // Overloads their parameter counts tell apart (core/overloads.ts): each keeps its own uses.
  const ov = [...recordOverloads(a.language, a.symbols)].flatMap(([r, o]) => (o.count === undefined ? [] : [index.get(r)!, o.count]));
  if (ov.length) entry.ov = ov;
  if (unresolved.size) entry.u = [...unresolved];
  // (The other files its outline was read with — a Rust file's macros.rs —, under the root: plan.ts parses it again when one changes.)
  const rootDir = abs.slice(0, abs.length - rel.length);
  const xi = (a.inputs ?? []).filter((f) => f.path.startsWith(rootDir)).map((f) => f.path.slice(rootDir.length).split(sep).join("/"));
  if (xi.length) entry.xi = xi;
  if (star.size) entry.sx = entry.i.flatMap((t, k) => (star.has(t) ? [k] : []));
  const un = a.language === "cpp" ? usingNamespaces(a.lines) : "";
  if (un) entry.un = un;
  return entry;
}
