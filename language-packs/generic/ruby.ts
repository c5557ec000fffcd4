/**
 * Ruby: what the tags query cannot say. Visibility is positional (`private` on its own line changes
 * every later `def` of that body; `private def x`, `private_class_method def self.x`, `private :x`, `private_class_method :x`,
 * `private_constant :X` name one, and so do their `public` forms — the last call naming it wins), and
 * symbol names arrive with their leading colon. Docs are `#`
 * blocks or `=begin … =end`, without RDoc's directives and headings.
 */
import type { Node } from "web-tree-sitter";
import { walk } from "../../core/extract.js";
import { nearestBefore } from "../../core/siblings.js";
import { commentAbove } from "../../core/doc.js";
import type { LanguageSpec } from "../../core/plugin.js";
import { clip, collapse, stripCommentMarkers } from "../../core/text.js";
import { MAX_SIGNATURE } from "../../core/heads.js";
import { headSignature } from "./heuristic.js";
import type { FileContext, SymbolRecord } from "../../core/types.js";

const VISIBILITY = /^(private|protected|public|module_function)$/;
/**
 * Hooks Ruby makes private whatever the visibility around them says, and no code calls by name. Not
 * `initialize`: private too, but it is the constructor `new` calls — its parameters are the class's API, as
 * Python's `__init__` and a JS `constructor` are listed exported.
 */
const ALWAYS_PRIVATE = new Set(["initialize_copy", "initialize_clone", "initialize_dup", "respond_to_missing?"]);

/**
 * The spec's prepareSource: `def !=(other)` masked to `def ==(other)` (same length). The grammar reads
 * `def !` plus an endless `=(other) …`, which ends the enclosing class early; the name is read from the
 * real source, so the entry is still `!=`. Also `def self.!=`.
 */
export function maskRuby(source: string): string {
  if (!source.includes("!=")) return source;
  return source.replace(/(\bdef[ \t]+(?:(?:self|[A-Z]\w*)\.)?)!=/g, "$1==");
}

/** The statement that stands for a record in its body (`private def x` → the `private` call). */
function statementOf(node: Node): Node {
  let cur = node;
  while (cur.parent && (cur.parent.type === "argument_list" || (cur.parent.type === "call" && cur.parent.childForFieldName("arguments")))) {
    if (cur.parent.type === "argument_list") cur = cur.parent;
    else cur = cur.parent;
  }
  return cur;
}

function callName(node: Node, ctx: FileContext): string | undefined {
  if (node.type !== "call" || node.childForFieldName("receiver")) return undefined;
  const m = node.childForFieldName("method");
  return m ? ctx.text(m) : undefined;
}

function symbolArgs(node: Node, ctx: FileContext): string[] {
  const args = node.childForFieldName("arguments");
  if (!args) return [];
  return args.namedChildren.filter((c) => c && (c.type === "simple_symbol" || c.type === "string")).map((c) => ctx.text(c!).replace(/^:|^["']|["']$/g, ""));
}

/** The visibility calls that name what they change: hidden (`private`, `protected`, …) or not (`public`, …). */
const NAMING_CALLS: Record<string, boolean> = { private: true, protected: true, private_class_method: true, private_constant: true, public: false, public_class_method: false, public_constant: false };

/**
 * Names a body's visibility calls set — `private :a, :b`, `protected :a`, `private_class_method :a`,
 * `private_constant :A` hide them, `public :a`, `public_class_method :a`, `public_constant :A` show them —
 * each by the last call naming it (`private` ⏎ … ⏎ `public :initialize`: public), true when hidden.
 */
function namedVisibility(body: Node, ctx: FileContext): Map<string, boolean> {
  const out = new Map<string, boolean>();
  for (const s of body.namedChildren) {
    if (!s) continue;
    const name = callName(s, ctx);
    const hides = name !== undefined && Object.hasOwn(NAMING_CALLS, name) ? NAMING_CALLS[name] : undefined;
    if (hides !== undefined) for (const a of symbolArgs(s, ctx)) out.set(a, hides);
  }
  return out;
}

/** Is a member hidden by the visibility rules of the body it is declared in? */
function isHidden(r: SymbolRecord, ctx: FileContext, cache: Map<number, Map<string, boolean>>): boolean {
  const node = r.node;
  if (!node) return false;
  const stmt = statementOf(node);
  const body = stmt.parent;
  if (!body) return false;
  let named = cache.get(body.id);
  if (!named) cache.set(body.id, (named = namedVisibility(body, ctx)));
  const said = named.get(r.name);
  if (said !== undefined) return said;
  // `class << self … end` methods: `private_class_method :x` sits in the class body around it.
  const outerBody = body.parent?.type === "singleton_class" ? body.parent.parent : null;
  if (outerBody) {
    let outer = cache.get(outerBody.id);
    if (!outer) cache.set(outerBody.id, (outer = namedVisibility(outerBody, ctx)));
    const outerSaid = outer.get(r.name);
    if (outerSaid !== undefined) return outerSaid;
  }
  // `private def x` / `private attr_reader :x`
  if (stmt !== node) {
    const wrap = callName(stmt, ctx);
    if (wrap === "private" || wrap === "protected" || wrap === "private_class_method") return true;
    if (wrap === "public" || wrap === "public_class_method") return false;
  }
  // `def initialize_copy`, `respond_to_missing?` … are private in any section.
  if (node.type === "method" && ALWAYS_PRIVATE.has(r.name)) return true;
  // `def self.x` is not affected by a bare `private`; constants are not either.
  if (node.type === "singleton_method" || r.kind === "constant" || r.kind === "class" || r.kind === "module") return false;
  // (The nearest visibility word before it, read for all statements of the body at once: core/siblings.ts.)
  const word = nearestBefore(stmt, "ruby:visibility", (s) => {
    const w = s.type === "identifier" ? ctx.text(s) : callName(s, ctx) && !s.childForFieldName("arguments") ? callName(s, ctx) : undefined;
    return w && VISIBILITY.test(w) ? w : undefined;
  });
  return word === "private" || word === "protected";
}

/**
 * A one-line head without the `end` that closes it on the same line: `def one; end`, `class E < S; end`,
 * and — when the node is one line whose last token is that `end` — `def f(a, b = 1) end` (no `;`).
 */
function withoutEnd(sig: string | undefined, node: Node | undefined): string | undefined {
  const cut = sig?.replace(/\s*;\s*end$/, "");
  if (!cut || node?.lastChild?.type !== "end" || node.startPosition.row !== node.endPosition.row) return cut;
  return cut.replace(/\s+end$/, "");
}

export function refineRuby(records: SymbolRecord[], ctx: FileContext): SymbolRecord[] {
  const cache = new Map<number, Map<string, boolean>>();
  for (const [r, parents] of walk(records)) {
    if (r.name.startsWith(":")) r.name = r.name.slice(1);
    // `class Thor::Group` is named `Group` (as ctags names it) and is Thor's: its owner is the scope
    // written before the name, as written (`A::B::C` → `A::B`), so `read FILE Thor::Group.desc` finds
    // its members; the core moves it into a `Thor` the file declares beside it (core/attach.ts).
    const scope = (r.kind === "class" || r.kind === "module") && r.node?.childForFieldName("name")?.type === "scope_resolution" ? r.node.childForFieldName("name")!.childForFieldName("scope") : null;
    if (scope && !r.attachTo) r.attachTo = ctx.text(scope).replace(/^::/, "");
    const parent = parents[parents.length - 1];
    r.exported = (parent ? parent.exported : true) && !isHidden(r, ctx, cache);
    // `alias new= old=` / `alias_method :store, :[]=`: the line as written (a trailing `=` is a name's).
    if (r.node && (r.node.type === "alias" || (r.node.type === "call" && callName(r.node, ctx) === "alias_method"))) {
      r.signature = clip(collapse(ctx.text(r.node).split("\n")[0]!.replace(/\s*;\s*$/, "")), MAX_SIGNATURE);
    }
    // Records without a body node (Struct.new blocks, one-line classes) keep their first line.
    else if (r.signature && r.node && !r.bodyNode) r.signature = withoutEnd(headSignature(ctx, r.node), r.node) ?? r.signature;
    else if (r.signature) r.signature = withoutEnd(r.signature, r.node);
  }
  return records;
}

const MAGIC_LINE = /^#!|^#\s*(?:frozen_string_literal|encoding|coding|warn_indent|-\*-)/;
/** RDoc directives (`:call-seq:`, `:nodoc:`, `:stopdoc:`, `:method: name`, `:section: Name`, …), alone on a line. */
const DIRECTIVE = /^:[a-z][\w-]*:(?:\s|$)/;
/** RDoc headings (`= Title`, `== Heading`, `=== Heading`). */
const HEADING = /^=+\s/;

/**
 * The doc of a Ruby record: the comment block above (the core found it), without magic comments and
 * shebangs, RDoc directives (a `:call-seq:` block runs to the next blank comment line) and headings;
 * an `=begin … =end` block without its markers. `""` when nothing is left (no doc).
 */
export function rubyDoc(doc: string | undefined, r: SymbolRecord, ctx: FileContext, spec: LanguageSpec): string | undefined {
  if (doc === undefined) return doc;
  const c = commentAbove(ctx, spec, r);
  if (!c) return doc;
  const block = /^=begin\b/.test(c.text);
  const lines = c.text.split(/\r?\n/);
  if (block) {
    lines.shift();
    if (/^=end\b/.test(lines[lines.length - 1]?.trim() ?? "")) lines.pop();
  }
  const kept: string[] = [];
  let callSeq = false;
  for (const raw of lines) {
    const t = raw.trim();
    if (!block && MAGIC_LINE.test(t)) continue;
    const body = block ? t : t.replace(/^#+\s?/, "");
    if (callSeq) {
      if (body.trim()) continue;
      callSeq = false;
    }
    if (DIRECTIVE.test(body)) {
      callSeq = body.startsWith(":call-seq:");
      continue;
    }
    if (HEADING.test(body)) continue;
    kept.push(block ? `# ${body}` : raw);
  }
  return stripCommentMarkers(kept.join("\n"));
}
