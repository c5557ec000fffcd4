/**
 * C# pack (tuned). Queries say what is declared; the code here says what queries cannot: names that
 * are not identifiers (`~T`, `operator +`, `implicit operator int`, `this[]`, `IFoo.Bar`), `public`
 * through the enclosing types (interface members implicitly public), `const` / `static readonly` as
 * constants, the `<summary>` of `///` XML docs, async/test flags, and which `using`s are this project's.
 */
import type { Node } from "web-tree-sitter";
import { definePack, type LanguageSpec } from "../../core/plugin.js";
import type { CallbackRecord, FileContext, ImportRecord, SymbolKind, SymbolRecord } from "../../core/types.js";
import { extraction, walk } from "../../core/extract.js";
import { commentAbove } from "../../core/doc.js";
import { STAGE } from "../../core/stages.js";
import { clip, collapse } from "../../core/text.js";
import { LANGUAGES } from "./languages.js";
import { callbackCandidates } from "./callbacks.js";
import { ownDeclarator } from "./declarators.js";
import { maskCSharp, withoutDirectives } from "./shapes.js";
import { callbacksFrom } from "../../core/callbacks.js";

const q = (f: string) => new URL(`./queries/${f}`, import.meta.url);
const TAP = { name: "pack:csharp", stage: STAGE.PACK };

const specs: LanguageSpec[] = LANGUAGES.map((l) => ({
  ...l,
  grammar: "c_sharp",
  recoverBraces: true, // a half-typed edit (core/brace-recovery.ts)
  runOnComments: ["comment"], // a doc comment left open (core/run-on-comments.ts)
  runOnStrings: ["verbatim_string_literal", "interpolated_string_expression", '$"', '$@"', '@$"', '"'], // a verbatim or interpolated string left open, a `"` alone in an ERROR (core/run-on.ts)
  runOnStringsSemicolon: true, // and its statement's `;` left out (core/run-on.ts)
  callbackSupport: "tuned",
  prepareSource: maskCSharp, // `async` as a name (shapes.ts)
  callbackRules: [
    { callee: /(?:^|\.)(?:Task\.Run|Factory\.StartNew|ThreadPool\.(?:Unsafe)?QueueUserWorkItem)(?:<.*>)?$/, kind: "task" },
    { callee: /\.(?:ContinueWith|Subscribe|Register)(?:<.*>)?$/, kind: "future_callback" },
    { callee: /(?:)/, kind: "lambda", blockBodyOnly: true },
  ],
  extraction: {
    bodyFields: ["body"],
    // `=> expr` bodies and `{ get; set; }` end a property's head like a block ends a method's.
    bodyTypes: ["arrow_expression_clause", "accessor_list"],
    commentTypes: ["comment"],
    decoratorTypes: ["attribute_list"],
    // local functions and local types are nested entries of their method (never exported)
    keepInFunctions: ["function", "class", "struct", "interface", "enum"] as SymbolKind[],
  },
  queries: {
    tags: q("tags.scm"),
    imports: q("imports.scm"),
    callbacks: q("callbacks.scm"),
    complexity: q("complexity.scm"),
  },
}));

function modifiers(n: Node): string {
  return n.namedChildren.filter((c) => c?.type === "modifier").map((c) => c!.text).join(" ");
}

/** Names that are not a single identifier in the grammar. */
function settleName(ctx: FileContext, r: SymbolRecord): void {
  const n = r.node!;
  switch (n.type) {
    case "destructor_declaration":
      r.name = `~${r.name}`;
      break;
    case "operator_declaration": {
      const op = n.children.find((_c, i) => i > 0 && n.children[i - 1]?.type === "operator");
      r.name = `operator ${op ? ctx.text(op) : "?"}`;
      break;
    }
    case "conversion_operator_declaration": {
      const dir = n.children.find((c) => c?.type === "implicit" || c?.type === "explicit");
      const ty = n.childForFieldName("type");
      r.name = `${dir ? dir.type + " " : ""}operator ${ty ? collapse(ctx.text(ty)) : "?"}`;
      break;
    }
    case "method_declaration":
    case "property_declaration":
    case "event_declaration":
    case "indexer_declaration": {
      // Explicit interface implementation: `int IFoo.Bar()` is `IFoo.Bar`.
      const spec = n.namedChildren.find((c) => c?.type === "explicit_interface_specifier");
      if (spec) r.name = `${collapse(ctx.text(spec)).replace(/\s*\.\s*$/, "")}.${r.name}`;
      break;
    }
  }
}

function isExported(r: SymbolRecord, parent: SymbolRecord | undefined): boolean {
  const n = r.node!;
  if (r.kind === "namespace") return false; // decided from its members below
  const mods = modifiers(n);
  const explicitImpl = n.namedChildren.some((c) => c?.type === "explicit_interface_specifier");
  if (!parent || parent.kind === "namespace") return /\bpublic\b/.test(mods);
  if (!parent.exported) return false;
  if (n.type === "enum_member_declaration" || n.type === "parameter" || explicitImpl) return true; // (a record's positional properties)
  if (/\bpublic\b/.test(mods)) return true;
  return parent.node?.type === "interface_declaration" && !/\b(private|protected)\b/.test(mods);
}

function signature(ctx: FileContext, r: SymbolRecord): string | undefined {
  const n = r.node!;
  if (n.type === "file_scoped_namespace_declaration") return `namespace ${r.name}`;
  const acc = r.bodyNode?.type === "accessor_list" ? r.bodyNode : null;
  // Auto-properties keep their accessors (`{ get; private set; }`): they say what can be written.
  if (acc && !acc.namedChildren.some((a) => a?.childForFieldName("body"))) {
    const t = collapse(ctx.text(acc));
    if (t.length <= 60 && r.signature) return clip(`${r.signature} ${t}`, 160);
  }
  return r.signature;
}

function extract(records: SymbolRecord[], ctx: FileContext, spec: LanguageSpec): SymbolRecord[] {
  const x = extraction(spec);
  for (const [r, parents] of walk(records)) {
    const n = r.node;
    if (!n) continue;
    settleName(ctx, r);
    if (n.type === "field_declaration") {
      const mods = modifiers(n);
      if (/\bconst\b/.test(mods) || (/\bstatic\b/.test(mods) && /\breadonly\b/.test(mods))) r.kind = "constant";
    }
    r.signature = signature(ctx, r);
    ownDeclarator(r, ctx, x);
    withoutDirectives(r, ctx);
    r.exported = isExported(r, parents[parents.length - 1]);
  }
  // A namespace is API when it holds API (its own declaration has no modifiers).
  const settle = (list: SymbolRecord[]) => {
    for (const r of list) {
      if (r.kind !== "namespace") continue;
      settle(r.members);
      r.exported = r.members.some((m) => m.exported);
    }
  };
  settle(records);
  return records;
}

const ENTITIES: Record<string, string> = { lt: "<", gt: ">", amp: "&", quot: '"', apos: "'" };

/** `///` XML doc: the `<summary>` text (the whole comment when it has none), tags reduced to text. */
function xmlDoc(r: SymbolRecord, ctx: FileContext, spec: LanguageSpec): string {
  const c = commentAbove(ctx, spec, r, (t) => /^\/\/\/(?!\/)/.test(t) || /^\/\*\*(?!\/)/.test(t));
  if (!c) {
    delete r.docStartLine;
    return "";
  }
  r.docStartLine = c.startLine;
  const xml = c.text
    .split(/\r?\n/)
    .map((l) => l.trim().replace(/^\/\/\/\s?/, "").replace(/^\/\*\*|\*\/$/g, "").replace(/^\*\s?/, ""))
    .join("\n");
  if (/<inheritdoc\b/i.test(xml) && !/<summary>/i.test(xml)) return "";
  const summary = /<summary>([\s\S]*?)(?:<\/summary>|$)/i.exec(xml)?.[1] ?? xml;
  return summary
    .replace(/<(?:see|seealso)\s+(?:cref|href|langword)="(?:[A-Z]:)?([^"]*)"\s*\/>/gi, "$1")
    .replace(/<(?:paramref|typeparamref)\s+name="([^"]*)"\s*\/>/gi, "$1")
    .replace(/<[^>]+>/g, " ")
    .replace(/&(lt|gt|amp|quot|apos);/g, (_, e: string) => ENTITIES[e] ?? "")
    .trim();
}

function isAsync(r: SymbolRecord): boolean {
  return !!r.node && /\basync\b/.test(modifiers(r.node));
}

/** `using` namespaces that share the root of a namespace this file declares are the project's own. */
function classifyImports(imports: ImportRecord[], ctx: FileContext): ImportRecord[] {
  const roots = new Set<string>();
  const visit = (n: Node) => {
    for (const c of n.namedChildren) {
      if (!c) continue;
      if (c.type === "namespace_declaration" || c.type === "file_scoped_namespace_declaration") {
        const name = c.childForFieldName("name");
        if (name) roots.add(ctx.text(name).split(".")[0]!.trim());
        const body = c.childForFieldName("body");
        if (body) visit(body);
      }
    }
  };
  visit(ctx.tree.rootNode);
  roots.delete("System");
  roots.delete("Microsoft");
  for (const i of imports) {
    i.source = i.source.replace(/^global::/, "").replace(/\s+/g, "");
    i.external = !roots.has(i.source.split(".")[0]!);
  }
  return imports;
}

/** `new List<int>().ForEach@78` → `ForEach@78`: a call chain says less than its last method. */
function shortHandle(name: string): string {
  const at = name.lastIndexOf("@");
  const base = name.slice(0, at);
  if (!/[()]/.test(base)) return name;
  const last = /\.([A-Za-z_]\w*(?:<[^>]*>)?)$/.exec(base);
  return last ? `${last[1]}${name.slice(at)}` : name;
}

const HANDLER_NAME = /(?:^|\.)(?:On[A-Z]\w*|Handle[A-Z]\w*|\w+Handler|\w+Changed|\w+Callback)$/;

/**
 * `x.E += …` subscriptions: a lambda on the right becomes the event handler (the lambda is the
 * callback); a method group counts when it is named like a handler, `new XHandler(…)` always;
 * any other `+=` is arithmetic and dropped.
 */
function finishCallbacks(callbacks: CallbackRecord[], ctx: FileContext): CallbackRecord[] {
  const byNode = new Map<number, CallbackRecord>();
  for (const c of callbacks) if (c.node) byNode.set(c.node.id, c);
  const out: CallbackRecord[] = [];
  for (const c of callbacks) {
    c.name = shortHandle(c.name);
    if (c.kind !== "subscription") {
      out.push(c);
      continue;
    }
    const right = c.node?.childForFieldName("right") ?? c.node?.namedChildren[c.node.namedChildCount - 1] ?? null;
    if (!right) continue;
    const inner = byNode.get(right.id);
    if (inner) {
      inner.kind = "event_handler";
      continue;
    }
    const text = ctx.text(right).replace(/\s+/g, "");
    const isHandler = right.type === "object_creation_expression" ? /(?:Handler|Callback)(?:<.*>)?\(/.test(text) : /^(?:identifier|member_access_expression)$/.test(right.type) && HANDLER_NAME.test(text);
    if (!isHandler) continue;
    c.kind = "event_handler";
    c.signature = clip(collapse(ctx.text(c.node!)), 160);
    out.push(c);
  }
  return out;
}

export default definePack({
  meta: { name: "pilens-pack-csharp", version: "0.1.0", description: "C# (tuned)" },
  languages: specs,
  apply(hooks) {
    for (const spec of specs) {
      hooks.extract.for(spec.id).tap(TAP, (records, ctx) => extract(records, ctx, spec));
      hooks.doc.for(spec.id).tap(TAP, (_doc, r, ctx) => xmlDoc(r, ctx, spec));
      hooks.flags.for(spec.id).tap(TAP, (flags, r) => {
        const out = [...flags];
        if ((r.kind === "method" || r.kind === "function") && isAsync(r)) out.unshift("async");
        if (r.decorators?.some((d) => /^\[(?:[\w.]+\.)?(Test|TestMethod|Fact|Theory|TestCase)\b/.test(d))) out.push("test");
        if (r.decorators?.some((d) => /^\[(?:System\.)?Obsolete\b/.test(d))) out.push("deprecated");
        return out;
      });
      hooks.callbacks.for(spec.id).tap(TAP, (callbacks, ctx) => finishCallbacks([...callbacks, ...callbacksFrom(ctx, spec, callbackCandidates(ctx))], ctx));
      hooks.imports.for(spec.id).tap(TAP, (imports, ctx) => classifyImports(imports, ctx));
    }
  },
});
