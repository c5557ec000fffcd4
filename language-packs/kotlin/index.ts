/**
 * Kotlin pack (tuned): `.kt`, `.kts`. Queries say what is declared; this code says what they cannot
 * with the bundled grammar (no field names): interface/enum kinds and companion names from keywords,
 * visibility (public by default; `private`/`internal` hide), `suspend`, annotations that the grammar
 * parks before the declaration, KDoc the grammar files inside a neighbouring node, and `fun
 * interface`, which it cannot parse (masked to `interface`).
 */
import type { Node } from "web-tree-sitter";
import { definePack, type LanguageSpec } from "../../core/plugin.js";
import { STAGE } from "../../core/stages.js";
import { FUNCTION_KINDS, type FileContext, type SymbolRecord } from "../../core/types.js";
import { endLineOf, extraction, partsOf, signatureOf, walk } from "../../core/extract.js";
import { blankOut, clip, collapse } from "../../core/text.js";
import { textDoc } from "../shared/comment-lines.js";
import { foldBlocks } from "../shared/fold-blocks.js";
import { LANGUAGES } from "./languages.js";
import { annotationRunBefore, maskAnnotationRuns } from "./annotation-runs.js";
import { maskClassHeads } from "./class-heads.js";
import { repairParenStatements } from "./paren-statements.js";
import { repairEnumEntryBodies } from "./enum-entries.js";
import { repairCallAssignments } from "./call-assignments.js";
import { repairSoftKeywords } from "./soft-keywords.js";
import { repairExpressionGaps } from "./expression-gaps.js";
import { ancestorVerdict } from "../shared/ancestor-verdict.js";
import { resolveKotlinImports } from "./imports.js";

const q = (f: string) => new URL(`./queries/${f}`, import.meta.url);
const TYPES = new Set(["class", "interface", "enum", "object"]);

/** A `val`/`var` head (no value, no comment) whose delegate opens the next line: `by` and what precedes it. */
const NEXT_LINE_BY = /(\b(?:val|var)[ \t]+[^\n=/{}]*?[^\s=/{}])(\r?\n)([ \t]+)by[ \t]/g;

/**
 * A `where` clause opening a line (`fun <T> f(…): R` ⏎ `where T : A, T : B {`), through its last constraint;
 * also `where` alone on its line, its constraints on the next (react-native: `) : Listener` ⏎ `where` ⏎ `T : A,`).
 */
const WHERE_LINE = /^[ \t]*where(?:[ \t]+|[ \t]*\r?\n[ \t]*)\w+[ \t]*:(?:,[ \t]*\r?\n|[^{=\n])*/gm;

/**
 * What the bundled grammar cannot parse, masked at the same length: `fun interface Op` → `    interface
 * Op` (it predates SAM interfaces); a `where` clause on a line of its own is blanked (the grammar ends
 * the declaration at the line break, and reads `where T : …` plus the body as a call with a trailing
 * lambda) — the signature, read from the real source, keeps it; class heads with a delegation (`L by
 * impl {`) or a primary constructor on the next line (class-heads.ts); `..<` is `.. `.
 */
export function maskKotlin(source: string): string {
  let out = maskClassHeads(maskAnnotationRuns(source.replace(/\bfun(\s+)(?=interface\b)/g, (m) => " ".repeat(m.length))));
  // Kotlin 1.9's `0..<n` (rangeUntil) is `0.. n` to the grammar: a range still.
  if (out.includes("..<")) out = out.replace(/\.\.</g, ".. ");
  // A property's delegate on the next line (`override var menu: Config` ⏎ `    by Delegates.observable(…) {`):
  // the grammar ended the property at the line break and lost the rest of the class. `by` trades places
  // with the line break (` by` ⏎ indentation): every later offset and row stays.
  if (/\n[ \t]+by[ \t]/.test(out)) out = out.replace(NEXT_LINE_BY, (_m, head: string, nl: string, indent: string) => `${head} by${nl}${indent}`);
  return out.includes("where") ? out.replace(WHERE_LINE, blankOut) : out;
}

const specs: LanguageSpec[] = LANGUAGES.map((l) => ({
  ...l,
  grammar: "kotlin",
  recoverBraces: true, // a half-typed edit (core/brace-recovery.ts)
  runOnStrings: ["string_literal", "string_content"], // a `"""` string left open (core/run-on.ts; its text alone in an ERROR when never closed)
  callbackSupport: "tuned",
  // A lambda handed to a call (callbacks.scm), by its callee: coroutine builders — `launch { }`,
  // `scope.async { }`, `withContext(ctx) { }` (Kotlin parses a trailing lambda after arguments as a call
  // of the call `withContext(ctx)`: its handle is `withContext@N`) —, event listeners (`x.setOnClickListener { }`, `flow.collect { }`),
  // any other a lambda.
  callbackRules: [
    { callee: /(?:^|\.)(?:launch|async|withContext|runBlocking|coroutineScope|supervisorScope|flow|channelFlow|produce|actor|future|promise)(?:\((?:[^()]|\([^()]*\))*\))?$/, kind: "coroutine", innerCallee: true },
    { callee: /\.(?:setOn[A-Z]\w*Listener|addListener|add[A-Z]\w*Listener|subscribe|observe|collect|collectLatest|onEach|on[A-Z]\w*|invokeOnCompletion)$/, kind: "event_handler" },
    { callee: /(?:)/, kind: "lambda" },
  ],
  prepareSource: maskKotlin,
  // A statement opening its line with `(` (paren-statements.ts); an enum entry's body closed before
  // `; members` on one line (enum-entries.ts); an assignment to a call result's member (call-assignments.ts);
  // a modifier keyword used as a name (soft-keywords.ts); `!isX ->`, trailing commas, `as?` opening a line,
  // a nested type as a function type's receiver (expression-gaps.ts).
  repair: (text, tree) => {
    const a = repairParenStatements(text, tree) ?? text;
    const b = repairEnumEntryBodies(a, tree) ?? a;
    const c = repairCallAssignments(b, tree) ?? b;
    const d = repairSoftKeywords(c, tree) ?? c;
    const e = repairExpressionGaps(d, tree) ?? d;
    return e === text ? undefined : e;
  },
  extraction: {
    bodyTypes: ["class_body", "enum_class_body", "function_body"],
    commentTypes: ["comment", "line_comment", "multiline_comment"],
    decoratorTypes: ["annotation"],
    // Local functions and classes are nested entries of their function (as in JS/TS, Python, Rust);
    // the overrides of an anonymous `object : Listener { … }` in a function body are not.
    keepInFunction: (r: SymbolRecord) => LOCAL_KINDS.has(r.kind) && !inObjectExpression(r.node),
  },
  queries: { tags: q("tags.scm"), imports: q("imports.scm"), callbacks: q("callbacks.scm"), complexity: q("complexity.scm") },
}));

function modifiers(node: Node | undefined, ctx: FileContext): string[] {
  const mods = node?.namedChildren.find((c) => c?.type === "modifiers");
  return mods ? mods.namedChildren.filter((c) => c && c.type !== "annotation").map((c) => ctx.text(c!)) : [];
}

function keyword(node: Node | undefined, words: string[]): string | undefined {
  for (const c of node?.children ?? []) if (c && !c.isNamed && words.includes(c.type)) return c.type;
  return undefined;
}

/** `@Deprecated("x")` on its own line parses as an expression statement before the declaration. */
function parkedAnnotations(r: SymbolRecord, ctx: FileContext): Node[] {
  const out: Node[] = [];
  let row = r.node!.startPosition.row;
  for (let s = r.node!.previousNamedSibling; s; s = s.previousNamedSibling) {
    const first = s.type === "annotation" ? s : s.namedChild(0);
    if (s.endPosition.row < row - 1 || first?.type !== "annotation" || !/^@/.test(ctx.text(s))) break;
    if (!/^(?:prefix_expression|annotated_expression|annotation)$/.test(s.type)) break;
    out.unshift(s);
    row = s.startPosition.row;
  }
  return out;
}

/** A node inside a class's delegation (`class A : B by inner { … }`), below the nearest class or function body. */
const inDelegation = ancestorVerdict((p) => (p.type === "explicit_delegation" || p.type === "delegation_specifier" ? true : p.type === "class_body" || p.type === "function_body" ? false : undefined));

/** What stands before a `fun interface`'s node on its line: its `fun`. */
const FUN_LEAD = /^fun$/;

const LOCAL_KINDS: ReadonlySet<string> = new Set(["function", "class", "interface", "enum", "object"]);

/**
 * A declaration inside an object expression (`object : Plugin { … }`) below the nearest function body
 * (3,000 nested classes had each walked up to the root: ~11 s; now ~0).
 */
const inObjectExpression = ancestorVerdict((p) => (p.type === "function_body" || p.type === "object_literal" ? p.type === "object_literal" : undefined));

const ACCESSORS: ReadonlySet<string> = new Set(["getter", "setter"]);

/**
 * The bundled grammar parses a property's `get() { … }` / `private set` as the next siblings of its
 * `property_declaration`: the property's range runs to its last accessor, and the declarations inside
 * an accessor (locals, nested by range into the class) are dropped. Recurses into type members.
 */
function widenAccessors(list: SymbolRecord[], spec: LanguageSpec): SymbolRecord[] {
  const accessors: [number, number][] = [];
  for (const r of list) {
    if (r.node?.type !== "property_declaration") continue;
    const sibs = partsOf(r, extraction(spec)).siblings;
    let last: Node | undefined;
    for (let i = (sibs?.index ?? Infinity) + 1; i < (sibs?.list.length ?? 0); i++) {
      const s = sibs!.list[i];
      if (!s || !s.isNamed || /comment/.test(s.type)) continue;
      if (!ACCESSORS.has(s.type)) break;
      last = s;
    }
    if (!last) continue;
    r.endLine = Math.max(r.endLine, endLineOf(last));
    accessors.push([r.node.endIndex, last.endIndex]);
  }
  const kept = accessors.length
    ? list.filter((r) => !r.node || !accessors.some(([s, e]) => r.node!.startIndex >= s && r.node!.endIndex <= e))
    : list;
  for (const r of kept) if (r.members.length && !FUNCTION_KINDS.has(r.kind)) r.members = widenAccessors(r.members, spec);
  return kept;
}

/** `constructor(…) : this(x) { … }`: the grammar has no body node, the head ends at the `{`. */
function constructorHead(r: SymbolRecord, ctx: FileContext, spec: LanguageSpec): void {
  const brace = r.node?.children.find((c) => c?.type === "{");
  if (brace) r.signature = signatureOf(ctx, r.node!, brace, partsOf(r, extraction(spec)).decos) || r.signature;
}

/** Properties whose value is an anonymous object: their members are the object's. */
const OBJECT_VALUE = new WeakSet<SymbolRecord>();

/**
 * The members of a property's anonymous object, `val l = object : Listener { … }` (the object its value,
 * not one inside a lambda or call: `by lazy { object : … }` declares locals); none for other properties.
 */
function objectMembers(r: SymbolRecord): SymbolRecord[] {
  const value = r.node?.type === "property_declaration" ? r.node.namedChildren.find((c) => c?.type === "object_literal") : undefined;
  const body = value?.namedChildren.find((c) => c?.type === "class_body");
  if (!body) return [];
  OBJECT_VALUE.add(r);
  return r.members.filter((m) => m.node?.parent?.id === body.id);
}

function refine(records: SymbolRecord[], ctx: FileContext, spec: LanguageSpec): SymbolRecord[] {
  records = widenAccessors(records, spec);
  for (const [r, parents] of walk(records)) {
    const n = r.node;
    const parent = parents[parents.length - 1];
    const mods = modifiers(n, ctx);
    if (n?.type === "class_declaration") {
      if (keyword(n, ["interface"])) {
        r.kind = "interface";
        // `fun interface Op` was parsed masked as `interface Op`: the signature says `fun` again.
        const kw = n.children.find((c) => c?.type === "interface");
        if (kw && r.signature && !/\bfun\s+interface\b/.test(r.signature) && /\bfun\s+$/.test(ctx.source.slice(Math.max(0, kw.startIndex - 40), kw.startIndex))) {
          r.signature = r.signature.replace(/(^|\s)interface\b/, "$1fun interface");
        }
      } else if (keyword(n, ["enum"]) || mods.includes("enum")) r.kind = "enum";
    }
    // declarations inside property accessors are locals; an enum entry's body (`NotFound(404) { override
    // fun describe() … }`) holds its own members, and so does a property's anonymous object (`val l =
    // object : Listener { override fun onEvent() … }`): the shape its type shows
    if ((r.kind === "property" || r.kind === "variable" || r.kind === "constant") && n?.type !== "enum_entry") {
      r.members = objectMembers(r);
      // `by lazy { … }`, `Delegates.observable(0) { … }`, `= object : L { … }`: `{…}`
      if (r.signature) r.signature = foldBlocks(r.signature);
    }
    if (n?.type === "companion_object") {
      const id = n.namedChildren.find((c) => c?.type === "type_identifier");
      if (id) r.name = ctx.text(id);
    }
    if (r.kind === "function" && parent && (TYPES.has(parent.kind) || parent.node?.type === "enum_entry" || OBJECT_VALUE.has(parent))) r.kind = "method";
    if (r.kind === "property" && mods.includes("const")) r.kind = "constant";
    // (`protected`, as in the Java and C# packs: for subclasses, no API of the module.)
    const hidden = mods.some((m) => m === "private" || m === "internal" || m === "protected");
    r.exported = parent ? parent.exported && !hidden && !FUNCTION_KINDS.has(parent.kind) : !hidden;
    // Only its file can name a `private` declaration (top level: the file; a member: its class, in the
    // file), nor anything inside one: the project graph links no other file's use to it. `internal` is the
    // module's — no API, but other files' uses link (core/graph/visibility.ts).
    if (mods.includes("private") || parent?.fileLocal) r.fileLocal = true;
    if (r.kind === "constant" && n?.type === "enum_entry") r.exported = parent?.exported ?? true;
    if (n && (r.kind === "function" || r.kind === "method" || TYPES.has(r.kind))) {
      const parked = parkedAnnotations(r, ctx);
      if (parked.length) {
        r.decorators = [...parked.map((a) => clip(collapse(ctx.text(a)), 80)), ...(r.decorators ?? [])];
        r.startLine = parked[0]!.startPosition.row + 1;
      }
      // A type's annotations masked before parsing (all but its last: annotation-runs.ts) — before the
      // parked one when the grammar parked its last (`@Target(…)` ⏎ `@Retention(…)` ⏎ `annotation class X`).
      const run = TYPES.has(r.kind) ? annotationRunBefore(ctx.source, parked[0]?.startIndex ?? n.startIndex) : undefined;
      if (run) {
        r.decorators = [...run.annotations.map((a) => clip(collapse(a), 80)), ...(r.decorators ?? [])];
        r.startLine = ctx.source.slice(0, run.start).split("\n").length;
      }
    }
    if (n?.type === "secondary_constructor") constructorHead(r, ctx, spec);
    if ((r.kind === "function" || r.kind === "method") && mods.includes("suspend")) r.flags = ["async", ...(r.flags ?? [])];
  }
  return records;
}

export default definePack({
  meta: { name: "pilens-pack-kotlin", version: "0.1.0", description: "Kotlin (tuned)" },
  languages: specs,
  apply(hooks) {
    for (const spec of specs) {
      const opts = { name: "pack:kotlin", stage: STAGE.PACK };
      hooks.extract.for(spec.id).tap(opts, (records, ctx) => refine(records, ctx, spec));
      // (`fun interface X`: its node starts at `interface`, `fun` masked before parsing.)
      hooks.doc.for(spec.id).tap(opts, (doc, r, ctx) => textDoc(doc, r, ctx, undefined, r.kind === "interface" ? FUN_LEAD : undefined));
      // `class A : B by inner { … }` misparses the class body as a trailing lambda of `inner`.
      hooks.callbacks.for(spec.id).tap(opts, (callbacks) => callbacks.filter((c) => !inDelegation(c.node)));
      // Imports to project files by the package path under the source roots (imports.ts).
      hooks.imports.for(spec.id).tap(opts, (imports, ctx) => resolveKotlinImports(imports, ctx));
    }
  },
});
