/**
 * read_symbol: the verbatim body of one symbol (attached doc comment included), found by plain name,
 * qualified name at any depth (`Outer.Inner.method`, `Type::method`, `A::f`), callback handle
 * (`events.on@164`) or `name@line` (one of several same-named symbols, e.g. an overload).
 * Misses never fall back silently: they answer with did-you-mean suggestions and how to list symbols.
 */
import { similarity, SUGGEST_MIN } from "./similarity.js";
import { importedName, importedNote, moduleBinding, moduleExportsName, REEXPORT, type ImportedName } from "./read-misses.js";
import { accessorPair, distinctHead, fullHead, leadingOverloads, overloadGroup, overloadRuns } from "./read-overloads.js";
import { spelledName } from "./use-key.js";
import { byCase, byChoice, byPath, bySelectorKeyword, assignsName, hashed, spelledNote, typeContainer, whyShown, withoutOwnConstructors } from "./read-choices.js";
import type { FileAnalysis } from "./pipeline.js";
import { walk } from "./extract.js";
import { listHint, MAX_SYMBOL, searchTerm, spokenForm, tooLong } from "./read-spellings.js";
import { canonicalKind, unknownKindError } from "./symbol-kinds.js";
import { setupAfter, setupOf } from "./read-setup.js";
import { readStart, symbolText } from "./symbol-text.js";
import { withOwner, withoutCompanions, writtenChain } from "./read-owners.js";
import { type CallbackRecord, type OversizeMode, type ReadSymbolResult, type SymbolRecord } from "./types.js";

export interface ReadSymbolOptions {
  kind?: string;
  /** Largest symbol (in lines, doc included) returned whole. Default 1,000 (core/oversize.ts READ_SYMBOL_MAX_LINES). */
  maxLines?: number;
  /** What an oversize symbol returns: `outline` (default), `slice` (its first maxLines lines) or `error`. */
  onOversize?: OversizeMode;
  /** Most UTF-8 bytes of lines one answer may hold (a host's read: 50 KB); over it, as over maxLines. */
  maxBytes?: number;
}

/** One readable unit of a file: a symbol at any depth, or a callback. */
export interface Candidate {
  name: string;
  /** SymbolRecord.arities: `add/2` finds it. */
  arities?: number[];
  qualified: string;
  chain: string[];
  kind: string;
  startLine: number;
  endLine: number;
  docStartLine?: number;
  signature?: string;
  callback: boolean;
  depth: number;
  span?: [number, number];
  /** Its own characters on a line it shares (SymbolRecord.chars): read_enclosing's column. */
  chars?: [number, number];
  /** The declared (qualified) name of a candidate that is an export alias of it. */
  aliasOf?: string;
  /** An alias's declared chain (its parents are those, not the alias's). */
  declaredChain?: string[];
  /** The alias is the owner's name for a member nested where it stands (`Promise.settle` in a factory). */
  byOwner?: boolean;
  /** A member of a trait impl (`impl fmt::Display for String`): the trait, so `Display.fmt` finds it. */
  viaTrait?: { trait: string; chain: string[] };
  /** An overload signature or Python `@overload` stub: its implementation (same name) is the one to read. */
  stub?: boolean;
  /** A declaration whose definition (same name) the file holds: SymbolRecord.declaration. */
  declaration?: boolean;
  /** Python's `@property` (get), `@x.setter` (set), `@x.deleter` (del): read with its partners (read-overloads.ts accessorPair). */
  role?: "get" | "set" | "del";
  /** Chain entries that are one segment whatever they hold: a quoted module's name (`declare module "lodash.debounce"`). */
  whole?: Set<string>;
  /** A member of a type-only declaration: the innermost one (`interface CodecType`). An implementation comes first. */
  inType?: string;
  /** A path that finds it but the outline does not list (a C++ member's namespace path without its class): no suggestion. */
  unlisted?: boolean;
}

/** Every symbol (members at any depth) then every callback, each with its qualified chain. */
export function candidatesOf(a: FileAnalysis): Candidate[] {
  const out: Candidate[] = [];
  for (const [r, parents] of walk(a.symbols)) {
    // (With the candidate by the owner a member is declared out of: read-owners.ts withOwner.)
    const own = withOwner(fromRecord(r, parents), r, parents);
    const c = own[0]!;
    out.push(...own);
    const owner = own.length > 1 ? r.attachTo : undefined;
    // (Members of such an owner's record too, by the path as written: Ruby's `module RSpec; class Core::X; def self.m`
    // is `RSpec::Core::X.m` — and `Core::X.m` — though listed as RSpec.X.m; a Kotlin companion's member by its class.)
    const written = writtenChain(parents, r, owner) ?? (owner ? undefined : withoutCompanions(parents, r));
    if (written) out.push({ ...c, qualified: written.join("."), chain: written, aliasOf: c.qualified, declaredChain: c.chain, byOwner: true });
    // Found by the names the file exports it by, too (a module's importers know only those).
    // (A qualified alias names another owner's member: `Tabs.List = List`.)
    for (const alias of r.aliases ?? []) {
      const chain = alias.includes(".") ? alias.split(".") : [...c.chain.slice(0, -1), alias];
      out.push({ ...c, name: chain[chain.length - 1]!, qualified: chain.join("."), chain, aliasOf: c.qualified, declaredChain: c.chain });
    }
  }
  for (const c of a.unlistedCallbacks ? [...a.callbacks, ...a.unlistedCallbacks] : a.callbacks) out.push(fromCallback(c));
  return out;
}

/**
 * A member listed where it is assigned a declaration of the file (`BigInteger.prototype.add = bnAdd`,
 * `Tabs.List = List`) reads as that declaration (found by its name, or by the alias compound.ts gives
 * it): the one-line assignment gives way when both match.
 */
function forwarded(hits: Candidate[]): Candidate[] {
  if (hits.length < 2) return hits;
  const declared = new Set(hits.map((d) => (d.aliasOf && !d.byOwner ? d.aliasOf : d.qualified)));
  return hits.filter((c) => c.aliasOf || c.callback || c.endLine !== c.startLine || !declared.has(FORWARD.exec(c.signature ?? "")?.[1] ?? ""));
}

/** The name a one-line member assignment hands on (`X.prototype.add = bnAdd` → bnAdd). */
const FORWARD = /=\s*([\w$]+)\s*;?\s*$/;

/**
 * `exports.encode = function base64VLQ_encode (…)` is listed as `encode` (what callers call); a stack
 * trace names it `base64VLQ_encode`, so that name finds it too — unless a symbol has that name.
 */
function withOwnNames(out: Candidate[]): Candidate[] {
  const names = new Set(out.map((c) => c.name));
  for (const c of out.slice()) {
    const own = c.callback ? undefined : OWN_NAME.exec(c.signature ?? "")?.[1];
    if (!own || names.has(own)) continue;
    names.add(own);
    out.push({ ...c, name: own, qualified: [...c.chain.slice(0, -1), own].join("."), chain: [...c.chain.slice(0, -1), own] });
  }
  return out;
}

/** The own name of a named function or class expression bound to something else (`x.y = function z (`, `X = forwardRef<P>(function Y(`). */
const OWN_NAME = /^[^=(]*[^=!<>]=\s*(?:[\w$.]+\s*(?:<[^(]*?>)?\s*\(\s*)*(?:async\s+)?(?:function\s*\*?|class)\s+([\w$]+)/;

function fromRecord(r: SymbolRecord, parents: SymbolRecord[]): Candidate {
  // An out-of-line member whose owner is not in the file (C++ `A::f` in a .cpp) keeps its owner's
  // name in `attachTo`: `A::f` / `A.f` still resolve. So do its members by that path (Ruby's
  // `class Thor::Group`: `Thor::Group.desc`).
  const outer = parents.length ? parents[0]! : r;
  const owner = outer.attachTo ? [outer.attachTo] : [];
  const chain = [...owner, ...parents.map(spelledName), spelledName(r)];
  const c: Candidate = {
    name: spelledName(r), qualified: chain.join("."), chain, kind: r.kind, startLine: r.startLine, endLine: r.endLine,
    docStartLine: r.docStartLine, signature: r.signature, callback: false, depth: parents.length, span: r.span, chars: r.chars,
  };
  for (const p of [...parents, r]) if (p.kind === "module" && /[./]/.test(p.name) && /^(?:declare\s+)?module\s+["']/.test(p.signature ?? "")) (c.whole ??= new Set()).add(p.name);
  const impl = parents.length ? parents[parents.length - 1]! : undefined;
  const trait = impl?.kind === "impl" ? TRAIT_IMPL.exec(impl.signature ?? "")?.[1]?.split("::").pop() : undefined;
  if (trait) c.viaTrait = { trait, chain: [...chain.slice(0, -1), trait, r.name] };
  if (r.stub || r.decorators?.some((d) => /^@(?:typing\.)?overload$/.test(d))) c.stub = true;
  if (r.declaration) c.declaration = true;
  if (r.arities) c.arities = r.arities;
  for (const d of r.decorators ?? []) {
    if (/^@(?:functools\.)?(?:cached_)?property$/.test(d)) c.role = "get";
    else if (d === `@${r.name}.setter`) c.role = "set";
    else if (d === `@${r.name}.deleter`) c.role = "del";
  }
  const inType = typeContainer(parents);
  if (inType) c.inType = inType;
  return c;
}

/** The trait of `impl<…> path::Trait<…> for Type` (Rust; negative impls too). */
const TRAIT_IMPL = /^(?:unsafe\s+)?impl\b(?:\s*<.*?>)?\s+!?((?:[\w]+::)*[\w]+)(?:<.*>)?\s+for\s/;

function fromCallback(c: CallbackRecord): Candidate {
  const chain = [...(c.parentChain ?? []), c.name];
  return {
    name: c.name, qualified: c.name, chain, kind: c.kind, startLine: c.startLine, endLine: c.endLine,
    signature: c.signature, callback: true, depth: chain.length - 1, span: c.span, chars: c.chars, docStartLine: c.docStartLine,
  };
}

const HANDLE = /@\d+(?:#\d+)?$/;

/** Split `A.B.c`, `A::B::c`, `A#c`, Lua's `A:c` into segments (a callback handle `x.on@12` stays whole). */
export function splitQualified(symbol: string): string[] {
  if (HANDLE.test(symbol)) return [symbol];
  return symbol.split(/::|\.|#|:/).filter(Boolean);
}

/**
 * A name as read_symbol compares it: `operator +`, `operator+` and `operator  +` are one name (outlines
 * keep the grammar's spelling; people write either), so are `operator Value *` and `operator Value*`:
 * after `operator`, a space is kept only between two words (`operator new`, `operator const char*`).
 */
export function nameKey(name: string): string {
  const n = /^(["']).+\1$/s.test(name) ? name.slice(1, -1) : name; // a quoted member (`'~options'`) by its bare name
  const i = n.includes("operator") ? n.search(/\boperator\b/) : -1;
  if (i < 0) return n;
  return n.slice(0, i) + n.slice(i).replace(/\s+/g, (ws: string, at: number, s: string) => (/\w/.test(s[at - 1] ?? "") && /\w/.test(s[at + ws.length] ?? "") ? " " : ""));
}

function matches(c: Candidate, symbol: string, segs: string[]): boolean {
  if (nameKey(c.name) === symbol || nameKey(c.qualified) === symbol) return true;
  if (c.callback || !segs.length) return false;
  if (c.viaTrait && segs.length > 1 && chainEndsWith(c.viaTrait.chain, segs)) return true;
  return chainEndsWith(c.chain, segs, c.whole);
}

function chainEndsWith(chain: string[], segs: string[], whole?: Set<string>): boolean {
  // The query's segments match the trailing segments of the candidate's chain (any depth above it).
  // Names that hold a qualifier themselves (C++ `A::f` declared out of line) are split the same way,
  // so `f`, `A::f` and `A.f` all find it — not a quoted module's (`lodash.debounce`: `debounce` is
  // not it); its whole name is one segment.
  const chainSegs = chain.flatMap((n) => (whole?.has(n) ? [n] : splitQualified(nameKey(n))));
  if (chainSegs.length < segs.length) return false;
  const tail = chainSegs.slice(chainSegs.length - segs.length);
  return tail.every((s, i) => s === segs[i] || s === nameKey(segs[i]!)); // (`A.'foo-bar'` finds A.foo-bar)
}

/**
 * Up to `limit` names most like `symbol` (normalized Levenshtein ≥ 0.45 over names, qualified names
 * and callback handles), best first. A qualified query whose qualifier is wrong still finds the
 * member by its last segment, ranked a little below a full match.
 */
export function suggest(cands: Candidate[], symbol: string, limit = 3): string[] {
  // (Each name with its candidate, offered once by its best name: `Immer.createDraft` and `createDraft` had been two of three.)
  const pool = new Map<string, { s: number; c: Candidate }>();
  const lower = symbol.toLowerCase();
  const segs = splitQualified(symbol);
  const last = segs.length > 1 ? segs[segs.length - 1]!.toLowerCase() : undefined;
  const offer = (n: string, s: number, c: Candidate) => void (s >= SUGGEST_MIN && (pool.get(n)?.s ?? -1) < s && pool.set(n, { s, c }));
  for (const c of cands) {
    if (c.unlisted) continue;
    const h = !c.callback && !c.name.startsWith("#") && hashed(c) ? (n: string) => n.replace(/[^.]*$/, `#${c.name}`) : (n: string) => n; // (JS `#load` as spelled: `Npm.#lod` had offered `Npm.load`)
    for (const n of new Set([c.name, c.qualified].map(h))) offer(n, Math.max(similarity(n, symbol), similarity(n.toLowerCase(), lower) - 0.01), c);
    if (last) offer(h(c.qualified), similarity((c.callback ? c.name.replace(HANDLE, "").split(".").pop()! : h(c.name)).toLowerCase(), last) - 0.05, c);
  }
  const seen = new Set<Candidate>();
  return [...pool.entries()].sort((a, b) => b[1].s - a[1].s || a[0].length - b[0].length || (a[0] < b[0] ? -1 : 1)).filter(([, { c }]) => !seen.has(c) && !!seen.add(c)).slice(0, limit).map(([n]) => n);
}

/** One other candidate in an ambiguity note: `name@line (kind lines)`, a run of overloads by the name that reads it whole. */
function otherRun(g: Candidate[], runs: Candidate[][], shown: Candidate, lines: string[]): string {
  const h = g[0]!;
  // (An overload of the one shown, with its head, clipped — `ArrayList.add@465 (method 465-469: public
  // boolean add(E e))`: overloads differ there, and `add` alone had read a private helper.)
  const head = h.signature && !h.callback && h.qualified === shown.qualified && h.kind === shown.kind ? `: ${distinctHead(fullHead(lines, h), [shown, ...runs.flat()].filter((c) => c.qualified === h.qualified).map((c) => fullHead(lines, c)), h.name)}` : "";
  // (A callback's name is its handle already: `button.onClick@209`, not `…@209@209`.)
  if (g.length === 1) return `${h.callback && HANDLE.test(h.qualified) ? h.qualified : `${h.qualified}@${h.startLine}`} (${where(h)}${head})`;
  const last = g[g.length - 1]!;
  const alone = runs.filter((o) => o[0]!.qualified === h.qualified).length === 1;
  const n = last.stub ? g.length : g.length - 1;
  return `${alone ? h.qualified : `${h.qualified}@${h.startLine}`} (${h.kind} ${h.startLine}-${last.endLine}: ${n} overload signatures${last.stub ? "" : " and the implementation"})`;
}

function where(c: Candidate): string {
  return `${c.kind} ${c.startLine}-${c.endLine}${c.viaTrait ? ` in impl ${c.viaTrait.trait}` : ""}`;
}

export function readSymbol(a: FileAnalysis, symbol: string, opts: ReadSymbolOptions = {}): ReadSymbolResult {
  return lookupSymbol(a, symbol, opts).result;
}

/**
 * read_symbol with what the engine needs to explain a miss: `declaredHere` is true when the name is
 * declared in this file (only `kind` did not match), so the miss is no reason to look elsewhere.
 */
export function lookupSymbol(a: FileAnalysis, symbol: string, opts: ReadSymbolOptions = {}): { result: ReadSymbolResult; declaredHere: boolean; hit?: Candidate; cands: Candidate[]; imported?: ImportedName } {
  const found = (result: ReadSymbolResult, declaredHere = result.found) => ({ result, declaredHere, cands });
  const cands = withOwnNames(candidatesOf(a));
  let want = symbol.trim();
  if (want.length > MAX_SYMBOL) return found(tooLong(a, want));
  // `module.exports = function (…) {…}` is listed as `exports`, `module.exports = Npm` hands on Npm: `module.exports` names it too.
  if (want === "module.exports") want = moduleExportsName(a, cands) ?? want;
  // `Queue.prototype.push`, as the source spells a prototype method, is listed as `Queue.push`.
  // (Not a callback's handle, which keeps the path as written: `Widget.prototype.show@3`.)
  if (/\.prototype\.[^.]/.test(want) && !cands.some((c) => c.chain.includes("prototype")) && !a.callbacks.some((c) => c.name === want)) want = want.replace(/\.prototype(?=\.)/g, "");
  // `exports.transformTo`, `module.exports.x`, as the source spells a CommonJS export, is listed as `transformTo`.
  if (/^(?:module\.)?exports\.[^.]+$/.test(want) && !cands.some((c) => c.chain[0] === "exports" || c.chain[0] === "module")) want = want.replace(/^(?:module\.)?exports\./, "");
  want = spokenForm(a, want, cands, (w) => cands.some((c) => matches(c, nameKey(w), splitQualified(nameKey(w)))));
  const base: ReadSymbolResult = { found: false, path: a.relPath, name: want };
  if (!want) return found({ ...base, error: "symbol name is empty" });
  const key = nameKey(want);
  const segs = splitQualified(key);
  // A candidate whose full qualified name is the query beats one matched by a suffix of its chain
  // (`start` names the top-level `start` before `Server.start`); then the order of read-choices.ts
  // (a definition, a binding, a type-only declaration or a type's member; …); otherwise source order.
  const exact = (c: Candidate) => (nameKey(c.qualified) === key ? 0 : 1);
  // (One declaration found by its name and by an alias ending in it, `List` and `Tabs.List`, is one hit.)
  let hits = cands.filter((c, _, all) => matches(c, key, segs) && !(c.aliasOf && all.some((d) => d.qualified === c.aliasOf && !d.aliasOf && matches(d, key, segs)))).sort(byChoice(exact));
  // Of several, the ones assigned to the path the query spells (`Promise.prototype.settle = …` for that
  // query, `Promise.settle = …` for `Promise.settle`: a static and a prototype method of one name).
  if (!opts.kind) hits = withoutOwnConstructors(forwarded(hits));
  const path = symbol.trim();
  // (Not a data value before code: superjson's `SuperJSON.serialize = ….bind(…)` after the class's own
  // `serialize()` method, whose body is what the name asks for.)
  const code = hits.some((c) => c.kind !== "property");
  const spelled = path.includes(".") ? hits.filter((c) => c.signature?.startsWith(path) && /^\s*=[^=]/.test(c.signature.slice(path.length)) && !(code && c.kind === "property")) : [];
  // (A `kind` picks among all of them.)
  const passedOver = spelled.length && spelled.length < hits.length && !opts.kind ? hits.filter((h) => !spelled.includes(h)) : [];
  if (passedOver.length) hits = spelled;
  // `#x` asks for a `#private` member; a bare `x` prefers a public one of the class (hono's `#req` field and `get req()`:
  // read-choices.ts, the note names the private one); a lone `#x` answers to `x` too.
  const hashQuery = /(?:^|[.:])#[\w$]+$/.test(want);
  if (hashQuery && hits.some(hashed)) hits = hits.filter(hashed);
  // `name@line` (or `name@line-end`, compact's RECOMMENDED handle) picks one of same-named symbols the way a handle picks a callback.
  const at = /^(.+)@(\d+)(?:-(\d+))?$/.exec(key);
  let insideNote: string | undefined;
  if (!hits.length && at) {
    const [, baseName, ln, end] = at as unknown as [string, string, string, string | undefined];
    const line = Number(ln), last = Number(end ?? -1);
    const named = cands.filter((c) => !c.callback && matches(c, baseName, splitQualified(baseName)));
    hits = named.filter((c) => c.startLine === line || readStart(c) === line).sort((x, y) => Number(y.endLine === last) - Number(x.endLine === last) || y.endLine - x.endLine); // (the widest: C's `typedef struct X {…} X;` holds its struct)
    // A line inside one of them (not its first): that one, innermost, said in the note.
    if (!hits.length) {
      const inside = named.filter((c) => readStart(c) <= line && line <= c.endLine).sort((x, y) => x.endLine - x.startLine - (y.endLine - y.startLine));
      if (inside.length) insideNote = `no ${baseName} starts at line ${line}; showing the one whose lines hold it (${baseName}@${inside[0]!.startLine})`;
      hits = inside.slice(0, 1);
    }
  }
  // `name/arity` (Elixir's way to name a function) picks the one of that arity.
  const arity = /^(.+)\/(\d+)$/.exec(key);
  if (!hits.length && arity) hits = cands.filter((c) => c.arities?.includes(Number(arity[2])) && matches(c, arity[1]!, splitQualified(arity[1]!)));
  if (!hits.length) hits = callbackShortForm(cands, key);
  if (!hits.length) hits = byPath(cands, segs, path);
  if (!hits.length) hits = bySelectorKeyword(cands, key);
  // A name that is one symbol's but for case reads it, said so; several such symbols: a miss (read-choices.ts).
  const caseOnly = !hits.length && !moduleBinding(a, want) && !importedName(a, want) ? byCase(cands, key) : undefined;
  if (caseOnly) hits = caseOnly;
  if (opts.kind) {
    const kind = canonicalKind(opts.kind);
    const unknown = unknownKindError(kind, cands);
    if (unknown) return found({ ...base, kind, error: unknown });
    const all = hits;
    hits = hits.filter((c) => c.kind === kind || (kind === "callback" && c.callback));
    if (!hits.length) {
      // Never fall back to a symbol of another kind: say what exists instead.
      if (all.length) {
        const kinds = [...new Set(all.map((c) => c.kind))];
        // (A re-export, `export { ref } from "@vue/reactivity"`, is not declared here: say where it is.)
        const from = all.every((c) => REEXPORT.test(c.signature ?? "")) ? REEXPORT.exec(all[0]!.signature!)![1] : undefined;
        return found({
          ...base,
          kind,
          suggestions: [...new Set(all.map((c) => c.qualified))].slice(0, 3),
          note: from
            ? `no ${kind} named ${want} in ${a.relPath}; ${want} is re-exported here from ${from}, which declares it (listed here as ${all.slice(0, 3).map(where).join(", ")}) — pass kind ${kinds.join(" or ")}, omit kind, or read it in that module`
            : `no ${kind} named ${want} in ${a.relPath}; ${want} is declared as ${kinds.join(", ")} in this file (${all.slice(0, 3).map(where).join(", ")}) — pass one of those kinds or omit kind`,
        }, true);
      }
      const suggestions = suggest(cands.filter((c) => c.kind === kind || (kind === "callback" && c.callback)), want);
      return found({
        ...base,
        kind,
        suggestions,
        note: `no ${kind} named ${want} in ${a.relPath}` + (suggestions.length ? `; did you mean ${suggestions.join(", ")}?` : "") + ` — ${listHint(a)}`,
      });
    }
  }
  if (!hits.length) {
    // `app = Flask(__name__)`, `const log = getLogger()`: a module binding the outline does not list.
    const binding = moduleBinding(a, want);
    if (binding) {
      const setup = setupAfter(a, want, binding.endLine, cands);
      if (setup) binding.endLine = setup.endLine;
      return found({
        found: true,
        path: a.relPath,
        name: want,
        kind: "variable",
        startLine: binding.startLine,
        endLine: binding.endLine,
        source: a.lines.slice(binding.startLine - 1, binding.endLine).join("\n"),
        note: `a module-level binding, not an outline entry (plain variables are not listed)` + (setup ? `; ${setup.note}` : ""),
      });
    }
    const suggestions = suggest(cands, want);
    // A name the file imports: one line saying where from and how to read it there (read-misses.ts).
    const imported = importedName(a, want);
    if (imported) return { ...found({ ...base, suggestions, note: importedNote(imported) }), imported };
    return found({
      ...base,
      suggestions,
      note: `${want} is not declared in ${a.relPath}` + (suggestions.length ? `; did you mean ${suggestions.join(", ")}?` : "; no similar names") + ` — ${listHint(a)}` + (suggestions.length ? "" : `, or find it in other files with symbol_search (CLI: pilens search ${searchTerm(want)})`),
    });
  }
  let hit = hits[0]!;
  // The groups below are of the shown one's kind: a same-named declaration of another kind merged with
  // it (TS `function f` overloads + `namespace f`, or + `type f`) stays a note, not a reason to show one
  // overload alone.
  const same = hits.filter((h) => h.kind === hit.kind && h.qualified === hit.qualified && h.aliasOf === hit.aliasOf);
  const merged = same.length < hits.length && same.length > 1 ? hits.filter((h) => !same.includes(h)) : [];
  const kin = merged.length ? same : hits;
  // A getter and its setter: one read (before overloads: .d.ts gives them as signatures).
  const pair = accessorPair(kin);
  if (pair) hits = [(hit = { ...kin.reduce((x, y) => (y.startLine < x.startLine ? y : x)), endLine: pair.endLine })];
  // Overload signatures with no implementation here (.d.ts, `declare class`): the group is one read.
  const group = pair ? undefined : overloadGroup(kin);
  if (group) hits = [(hit = { ...hit, endLine: group.endLine })];
  // An implementation right after its overload signatures is read with them (their doc is its doc).
  const lead = group ? undefined : leadingOverloads(kin, hit);
  if (lead) hits = [(hit = { ...hit, docStartLine: lead.startLine })];
  if (pair || group || lead) hits.push(...merged);
  // A top-level variable or constant with the statements right after it that set it up (read-setup.ts).
  const setup = setupOf(a, hit, cands);
  if (setup) hit = { ...hit, endLine: setup.endLine };
  const start = readStart(hit);
  if (caseOnly) insideNote = `no ${want} in ${a.relPath}; showing ${hit.aliasOf ?? hit.qualified}, the one symbol whose name is it but for case`;
  const text = symbolText(a, hit, start, hit.endLine);
  const result: ReadSymbolResult = {
    found: true,
    path: a.relPath,
    name: hit.aliasOf ?? hit.qualified,
    kind: hit.kind,
    startLine: start,
    endLine: hit.endLine,
    source: text.source,
  };
  // An alias is an export name (`export { a as alpha }`) or another target of the same assignment
  // (`A.prototype.call = A.prototype.callAsync = function call`), which the head shows.
  const member = hit.aliasOf !== undefined && hit.chain.length > 1 && hit.declaredChain?.length === 1; // `Tabs.List = List`
  const assigned = member || (hit.aliasOf && assignsName(hit.name, hit.signature ?? ""));
  // (Not for the path the declaration itself spells, `ko.Ctx.prototype.extend = function`: that is no other name.)
  const ownPath = !!hit.aliasOf && (hit.signature ?? "").replace(/\s+/g, "").replace(/\[(["'])([\w$]+)\1\]/g, ".$2").startsWith(`${hit.qualified}=`);
  const aliasNote = hit.byOwner ? `listed as ${hit.aliasOf}` : hit.aliasOf && !ownPath ? `${assigned ? "also assigned to" : "exported as"} ${member ? hit.qualified : hit.name}; declared as ${hit.aliasOf}` : undefined;
  const groupNote = pair ? (kin.length === 3 ? "the getter, its setter and its deleter" : "the getter and its setter") : group ? `${group.count} overload signatures, no implementation in this file: all of them` : lead ? `the implementation with its ${lead.count} overload signature${lead.count > 1 ? "s" : ""} before it` : undefined;
  if (text.note || insideNote || aliasNote || groupNote || setup) result.note = [groupNote, aliasNote, insideNote, setup?.note, text.note].filter(Boolean).join("; ");
  if (hit.signature) result.signature = hit.signature;
  const chain = hit.declaredChain ?? hit.chain;
  if (chain.length > 1) result.parentChain = chain.slice(0, -1);
  // (A run of overload signatures and their implementation is one candidate: read-overloads.ts.)
  const runs = hits.length > 1 ? overloadRuns(hits) : [];
  if (runs.length > 1) {
    const kinds = [...new Set(hits.map((h) => h.kind))];
    result.ambiguous = { count: runs.length, kinds };
    const others = runs.filter((g) => !g.includes(hits[0]!)).slice(0, 5).map((g) => otherRun(g, runs, hit, a.lines)).join(", ");
    const pick = kinds.length > 1 ? `pass kind (${kinds.join(", ")}), a qualified name or name@line` : "pass name@line (as listed) to pick one";
    const which = groupNote ? `${hit.qualified} ${hit.kind} ${start}-${hit.endLine}, ${groupNote}` : whyShown(hit, hits, want, exact, where);
    result.note = `${runs.length} symbols match ${want}; showing ${which} — others: ${others}${runs.length > 6 ? ", …" : ""}; ${pick}` + [caseOnly && insideNote, setup?.note, text.note].map((n) => (n ? `; ${n}` : "")).join("");
  }
  if (passedOver.length && !result.ambiguous) spelledNote(result, hit, passedOver, want, path);
  return { result, declaredHere: true, hit, cands };
}

/**
 * Callback handles as people type them: `...` for the handle's `…` (`stream.on(...).on@7`), and the
 * handle's last call alone — `catch@9` for `fetch(url).then(…).catch@9`, `setTimeout` or `it` for
 * every such callback (source order; several are `ambiguous` as duplicates are).
 */
function callbackShortForm(cands: Candidate[], key: string): Candidate[] {
  const want = key.replace(/\.\.\./g, "…");
  const callbacks = cands.filter((c) => c.callback);
  const exact = callbacks.filter((c) => c.name === want);
  if (exact.length) return exact;
  const withLine = HANDLE.test(want);
  const base = (h: string) => h.replace(HANDLE, "");
  // (Qualified by the symbols it lies in, as written: `createParser.parseWithFallback` for the method of
  // an object literal inside createParser, `parseWithFallback@147`.)
  const segs = withLine ? [] : splitQualified(want);
  const inChain = (c: Candidate) => segs.length > 1 && chainEndsWith([...c.chain.slice(0, -1), base(c.name)], segs);
  return callbacks
    .filter((c) => (withLine ? c.name.endsWith(`.${want}`) : base(c.name) === want || base(c.name).endsWith(`.${want}`) || inChain(c)))
    .sort((x, y) => x.startLine - y.startLine);
}
