/**
 * What the C and C++ packs share and a query cannot say: linkage (`static`, anonymous namespaces),
 * member access, kinds that depend on the enclosing type, out-of-class definitions (`A::f`), typedef
 * signatures, prototypes shadowed by definitions, and `#include` resolution.
 */
import type { Node } from "web-tree-sitter";
import type { FileContext, SymbolRecord } from "../../core/types.js";
import { C_HEADER } from "../../core/files.js";
import { clip, collapse, collapseHead } from "../../core/text.js";
import { MAX_SIGNATURE } from "../../core/extract.js";
import { nearestBefore } from "../../core/siblings.js";
import { staticAliasesOf } from "./static-aliases.js";
import { operatorCastName, operatorName } from "./operators.js";
import { specializationOf } from "./specializations.js";

const TYPES = new Set(["class", "struct", "enum", "interface"]);
const CALLABLE = new Set(["function", "method", "constructor"]);

/**
 * Split `A<T>::B::f` at top-level `::` (not inside template arguments). An operator is the last
 * segment, whole: `A::operator std::vector<int>&`.
 */
export function splitScope(name: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let cur = "";
  for (let i = 0; i < name.length; i++) {
    const ch = name[i]!;
    if (!cur.trim() && /^~?operator\b/.test(name.slice(i).trimStart())) {
      cur = name.slice(i);
      break;
    }
    if (ch === "<") depth++;
    else if (ch === ">") depth = Math.max(0, depth - 1);
    if (depth === 0 && ch === ":" && name[i + 1] === ":") {
      out.push(cur.trim());
      cur = "";
      i++;
      continue;
    }
    cur += ch;
  }
  out.push(cur.trim());
  return out.filter((s, i) => s || i > 0);
}

/** `vector<T>` → `vector` (template arguments do not name a type for matching). */
export function bareName(name: string): string {
  const i = name.indexOf("<");
  return (i > 0 && !name.startsWith("operator") ? name.slice(0, i) : name).trim();
}

function hasStatic(node: Node | undefined, ctx: FileContext): boolean {
  if (!node) return false;
  for (const c of node.namedChildren) if (c?.type === "storage_class_specifier" && ctx.text(c) === "static") return true;
  // `local int f(void)` under `#define local static` (masked by macros.ts: the line before the node).
  const aliases = staticAliasesOf(ctx);
  if (!aliases.size) return false;
  const line = ctx.lines[node.startPosition.row] ?? "";
  const head = line.slice(0, node.startPosition.column) + " " + (/^[A-Za-z_]\w*/.exec(line.slice(node.startPosition.column))?.[0] ?? "");
  return head.trim().split(/\s+/).some((w) => aliases.has(w));
}

function inAnonymousNamespace(node: Node | undefined): boolean {
  for (let p = node?.parent; p; p = p.parent) if (p.type === "namespace_definition" && !p.childForFieldName("name")) return true;
  return false;
}

/** The access of a member declared in a class body: the nearest `public:`/`private:` above it. */
function accessOf(node: Node, parentKind: string, ctx: FileContext): string {
  // Up to the class body, through the `#if` blocks around the member; an access specifier inside an
  // earlier `#if` block counts too (its last one).
  let cur: Node = node;
  for (;;) {
    // (The nearest one before it, read for all members of the body at once: core/siblings.ts.)
    const spec = nearestBefore(cur, "c:access", (s) => (s.type === "access_specifier" ? s : s.type.startsWith("preproc_") ? lastAccess(s) : undefined));
    // (The label's text up to its `:` in the real source: the node spans the masked text's keyword.)
    if (spec) return accessName(/^[^:]*/.exec(ctx.lines[spec.startPosition.row]!.slice(spec.startPosition.column))![0].trim());
    if (!cur.parent || cur.parent.type === "field_declaration_list") break;
    cur = cur.parent;
  }
  const body = cur.parent?.parent;
  return body?.type === "class_specifier" || parentKind === "class" ? "private" : "public";
}

/** A label's access as written (the pack masks macros in it): `public Q_SLOTS` public, `Q_SIGNALS` public, `JSON_PRIVATE_UNLESS_TESTED` private. */
function accessName(label: string): string {
  const named = /^(?:public|protected|private)\b/.exec(label)?.[0] ?? (/^(?:signals|Q_SIGNALS)$/.test(label) ? "public" : undefined);
  return named ?? /PUBLIC|PROTECTED|PRIVATE/.exec(label)?.[0].toLowerCase() ?? label;
}

function lastAccess(n: Node): Node | undefined {
  for (let i = n.namedChildCount - 1; i >= 0; i--) {
    const c = n.namedChild(i);
    const found = c?.type === "access_specifier" ? c : c?.type.startsWith("preproc_") ? lastAccess(c) : undefined;
    if (found) return found;
  }
  return undefined;
}

function inClassBody(node: Node | undefined): boolean {
  for (let p = node?.parent; p; p = p.parent) if (p.type === "field_declaration_list") return true;
  return false;
}

/**
 * One of several declarators (`double x, y;`, `char *name, buf[8];`): the type with its own declarator
 * (`double y`, `char buf[8]`) — each had shown the whole line, two rows reading alike.
 */
function declaratorSignature(r: SymbolRecord, ctx: FileContext): string | undefined {
  const n = r.node;
  if (!n || !r.nameNode || (n.type !== "field_declaration" && n.type !== "declaration")) return undefined;
  const decls = n.childrenForFieldName("declarator").filter((d): d is Node => d !== null);
  if (decls.length < 2) return undefined;
  let own: Node | null = r.nameNode;
  while (own?.parent && own.parent.id !== n.id) own = own.parent;
  if (!own || !decls.some((d) => d.id === own!.id)) return undefined;
  // (Not a prototype the grammar misread as declarators — `FT_Get_Color_Glyph_Paint( FT_Face face, …`:
  // its whole line says more.)
  const type = ctx.source.slice(n.startIndex, decls[0]!.startIndex);
  if (n.hasError || /[()]/.test(type)) return undefined;
  return clip(collapse(type + ctx.text(own)), MAX_SIGNATURE);
}

/** Typedefs of a body (`typedef struct foo {…} foo_t`) read with the body elided. */
function typedefSignature(r: SymbolRecord, ctx: FileContext): string | undefined {
  const n = r.node;
  if (n?.type !== "type_definition") return undefined;
  const spec = n.childForFieldName("type");
  const body = spec?.childForFieldName("body");
  if (!body) return undefined;
  const text = ctx.source.slice(n.startIndex, body.startIndex) + "{…}" + ctx.source.slice(body.endIndex, n.endIndex);
  return clip(collapseHead(text).replace(/\s*;$/, ""), MAX_SIGNATURE);
}

/**
 * A head a preprocessor conditional runs through (`basic_thing(…, size_t __pos,\n#if X … #endif\n) :
 * …`): the head without the directive lines, which are no part of the declaration, nor the branches
 * the parse left out (blank in the text the grammar read: `#if … _Tp& #else void #endif` has one
 * return type).
 */
function headWithoutDirectives(r: SymbolRecord, ctx: FileContext): string | undefined {
  const n = r.node;
  if (!n) return undefined;
  const end = r.bodyNode && r.bodyNode.startIndex > n.startIndex ? r.bodyNode.startIndex : n.endIndex;
  const text = ctx.source.slice(n.startIndex, Math.min(end, n.startIndex + 2000));
  if (!DIRECTIVE_LINE.test(text)) return undefined;
  const real = text.split("\n");
  const parsed = n.text.slice(0, text.length).split("\n");
  const kept: string[] = [];
  let seg: string[] = [];
  let live = false;
  const flush = () => {
    if (live) kept.push(...seg);
    (seg = []), (live = false);
  };
  real.forEach((line, i) => {
    if (DIRECTIVE_LINE.test(line)) return flush();
    seg.push(line);
    live ||= !!parsed[i]?.trim();
  });
  flush();
  const head = collapseHead(kept.join("\n")).replace(/\s*(?:\{|=|:|;)\s*$/, "");
  return clip(head, MAX_SIGNATURE);
}
const DIRECTIVE_LINE = /^[ \t]*#[ \t]*(?:if|ifdef|ifndef|elif|else|endif)\b/m;

/**
 * A macro's signature: the definition on one line, as for an object-like macro's `#define N value` —
 * line continuations and comments out (`#define strdupa(s) (__extension__ ({ const char *__old = …`).
 */
function macroSignature(n: Node, ctx: FileContext): string {
  const text = ctx.source.slice(n.startIndex, Math.min(n.endIndex, n.startIndex + 4 * MAX_SIGNATURE));
  // (A block comment runs to its `*/` across lines — elf.h's `#define SHN_BEFORE 0xff00 /* Order section
  // before all others⏎ (Solaris).  */` —: only a line comment ends at the line's end.)
  const code = text.replace(/\\\r?\n/g, " ").replace(/\/\*[\s\S]*?(?:\*\/|$)|(?<=^|\s)\/\/[^\n]*/g, " ");
  return clip(collapse(code), MAX_SIGNATURE);
}

/** `template <typename T>` heads belong to the signature of what they declare. */
function templatePrefix(node: Node | undefined, ctx: FileContext): string {
  const parts: string[] = [];
  for (let p = node?.parent; p?.type === "template_declaration"; p = p.parent) {
    const params = p.childForFieldName("parameters");
    parts.unshift(`template ${params ? collapseHead(ctx.text(params)) : "<>"}`);
  }
  return parts.length ? parts.join(" ") + " " : "";
}

/**
 * Refine records after the core's generic pass. `records` are top level with members nested by
 * range. Returns the records to keep.
 */
export function refine(records: SymbolRecord[], ctx: FileContext): SymbolRecord[] {
  // (A file without an extension is read only when it names C++ in its mode line: a standard header, `<vector>`.)
  const header = C_HEADER.test(ctx.path) || !/\.[^./\\]*$/.test(ctx.path);
  fixNames(records, ctx);
  hoistTypes(records);
  const out = attachQualified(records);
  dropShadowedPrototypes(out);
  dropGuards(out, ctx);
  visit(out, undefined, ctx, header);
  return out;
}

/** Names from declarators: qualified names keep their scope for attachment, templates lose arguments. */
function fixNames(list: SymbolRecord[], ctx: FileContext): void {
  for (const r of list) {
    if (r.nameNode?.type === "operator_cast") r.name = operatorCastName(r.nameNode, ctx);
    const full = r.attachTo ? `${r.attachTo}::${r.name}` : r.name;
    delete r.attachTo;
    const written = splitScope(full);
    const spec = ctx.language === "cpp" ? specializationOf(r, written, ctx) : undefined;
    if (spec) r.specialization = spec;
    const segs = written.map(bareName).map(operatorName);
    r.name = segs.join("::");
    fixNames(r.members, ctx);
  }
}

/**
 * A struct defined inside a typedef or a variable/field declaration (`typedef struct a {…} a_t`,
 * `struct p {…} origin;`) is listed beside that declaration, not inside it.
 */
function hoistTypes(list: SymbolRecord[]): void {
  for (let i = 0; i < list.length; i++) {
    const r = list[i]!;
    hoistTypes(r.members);
    if (TYPES.has(r.kind) && r.node?.type !== "type_definition") continue;
    if (r.kind === "struct" || r.kind === "enum" || CALLABLE.has(r.kind) || r.kind === "namespace") continue;
    const moved = r.members.filter((m) => TYPES.has(m.kind));
    if (!moved.length) continue;
    r.members = r.members.filter((m) => !TYPES.has(m.kind));
    list.splice(i, 0, ...moved);
    i += moved.length;
  }
}

/** A scope segment of an out-of-class definition's owner (its template arguments are gone by now). */
const OWNER_SEGMENT = /^[A-Za-z_]\w*$/;
const NOT_OWNERS = new Set(["typename", "friend", "template", "typedef", "using"]);

/**
 * Out-of-class definitions `A::B::f` move under `B` inside `A` when the file declares them (searching
 * the list they were found in and its enclosing namespaces); otherwise they keep the qualified name.
 */
function attachQualified(top: SymbolRecord[]): SymbolRecord[] {
  const scopes: SymbolRecord[][] = [];
  const index = new TypeIndex();
  const grown = new Set<SymbolRecord>();
  const go = (list: SymbolRecord[]): SymbolRecord[] => {
    scopes.push(list);
    const kept: SymbolRecord[] = [];
    for (const r of list) {
      if (r.kind === "namespace") {
        r.members = go(r.members);
        index.forget(r.members);
      }
      const segs = CALLABLE.has(r.kind) || TYPES.has(r.kind) ? splitScope(r.name) : [];
      // (A member of a specialization, `vector<bool, _Alloc>::flip`, into that class; the primary's into the primary.)
      const owner = segs.length > 1 ? findType(scopes, segs.slice(0, -1), index, CALLABLE.has(r.kind) ? (r.specialization ?? "") : undefined) : undefined;
      if (owner && owner !== r) {
        r.name = segs[segs.length - 1]!;
        owner.members.push(r);
        if (TYPES.has(r.kind)) index.forget(owner.members);
        grown.add(owner); // sorted once at the end: sorting per definition was quadratic
      } else {
        if (segs.length > 1 && r.kind === "function") r.kind = "method";
        if (segs.length > 1) {
          // Owner declared elsewhere: named `f` (as ctags and IDE outlines do), the owner kept for
          // read_symbol (`A::f`) and shown by the signature (`void A::f(int)`).
          r.name = segs[segs.length - 1]!;
          // (Not a scope a macro-confused parse made of the return type: `typename::iterator_traits`.)
          if (segs.slice(0, -1).every((s) => OWNER_SEGMENT.test(s) && !NOT_OWNERS.has(s))) r.attachTo = segs.slice(0, -1).join("::");
        }
        kept.push(r);
      }
    }
    scopes.pop();
    return kept;
  };
  const out = go(top);
  for (const owner of grown) owner.members.sort((a, b) => a.startLine - b.startLine);
  return out;
}

/** Per list, the first type or namespace of each name (what `find` returned), built on first use. */
class TypeIndex {
  private readonly byList = new WeakMap<SymbolRecord[], Map<string, SymbolRecord>>();
  /** (`spec`: of the specialization with those arguments, "" the primary's — SymbolRecord.specialization —, none either.) */
  get(list: SymbolRecord[], name: string, spec?: string): SymbolRecord | undefined {
    let m = this.byList.get(list);
    if (!m) {
      m = new Map();
      for (const r of list) {
        if (!TYPES.has(r.kind) && r.kind !== "namespace") continue;
        if (!m.has(r.name)) m.set(r.name, r);
        const k = `${r.name}\u0000${r.specialization ?? ""}`;
        if (!m.has(k)) m.set(k, r);
      }
      this.byList.set(list, m);
    }
    return m.get(spec === undefined ? name : `${name}\u0000${spec}`);
  }
  /** A list that changed (a type moved in, a namespace's members replaced). */
  forget(list: SymbolRecord[]): void {
    this.byList.delete(list);
  }
}

function findType(scopes: SymbolRecord[][], path: string[], index: TypeIndex, spec?: string): SymbolRecord | undefined {
  for (let i = scopes.length - 1; i >= 0; i--) {
    let list: SymbolRecord[] | undefined = scopes[i];
    let found: SymbolRecord | undefined;
    for (const [k, seg] of path.entries()) {
      found = list ? index.get(list, seg, k === path.length - 1 ? spec : undefined) : undefined;
      list = found?.members;
      if (!found) break;
    }
    if (found) return found;
  }
  return undefined;
}

/**
 * Include guards with a value (`#ifndef _STRING_H` / `#define _STRING_H 1`) are no API: a macro
 * defined on the first code line after an `#ifndef` of its name (comments between allowed) that opens
 * the file (`#ifndef BUFSIZE` / `#define BUFSIZE 4096` further down is a default, and listed).
 */
function dropGuards(list: SymbolRecord[], ctx: FileContext): void {
  for (let i = list.length - 1; i >= 0; i--) {
    const r = list[i]!;
    if (r.kind !== "macro") continue;
    for (let l = r.startLine - 2; l >= 0; l--) {
      const t = ctx.lines[l]!.trim();
      if (!t || /^(?:\/\/|\/\*|\*)/.test(t)) continue;
      const m = /^#\s*(?:ifndef\s+(\w+)|if\s+!\s*defined\s*\(?\s*(\w+))/.exec(t);
      if (m && (m[1] ?? m[2]) === r.name && firstCode(ctx, l)) list.splice(i, 1);
      break;
    }
  }
  for (const r of list) if (r.kind === "namespace") dropGuards(r.members, ctx);
}

/** Line `line` (0-based) is the file's first code: only comments and blank lines above it. */
function firstCode(ctx: FileContext, line: number): boolean {
  const above = ctx.lines.slice(0, line).join("\n");
  return !above.replace(/\/\*[\s\S]*?\*\//g, "").replace(/\/\/.*$/gm, "").replace(/^\s*#\s*pragma\s+once\b.*$/m, "").trim();
}

/**
 * The in-class declaration a kept definition stands for (`double area() const;` in the class, `double
 * Circle::area() const {…}` after it): its access and doc are the definition's.
 */
const declarationOf = new WeakMap<SymbolRecord, SymbolRecord>();

/** The in-class declaration a definition replaced (the packs' doc taps read its doc when the definition has none). */
export function declarationFor(r: SymbolRecord): SymbolRecord | undefined {
  return declarationOf.get(r);
}

/** `(int a, const T& b)` with names and spaces left out, to pair an overload with its declaration. */
function paramTypes(r: SymbolRecord): string | undefined {
  let d = r.node?.childForFieldName("declarator");
  while (d && d.type !== "function_declarator") d = d.childForFieldName("declarator");
  const ps = d?.childForFieldName("parameters");
  if (!ps) return undefined;
  return ps.namedChildren.map((p) => (p?.childForFieldName("type")?.text ?? p?.text ?? "").replace(/\s+/g, "")).join(",");
}

/**
 * A prototype is noise beside the definition of the same function in the same scope — one of several
 * same-named prototypes only when a definition has its parameter types: the others declare other
 * overloads (QTimer's `void start(int msec);` and `void start();` beside the inline `start(milliseconds)`
 * had been dropped).
 */
function dropShadowedPrototypes(list: SymbolRecord[]): void {
  const protos = new Map<string, SymbolRecord[]>();
  for (const r of list) if (r.props?.prototype === "true") protos.set(r.name, [...(protos.get(r.name) ?? []), r]);
  const defined = new Map<string, Set<string | undefined>>();
  for (const r of list) {
    if (!CALLABLE.has(r.kind) || r.props?.prototype === "true") continue;
    const same = protos.get(r.name);
    if (!defined.has(r.name)) defined.set(r.name, new Set());
    if (same && same.length > 1) defined.get(r.name)!.add(paramTypes(r));
    const decl = same?.length === 1 ? same[0] : same?.find((p) => paramTypes(p) === paramTypes(r));
    if (decl) declarationOf.set(r, decl);
  }
  for (let i = list.length - 1; i >= 0; i--) {
    const r = list[i]!;
    const types = r.props?.prototype === "true" ? defined.get(r.name) : undefined;
    if (types && (protos.get(r.name)!.length === 1 || types.has(paramTypes(r)))) list.splice(i, 1);
  }
  for (const r of list) dropShadowedPrototypes(r.members);
}

function visit(list: SymbolRecord[], parent: SymbolRecord | undefined, ctx: FileContext, header: boolean): void {
  const owner = parent && TYPES.has(parent.kind) ? parent : undefined;
  for (const r of list) {
    const segs = splitScope(r.name);
    const last = segs[segs.length - 1] ?? r.name;
    const outOfLine = r.attachTo ? splitScope(r.attachTo) : [];
    const typeName = owner ? owner.name : segs.length > 1 ? segs[segs.length - 2] : outOfLine[outOfLine.length - 1];
    if (CALLABLE.has(r.kind) && typeName) {
      if (last === typeName) r.kind = "constructor";
      else if (owner || r.kind === "method" || last.startsWith("~")) r.kind = "method";
    }
    if (owner && r.kind === "variable") r.kind = "field";
    if (!owner && r.kind === "variable" && /^(?:(?:static|inline|[A-Z][A-Z0-9]*_[A-Z0-9_]*)\s+)*(?:constexpr|const)\b/.test(r.signature ?? "")) r.kind = "constant";
    if (r.kind === "variable" && r.bodyNode && r.node && /lambda_expression/.test(r.bodyNode.parent?.type ?? "")) r.kind = "function";
    const prefix = templatePrefix(r.node, ctx);
    const sig = typedefSignature(r, ctx) ?? headWithoutDirectives(r, ctx) ?? declaratorSignature(r, ctx) ?? r.signature;
    if (sig) r.signature = clip(prefix + sig, MAX_SIGNATURE);
    if (r.kind === "macro" && r.node) r.signature = macroSignature(r.node, ctx);
    if (r.kind === "macro") r.exported = header;
    else if (parent?.kind === "enum") r.exported = parent.exported;
    else if (owner) {
      // An out-of-class definition has the access of its declaration in the class.
      const at = inClassBody(r.node) ? r.node : declarationOf.get(r)?.node ?? r.node;
      r.exported = owner.exported && (at ? accessOf(at, owner.kind, ctx) === "public" : true);
    }
    else r.exported = !hasStatic(r.node, ctx) && !inAnonymousNamespace(r.node) && !(parent && !parent.exported);
    visit(r.members, r, ctx, header);
  }
}

/** C++20 coroutines: a body that suspends. */
export function isCoroutine(r: SymbolRecord, ctx: FileContext): boolean {
  return !!r.bodyNode && /\bco_(?:await|yield|return)\b/.test(ctx.text(r.bodyNode));
}
