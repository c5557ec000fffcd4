/**
 * Swift pack (tuned): `.swift`. Queries say what is declared; this code says what they cannot: the
 * keyword behind `class_declaration` (class, struct, enum, extension, actor), access (`public`/`open`
 * export; extension members follow `public extension`), `async`, `///` docs, and how closures
 * capture `self` (`[weak self]` vs a strong capture in a closure that escapes); maskSwift blanks what the
 * grammar cannot read.
 */
import type { Node } from "web-tree-sitter";
import { definePack, type LanguageSpec } from "../../core/plugin.js";
import { STAGE } from "../../core/stages.js";
import type { CallbackRecord, FileContext, SymbolKind, SymbolRecord } from "../../core/types.js";
import { walk } from "../../core/extract.js";
import { blankOut, clip, collapse } from "../../core/text.js";
import { docCommentsOnly, textDoc } from "../shared/comment-lines.js";
import { foldBlocks } from "../shared/fold-blocks.js";
import { LANGUAGES } from "./languages.js";
import { maskRawStrings } from "./raw-strings.js";

const q = (f: string) => new URL(`./queries/${f}`, import.meta.url);
const TYPES = new Set(["class", "struct", "enum", "extension", "protocol"]);
const KEYWORD_KIND: Record<string, SymbolKind> = { class: "class", struct: "struct", enum: "enum", extension: "extension", actor: "class" };
/** Calls whose closure argument runs before the call returns: a strong `self` there is no retain risk. */
const NON_ESCAPING = /(?:^|\.)(?:map|compactMap|flatMap|filter|reduce|forEach|first|contains|allSatisfy|sorted|sort|min|max|drop|prefix|partition|removeAll|firstIndex|lastIndex|withLock|sync|withUnsafe\w*|measure|autoreleasepool|lazy|zip|joined)$/;

/** `associatedtype Body: Reducer = Self where Body.State == State`: the `where …` tail after a default (and its `,`-continued lines). */
const ASSOC_WHERE = /^([ \t]*(?:[\w@()]+[ \t]+)*associatedtype[ \t][^=\n]*=[^\n]*?)(\bwhere\b(?:,[ \t]*\n|[^\n])*)/gm;

/**
 * Swift 5.9–6 forms the bundled grammar predates, blanked at the same length (QA 45k, expo-modules-core
 * and vision-camera): `~Copyable` / `~Escapable` in an inheritance clause or constraint (the type was
 * lost, its members top-level functions) read as a plain conformance; `nonisolated(unsafe)` (a class's
 * members were lost; a local with it was an error); a `sending` parameter or result type; typed
 * `throws(E)`'s `(E)`; a raw identifier's spaces and punctuation (``func `emit: no payload`()``, as `_`).
 * The signatures and names, read from the real source, keep them.
 */
const SUPPRESSED = /~(?=(?:Copyable|Escapable)\b)/g;
const NONISOLATED_UNSAFE = /\bnonisolated\(unsafe\)/g;
const UNSAFE_BEFORE = /\bnonisolated\(unsafe\)[ \t]+$/;
const UNSAFE_LEAD = /^(?:@\w+(?:\([^)]*\))?\s+)*nonisolated\(unsafe\)$/;
/** A raw identifier (Swift 6: swift-testing's ``func `emit: no payload`()``): its other characters as `_`. */
const RAW_IDENTIFIER = /(?<=\b(?:func|var|let|case)[ \t]+)`[^`\n"\\]*[^\w`\n"\\][^`\n"\\]*`/g;
const SENDING = /(?<=(?:[:(,]|->)[ \t]*(?:(?:consuming|borrowing|inout|__owned)[ \t]+)?)sending(?=[ \t]+[@\w(\[])/g;
const TYPED_THROWS = /(?<=\b(?:re)?throws)\([\w.]*\)/g;

/**
 * The spec's prepareSource: the bundled grammar cannot read an associated type with both a default and
 * a `where` clause (the whole protocol became an ERROR region); the clause is blanked at the same
 * length, and the signature takes it back from the real source. Newer forms above are blanked too.
 */
export function maskSwift(source: string): string {
  let out = source.includes('#"') ? maskRawStrings(source) : source; // raw-strings.ts: the grammar reads them once a process
  if (out.includes("~")) out = out.replace(SUPPRESSED, " ");
  if (out.includes("nonisolated(")) out = out.replace(NONISOLATED_UNSAFE, blankOut);
  if (out.includes("sending")) out = out.replace(SENDING, blankOut);
  if (out.includes("throws(")) out = out.replace(TYPED_THROWS, blankOut);
  if (out.includes("`")) out = out.replace(RAW_IDENTIFIER, (m) => `\`${m.slice(1, -1).replace(/\W/g, "_")}\``);
  if (!out.includes("associatedtype")) return out;
  return out.replace(ASSOC_WHERE, (_m, head: string, tail: string) => head + blankOut(tail));
}

const specs: LanguageSpec[] = LANGUAGES.map((l) => ({
  ...l,
  grammar: "swift",
  recoverBraces: true, // a half-typed edit (core/brace-recovery.ts)
  runOnStrings: ["multi_line_string_literal", "line_string_literal"], // a string left open (core/run-on.ts; the grammar lets a `"` string run over lines)
  callbackSupport: "tuned",
  // A trailing closure by its callee (callbacks.scm): `Task { }`, `queue.async { }`, `Task.detached { }`,
  // `DispatchQueue.main.asyncAfter(…) { }` are tasks; timers; Combine/SwiftUI observers; any other a closure.
  callbackRules: [
    { callee: /^(?:Task|withTaskGroup|withThrowingTaskGroup|withCheckedContinuation|withCheckedThrowingContinuation)$/, kind: "task" },
    { callee: /\.(?:async|asyncAfter|sync|detached|addTask|perform)$/, kind: "task" },
    { callee: /\.(?:scheduledTimer|schedule|publish)$/, kind: "timer_callback" },
    { callee: /\.(?:sink|onReceive|onChange|onAppear|onDisappear|addObserver|observe|subscribe|on[A-Z][A-Za-z]*)$/, kind: "event_handler" },
    { callee: /(?:)/, kind: "closure" },
  ],
  prepareSource: maskSwift,
  extraction: {
    commentTypes: ["comment", "multiline_comment"],
    // subscripts and computed properties have no body field; their accessor block is the body
    bodyTypes: ["computed_property", "protocol_property_requirements"],
    decoratorTypes: ["attribute"],
    // nested functions and types are nested entries of their function (as in JS/TS, Python, Rust)
    keepInFunctions: ["function", "class", "struct", "enum", "protocol"] as SymbolKind[],
  },
  queries: { tags: q("tags.scm"), imports: q("imports.scm"), callbacks: q("callbacks.scm"), complexity: q("complexity.scm") },
}));

function keywordOf(node: Node): string | undefined {
  for (const c of node.children) if (c && !c.isNamed && c.type in KEYWORD_KIND) return c.type;
  return undefined;
}

function visibility(node: Node | undefined, ctx: FileContext): string | undefined {
  const mods = node?.namedChildren.find((c) => c?.type === "modifiers");
  for (const m of mods?.namedChildren ?? []) if (m?.type === "visibility_modifier") return ctx.text(m).replace(/\(.*$/, "").trim();
  return undefined;
}

/**
 * Whether the declaration says `private` or `fileprivate`: its file's alone (`private(set)` limits a setter only,
 * `public private(set) var` is read everywhere).
 */
function saysFileLocal(node: Node | undefined, ctx: FileContext): boolean {
  const mods = node?.namedChildren.find((c) => c?.type === "modifiers");
  for (const m of mods?.namedChildren ?? []) if (m?.type === "visibility_modifier" && /^(?:file)?private$/.test(ctx.text(m).replace(/\s+/g, ""))) return true;
  return false;
}

function isAsync(node: Node): boolean {
  for (const c of node.children) if (c && !c.isNamed && c.type === "async") return true;
  return false;
}

/**
 * `{ get }`, `{ get set }`, `{ get async throws }` for a declaration with a computed body or a protocol's
 * requirements (the body itself is not the signature's): a getter-only shorthand (`var body: some View
 * { … }`) is `{ get }`; a `set` or `_modify` accessor makes it `get set`. An accessor's mutation modifier
 * where it is not the default, as Swift's interfaces print it: `{ mutating get }` (the getter as written),
 * `{ get nonmutating set }` (a setter's `mutating` is the default: `{ get set }`).
 */
function accessorsOf(n: Node, ctx: FileContext): string | undefined {
  const block = n.namedChildren.find((c) => c?.type === "computed_property" || c?.type === "protocol_property_requirements");
  if (!block) return undefined;
  const parts = block.type === "computed_property" ? block.namedChildren.filter((c) => c && /^computed_(?:getter|setter|modify)$/.test(c.type)).map((c) => c!.namedChildren.find((s) => s?.type.endsWith("_specifier"))) : block.namedChildren;
  const words = parts.map((p) => (p ? collapse(ctx.text(p)) : "")).filter(Boolean);
  const get = words.find((w) => /\bget\b/.test(w)) ?? "get";
  const setter = words.filter((w) => /\b(?:set|_modify|modify)\b/.test(w));
  const set = setter.length ? (setter.some((w) => /\bnonmutating\b/.test(w)) ? " nonmutating set" : " set") : "";
  return `{ ${get}${set} }`;
}

function refine(records: SymbolRecord[], ctx: FileContext): SymbolRecord[] {
  for (const [r, parents] of walk(records)) {
    const n = r.node;
    const parent = parents[parents.length - 1];
    if (n?.type === "class_declaration") r.kind = KEYWORD_KIND[keywordOf(n) ?? "class"] ?? "class";
    // declarations inside property accessors are locals
    if (r.kind === "property" || r.kind === "variable" || r.kind === "constant") {
      r.members = [];
      // `{ didSet { … } }`: `{…}`
      if (r.signature) r.signature = foldBlocks(r.signature);
      // `nonisolated(unsafe)` masked before parsing: the node starts after it
      if (n && r.signature && UNSAFE_BEFORE.test(ctx.source.slice(Math.max(0, n.startIndex - 40), n.startIndex))) r.signature = clip(`nonisolated(unsafe) ${r.signature}`, 160);
    }
    // A computed property's or a subscript's accessors (a protocol's requirements), as Swift's interfaces write them.
    const acc = n && r.signature ? accessorsOf(n, ctx) : undefined;
    if (acc && !r.signature!.endsWith("}")) r.signature = clip(`${r.signature} ${acc}`, 160);
    if (r.kind === "extension") r.name = r.name.replace(/<.*$/s, "");
    // a `where` clause maskSwift blanked: the rest of the line (and its `,`-continued lines)
    if (n?.type === "associatedtype_declaration" && r.signature) {
      const tail = /^[ \t]*(where\b(?:,[ \t]*\n|[^\n])*)/.exec(ctx.source.slice(n.endIndex))?.[1];
      if (tail) r.signature = collapse(`${r.signature} ${tail.replace(/\s*\/\/.*$/gm, "")}`);
    }
    if (r.kind === "function" && parent && TYPES.has(parent.kind)) r.kind = "method";
    if (r.kind === "property" && !parent && n) r.kind = /^\s*(?:@\w+\s+)*(?:\w+\s+)*let\b/.test(ctx.text(n).split("=")[0]!) ? "constant" : "variable";
    const vis = visibility(n, ctx);
    const open = vis === "public" || vis === "open";
    if (!parent) r.exported = open;
    else if (r.kind === "constant" && n?.type === "enum_entry") r.exported = parent.exported;
    else if (parent.kind === "protocol") r.exported = parent.exported;
    // members of `public extension X` are public unless they say otherwise
    else if (parent.kind === "extension") r.exported = vis ? open : parent.exported;
    else r.exported = parent.exported && open;
    // (The project graph links no other file's use to it: the members of a `private` type or extension too.)
    if (saysFileLocal(n, ctx) || parent?.fileLocal) r.fileLocal = true;
    if (n && (r.kind === "function" || r.kind === "method" || r.kind === "constructor") && isAsync(n)) r.flags = ["async", ...(r.flags ?? [])];
  }
  settleExtensions(records);
  return records;
}

/**
 * An extension has no access level of its own beyond a default for its members: it is API when it
 * says `public`/`open` or when any member is public (`extension Circle: CustomStringConvertible {
 * public var description … }`). Members of an extension of a type this file declares without
 * `public`/`open` are not exported, whatever they say (Swift caps them at the type's access).
 */
function settleExtensions(top: SymbolRecord[]): void {
  const types = new Map<string, SymbolRecord>();
  for (const r of top) if (r.kind !== "extension" && TYPES.has(r.kind) && !types.has(r.name)) types.set(r.name, r);
  for (const r of top) {
    if (r.kind !== "extension") continue;
    if (types.get(r.name)?.exported === false) {
      for (const [m] of walk([r])) m.exported = false;
    } else if (!r.exported && r.members.some((m) => m.exported)) r.exported = true;
  }
}

/** `[weak self]` / `[unowned self]` → `weak self`; `self` used strongly in an escaping closure → `captures self`. */
function selfFlags(callbacks: CallbackRecord[], ctx: FileContext): CallbackRecord[] {
  for (const cb of callbacks) {
    const n = cb.node;
    if (!n) continue;
    const captures = n.namedChildren.find((c) => c?.type === "capture_list");
    const capText = captures ? ctx.text(captures) : "";
    const flags = new Set(cb.flags ?? []);
    if (/\b(?:weak|unowned)\s+self\b/.test(capText)) flags.add("weak self");
    else if (/\bself\b/.test(capText) || usesSelf(n, ctx)) {
      const callee = calleeOf(n, ctx);
      if (!callee || !NON_ESCAPING.test(callee)) flags.add("captures self");
    }
    cb.flags = flags.size ? [...flags] : undefined;
  }
  return callbacks;
}

function usesSelf(n: Node, ctx: FileContext): boolean {
  const body = ctx.text(n);
  return /\bself\b/.test(body.replace(/\[[^\]]*\]\s*(?:\([^)]*\)\s*)?(?:\w+(?:\s*,\s*\w+)*\s+)?in\b/, ""));
}

function calleeOf(n: Node, ctx: FileContext): string | undefined {
  let p = n.parent;
  while (p && p.type !== "call_expression") {
    if (/^(?:property_declaration|assignment|function_declaration|class_body)$/.test(p.type)) return undefined;
    p = p.parent;
  }
  const callee = p?.namedChild(0);
  return callee ? ctx.text(callee).replace(/\s+/g, "") : undefined;
}

export default definePack({
  meta: { name: "pilens-pack-swift", version: "0.1.0", description: "Swift (tuned)" },
  languages: specs,
  apply(hooks) {
    for (const spec of specs) {
      const opts = { name: "pack:swift", stage: STAGE.PACK };
      hooks.extract.for(spec.id).tap(opts, (records, ctx) => refine(records, ctx));
      // Docs are `///` lines and `/** */` blocks: a plain `//` note, `// MARK: -`, `// swiftlint:…` are none.
      // (`nonisolated(unsafe)`, masked before parsing, stands before its declaration's node.)
      hooks.doc.for(spec.id).tap(opts, (doc, r, ctx) => docCommentsOnly(textDoc(doc, r, ctx, undefined, UNSAFE_LEAD), r, ctx));
      // `defer { }` parses as a call with a trailing closure; it is a statement block.
      hooks.callbacks.for(spec.id).tap(opts, (callbacks, ctx) => selfFlags(callbacks.filter((c) => !c.name.startsWith("defer@")), ctx));
      hooks.imports.for(spec.id).tap(opts, (imports) => {
        // Swift imports name modules; without a package manifest every module is outside this file's module.
        for (const i of imports) i.external = true;
        return imports;
      });
    }
  },
});
