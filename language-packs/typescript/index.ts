/**
 * JS/TS pack (tuned): TypeScript, TSX and JavaScript. Queries say what is declared; the code here
 * says what queries cannot: the export rules (export lists, CommonJS), member visibility, async,
 * boundary wrappers, and resolving relative imports to files.
 */
import type { Node } from "web-tree-sitter";
import { definePack, type CallbackRule, type LanguageSpec } from "../../core/plugin.js";
import { FUNCTION_KINDS, type FileContext, type ImportRecord, type SymbolKind, type SymbolRecord } from "../../core/types.js";
import { resolveRelative, unquote } from "../../core/imports.js";
import { STAGE } from "../../core/stages.js";
import { MAX_SIGNATURE, buildRecord, extraction as resolvedExtraction, signatureOf } from "../../core/extract.js";
import { clip } from "../../core/text.js";
import { LANGUAGES } from "./languages.js";
import { assignsFunction, classifyAssignment, definesMethod, exportedObjectFunctions } from "./assignments.js";
import { callbackCandidates } from "./callbacks.js";
import { callbacksFrom } from "../../core/callbacks.js";

const q = (f: string) => new URL(`./queries/${f}`, import.meta.url);
const extraction = {
  wrapperTypes: ["export_statement", "ambient_declaration"],
  decoratorTypes: ["decorator"],
  bodyFields: ["body"],
  // Named functions, classes and types declared in a function body are its nested entries.
  keepInFunctions: ["function", "class", "interface", "type", "enum"] as SymbolKind[],
  // `Pp.each = function each() {}` / `X.prototype.y = function () {}` inside a factory function:
  // methods defined there (the plugin and module patterns); other member assignments stay locals.
  keepInFunction: (r: SymbolRecord) => !!r.props?.assignment && definesMethod(r.node),
  // `exports.x = function () {…}`: a function's body (what it declares is local), classified later.
  functionLike: (r: SymbolRecord) => (!!r.props?.assignment && assignsFunction(r.node)) || (r.kind === "constant" && !!r.node && !!wrappedFunction(r.node)),
};

const LIFECYCLE = /(exit|SIGINT|SIGTERM|SIGHUP|beforeExit|close|unload|beforeunload|uncaughtException|unhandledRejection|shutdown|dispose|destroy|disconnect|end)/;

/** Functions passed to calls: kind by callee (first match wins); anything else block-bodied is a `callback`. */
const callbackRules: CallbackRule[] = [
  { callee: /^(?:setTimeout|setInterval|setImmediate)$/, kind: "timer_callback", discardedFlags: ["detached timer"] },
  { callee: /(?:^|\.)(?:setTimeout|setInterval|setImmediate|queueMicrotask|requestAnimationFrame|requestIdleCallback|nextTick)$/, kind: "timer_callback" },
  {
    callee: /\.(?:on|once|off|addListener|prependListener|prependOnceListener|addEventListener|subscribe|listen|handle|use|watch|on[A-Z]\w*)$/,
    kind: "event_handler",
    firstArg: { match: LIFECYCLE, flags: ["lifecycle"] },
  },
  // Component lifecycle: React effects, Vue and Svelte mount/unmount hooks, Vue watchers.
  {
    callee: /^(?:useEffect|useLayoutEffect|useInsertionEffect|onMounted|onUnmounted|onBeforeMount|onBeforeUnmount|onUpdated|onActivated|onDeactivated|watch|watchEffect|onMount|onDestroy|beforeUpdate|afterUpdate)$/,
    kind: "event_handler",
    flags: ["lifecycle"],
  },
  // Routes: `app.get("/users/:id", (req, res) => {…})`, `router.post("/x", handler)` — a path first.
  {
    callee: /\.(?:get|post|put|patch|delete|del|all|head|options)$/,
    kind: "event_handler",
    firstArg: { match: /^["'`]\//, flags: ["route"], required: true },
  },
  // One-expression continuations (`.catch(() => {})`, `.then((r) => r.json())`) are plumbing, not places to read.
  { callee: /\.(?:then|catch|finally)$/, kind: "promise_callback", blockBodyOnly: true },
  { callee: /^Promise$/, kind: "promise_callback" },
  { callee: /./, kind: "callback", blockBodyOnly: true },
];

const specs: LanguageSpec[] = LANGUAGES.map((l) => {
  const ts = l.id !== "javascript";
  return {
    ...l,
    grammar: l.grammar,
    ...(l.id === "vue" || l.id === "svelte" || l.id === "astro" ? { prepareSource: scriptBlocksOnly } : {}),
    callbackSupport: "tuned",
    callbackRules,
    extraction,
    queries: {
      tags: [q("tags-common.scm"), q(ts ? "tags-typescript.scm" : "tags-javascript.scm")],
      imports: q("imports.scm"),
      callbacks: q("callbacks.scm"),
      complexity: q("complexity.scm"),
    },
  };
});

/**
 * A `.vue` / `.svelte` / `.astro` file as the TypeScript grammar should see it: the content of its
 * `<script>` blocks (`<script setup lang="ts">`, `<script context="module">`) and an Astro component's
 * `---` frontmatter; everything else — template, style, the tags and fences themselves — blanked to
 * spaces, line breaks kept, so lines and offsets stay the file's.
 */
export function scriptBlocksOnly(source: string): string {
  const keep: [number, number][] = [];
  const fence = /^---[ \t]*\r?\n/.exec(source);
  if (fence) {
    const close = /\r?\n---[ \t]*(?:\r?\n|$)/.exec(source.slice(fence[0].length));
    if (close) keep.push([fence[0].length, fence[0].length + close.index]);
  }
  const open = /<script\b[^>]*>/gi;
  open.lastIndex = keep[0]?.[1] ?? 0;
  for (let m = open.exec(source); m; m = open.exec(source)) {
    const start = m.index + m[0].length;
    const end = source.toLowerCase().indexOf("</script", start);
    if (end < 0) break;
    keep.push([start, end]);
    open.lastIndex = end;
  }
  const blank = (s: string) => s.replace(/[^\r\n]/g, " ");
  let out = "";
  let at = 0;
  for (const [s, e] of keep) {
    out += blank(source.slice(at, s)) + source.slice(s, e);
    at = e;
  }
  return out + blank(source.slice(at));
}

const TS_EXTS = [".ts", ".tsx", ".mts", ".cts", ".d.ts", ".js", ".jsx", ".mjs", ".cjs", ".json"];
/** A JavaScript file's `require("./util")` is util.js at run time, not the util.d.ts beside it. */
const JS_EXTS = [".js", ".jsx", ".mjs", ".cjs", ".json", ".ts", ".tsx", ".mts", ".cts", ".d.ts"];
function candidates(base: string, exts = TS_EXTS): string[] {
  const out = [base];
  const twin = base.match(/^(.*)\.(m|c)?jsx?$/);
  if (twin) out.push(`${twin[1]}.${twin[2] ?? ""}ts`, `${twin[1]}.${twin[2] ?? ""}tsx`);
  for (const e of exts) out.push(base + e);
  for (const e of exts) out.push(`${base}/index${e}`);
  return out;
}
const jsCandidates = (base: string): string[] => candidates(base, JS_EXTS);

/** Names exported by `export { a, b as c }`, `export default a`, and CommonJS `module.exports = …`. */
function exportedNames(ctx: FileContext): Set<string> {
  const names = new Set<string>();
  const root = ctx.tree.rootNode;
  for (const stmt of root.namedChildren) {
    if (!stmt) continue;
    if (stmt.type === "export_statement") {
      const clause = stmt.namedChildren.find((c) => c?.type === "export_clause");
      if (clause && !stmt.childForFieldName("source")) {
        for (const spec of clause.namedChildren) {
          const n = spec?.childForFieldName("name");
          if (n) names.add(ctx.text(n));
        }
      }
      const value = stmt.childForFieldName("value");
      if (value?.type === "identifier") names.add(ctx.text(value));
      // TypeScript's `export = App;` (CommonJS-style export of a declaration)
      const only = stmt.namedChild(0);
      if (!value && only?.type === "identifier" && /^export\s*=/.test(ctx.text(stmt))) names.add(ctx.text(only));
    } else if (stmt.type === "expression_statement") {
      const asg = stmt.namedChild(0);
      // `Object.assign(module.exports, { a, b: c })`
      if (asg?.type === "call_expression" && /^Object\.assign$/.test(ctx.text(asg.childForFieldName("function") ?? asg))) {
        const args = asg.childForFieldName("arguments");
        const target = args?.namedChild(0);
        if (target && /^(?:module\.)?exports$/.test(ctx.text(target))) {
          for (let i = 1; i < (args?.namedChildCount ?? 0); i++) {
            const o = args!.namedChild(i);
            if (o?.type === "object") objectValueNames(o, ctx, names);
          }
        }
        continue;
      }
      if (asg?.type !== "assignment_expression") continue;
      const left = asg.childForFieldName("left");
      const right = asg.childForFieldName("right");
      if (!left || !right) continue;
      const target = ctx.text(left);
      // `exports.x = x;` / `module.exports.x = x;` (what tsc and bundlers emit after the declaration)
      if (right.type === "identifier" && /^(?:module\.)?exports\.[\w$]+$/.test(target)) names.add(ctx.text(right));
      if (target !== "module.exports") continue;
      if (right.type === "identifier") names.add(ctx.text(right));
      else if (right.type === "object") objectValueNames(right, ctx, names);
      else if ((right.type === "function_expression" || right.type === "class") && right.childForFieldName("name")) {
        names.add(ctx.text(right.childForFieldName("name")!));
      }
    }
  }
  return names;
}

/** The local names an exported object literal hands out: `{ a, b: c }` → a, c. */
function objectValueNames(object: Node, ctx: FileContext, names: Set<string>): void {
  for (const p of object.namedChildren) {
    if (p?.type === "shorthand_property_identifier") names.add(ctx.text(p));
    else if (p?.type === "pair") {
      const v = p.childForFieldName("value");
      if (v?.type === "identifier") names.add(ctx.text(v));
    }
  }
}

function hasExportWrapper(node: Node | undefined): boolean {
  for (let p = node?.parent; p; p = p.parent) {
    if (p.type === "export_statement") return true;
    if (p.type !== "ambient_declaration") return false;
  }
  return false;
}

/** Call wrappers a default export's value may sit in: `export default memo(function Card() {…})`. */
const VALUE_WRAPPERS = new Set(["arguments", "call_expression", "parenthesized_expression", "await_expression", "as_expression", "satisfies_expression"]);

/**
 * Part of the module's default export, through call wrappers: a function or class expression
 * (`export default memo(function Card() {…})`) or a member of an object literal (`export default {
 * data() {…} }`, `export default defineComponent({ setup() {…} })`).
 */
function isWrappedDefaultExport(node: Node | undefined): boolean {
  let from: Node | null | undefined;
  if (node?.type === "function_expression" || node?.type === "class") from = node.parent;
  else if (node?.type === "method_definition" || node?.type === "pair") from = node.parent?.type === "object" ? node.parent.parent : undefined;
  for (let p = from; p; p = p.parent) {
    if (p.type === "export_statement") return true;
    if (!VALUE_WRAPPERS.has(p.type)) return false;
  }
  return false;
}

function isPrivateMember(r: SymbolRecord, ctx: FileContext): boolean {
  if (r.name.startsWith("#")) return true;
  const n = r.node;
  if (!n) return false;
  for (const c of n.children) {
    if (c?.type === "accessibility_modifier") return /^(private|protected)$/.test(ctx.text(c));
  }
  return false;
}

const FUNCTION_VALUES = new Set(["arrow_function", "function_expression", "generator_function", "function", "class"]);

/** `const`/`let`/`var` bindings directly in a namespace or module body (function values are tags already). */
function namespaceBindings(ns: Node, ctx: FileContext, spec: LanguageSpec): SymbolRecord[] {
  const out: SymbolRecord[] = [];
  const body = ns.childForFieldName("body") ?? (ns.type === "ambient_declaration" ? ns.namedChildren.find((c) => c?.type === "statement_block") : null);
  for (let stmt = body?.firstNamedChild ?? null; stmt; stmt = stmt.nextNamedSibling) {
    const decl = stmt.type === "export_statement" ? stmt.childForFieldName("declaration") : stmt;
    if (!decl || (decl.type !== "lexical_declaration" && decl.type !== "variable_declaration")) continue;
    for (let d = decl.firstNamedChild; d; d = d.nextNamedSibling) {
      const name = d.type === "variable_declarator" ? d.childForFieldName("name") : null;
      const value = d.childForFieldName("value");
      if (!name || name.type !== "identifier" || (value && FUNCTION_VALUES.has(value.type))) continue;
      out.push(buildRecord(ctx, resolvedExtraction(spec), decl, decl.type === "variable_declaration" ? "variable" : "constant", ctx.text(name), name));
    }
  }
  return out;
}

/**
 * `require("x")` / `import("x")`: a call of `require` or `import` whose first argument is a string.
 * Found by scanning the text for the callee and checking the node there (strings and comments that
 * mention `require(` are not calls) — a query pattern on call_expression costs ~5 ms of analysis
 * on every cold start, this a regex pass over the source.
 */
function callImports(ctx: FileContext): ImportRecord[] {
  const out: ImportRecord[] = [];
  const re = /\b(?:require|import)\s*\(/g;
  let root: Node | undefined; // (the getter builds a new Node object on every read)
  for (let m = re.exec(ctx.source); m; m = re.exec(ctx.source)) {
    root ??= ctx.tree.rootNode;
    let callee = root.descendantForIndex(m.index);
    // `import(…)`: the keyword token sits inside the callee node `(import)`.
    if (callee?.type === "import" && !callee.isNamed) callee = callee.parent;
    if (!callee || (callee.type !== "import" && !(callee.type === "identifier" && ctx.text(callee) === "require"))) continue;
    const call = callee.parent;
    if (call?.type !== "call_expression" || call.childForFieldName("function")?.id !== callee.id) continue;
    const first = call.childForFieldName("arguments")?.firstNamedChild;
    if (first?.type !== "string") continue;
    const source = unquote(ctx.text(first));
    if (source) out.push({ source, line: first.startPosition.row + 1, external: !/^[./]/.test(source) });
  }
  return out;
}

const BINDING_VALUES = new Set(["arrow_function", "function_expression", "generator_function", "class"]);

/**
 * Module-level `const` / `let` / `var` bindings (also under `export`), one record per declarator, as
 * the core builds tag records: constant for lexical declarations, variable for `var`. A binding whose
 * value is a function or class is left to the tags query, which names it a function or class.
 */
function moduleBindings(ctx: FileContext, spec: LanguageSpec): SymbolRecord[] {
  const out: SymbolRecord[] = [];
  const x = resolvedExtraction(spec);
  for (let stmt = ctx.tree.rootNode.firstNamedChild; stmt; stmt = stmt.nextNamedSibling) {
    // `declare global { interface Window {…} }`: a module `global`, its declarations nested in it.
    if (stmt.type === "ambient_declaration" && /^declare\s+global\b/.test(ctx.text(stmt).slice(0, 20))) {
      const r = buildRecord(ctx, x, stmt, "module", "global");
      r.signature = "declare global";
      out.push(r);
      continue;
    }
    let decl: Node | null = stmt;
    if (stmt.type === "ambient_declaration") decl = stmt.namedChild(0); // `declare var process: Process;`
    else if (stmt.type === "export_statement") {
      decl = null;
      for (let c = stmt.firstNamedChild; c; c = c.nextNamedSibling) {
        if (c.type === "lexical_declaration" || c.type === "variable_declaration") decl = c;
        else if (c.type === "ambient_declaration") decl = c.namedChild(0); // `export declare const VERSION: string;`
      }
    }
    if (!decl || (decl.type !== "lexical_declaration" && decl.type !== "variable_declaration")) continue;
    const kind = decl.type === "lexical_declaration" ? "constant" : "variable";
    for (let d = decl.firstNamedChild; d; d = d.nextNamedSibling) {
      if (d.type !== "variable_declarator") continue;
      const name = d.childForFieldName("name");
      const value = d.childForFieldName("value");
      if (name?.type !== "identifier" || (value && BINDING_VALUES.has(value.type))) continue;
      const compiled = value ? null : compiledEnum(ctx, ctx.text(name), stmt.nextNamedSibling);
      if (compiled) {
        const r = buildRecord(ctx, x, decl, compiled.kind, ctx.text(name), name);
        r.endLine = compiled.endLine;
        r.exported = compiled.exported;
        r.signature = `${compiled.kind} ${ctx.text(name)}`;
        out.push(r);
        continue;
      }
      out.push(buildRecord(ctx, x, decl, kind, ctx.text(name), name, undefined, undefined, true));
    }
  }
  return out;
}

/**
 * tsc's output for `export enum Color {…}` / `namespace N {…}`: `var Color;` followed by
 * `(function (Color) { Color["Red"] = "red"; … })(Color || (exports.Color = Color = {}));` — an enum
 * when the function only assigns `Color[…]`, else a namespace; exported when it assigns `exports.Color`.
 */
function compiledEnum(ctx: FileContext, name: string, next: Node | null): { kind: SymbolKind; endLine: number; exported: boolean } | undefined {
  const call = next?.type === "expression_statement" ? next.namedChild(0) : null;
  if (call?.type !== "call_expression") return undefined;
  const fn = call.childForFieldName("function");
  const inner = fn?.type === "parenthesized_expression" ? fn.namedChild(0) : null;
  if (inner?.type !== "function_expression") return undefined;
  const arg = ctx.text(call.childForFieldName("arguments")?.namedChild(0) ?? call).replace(/\s+/g, "");
  const m = /^([\w$]+)\|\|\(((?:module\.)?exports\.[\w$]+=)?([\w$]+)=\{\}\)$/.exec(arg);
  if (!m || m[1] !== name || m[3] !== name) return undefined;
  const body = inner.childForFieldName("body")?.namedChildren ?? [];
  const isEnum = body.length > 0 && body.every((s) => s?.type === "expression_statement" && ctx.text(s).startsWith(`${name}[`));
  return { kind: isEnum ? "enum" : "namespace", endLine: next!.endPosition.row + 1, exported: !!m[2] };
}

/** `import … from "x"` / `export … from "x"` statements, at any depth (`declare module "m" { … }`). */
function statementImports(ctx: FileContext): ImportRecord[] {
  const out: ImportRecord[] = [];
  const re = /\b(?:import|export)\b/g;
  let root: Node | undefined;
  for (let m = re.exec(ctx.source); m; m = re.exec(ctx.source)) {
    root ??= ctx.tree.rootNode;
    const stmt = root.descendantForIndex(m.index)?.parent;
    if ((stmt?.type !== "import_statement" && stmt?.type !== "export_statement") || stmt.startIndex !== m.index) continue;
    // `import fs = require("fs")`: the source is the require clause's
    const source = stmt.childForFieldName("source") ?? stmt.namedChildren.find((c) => c?.type === "import_require_clause")?.childForFieldName("source");
    if (source?.type !== "string") continue;
    const spec = unquote(ctx.text(source));
    if (spec) out.push({ source: spec, line: source.startPosition.row + 1, external: !/^[./]/.test(spec) });
  }
  return out;
}

/**
 * `const x = require("y")`, `var B = require("y").B`, `exports.z = await import("y")`: imports, not
 * declarations. The bound value itself must be the call — a function whose body calls `require`
 * (`module.exports.getCodec = function () { require("../encodings") … }`) is a declaration.
 */
function isRequireBinding(r: SymbolRecord, ctx: FileContext): boolean {
  if ((r.kind !== "constant" && r.kind !== "variable") || !r.node) return false;
  let n: Node | null = r.node;
  if (n.type === "export_statement") n = n.childForFieldName("declaration");
  if (n?.type === "lexical_declaration" || n?.type === "variable_declaration" || n?.type === "expression_statement") n = n.namedChild(0);
  let value = n?.type === "variable_declarator" ? n.childForFieldName("value")
    : n?.type === "assignment_expression" ? n.childForFieldName("right") : null;
  // Down the chain the value is built on: `require("debug")("app")`, `require("x").y.z()`.
  while (value) {
    if (value.type === "await_expression" || value.type === "parenthesized_expression") value = value.namedChild(0);
    else if (value.type === "member_expression") value = value.childForFieldName("object");
    else if (value.type === "call_expression") {
      const callee = value.childForFieldName("function");
      if (callee?.type === "import" || (callee?.type === "identifier" && ctx.text(callee) === "require")) return true;
      value = callee;
    } else return false;
  }
  return false;
}

/** A named function expression assigned to a member (`exports.encode = function base64VLQ_encode`). */
function assignedToMember(r: SymbolRecord): boolean {
  const parent = r.node?.type === "function_expression" ? r.node.parent : null;
  return parent?.type === "assignment_expression" && parent.childForFieldName("left")?.type !== "identifier";
}

/**
 * Re-export specifiers (`export { a, type B as C } from "x"`) become entries of kind `type` (type-only)
 * or `constant` (an ES module binding), unless they name a declaration of the same scope — then that
 * declaration is marked exported instead and the specifier is dropped.
 */
function resolveReexports(list: SymbolRecord[], parent: SymbolRecord | undefined, ctx: FileContext): SymbolRecord[] {
  if (!list.some((r) => r.props?.reexport)) return list;
  const local = new Map<string, SymbolRecord>();
  for (const r of list) if (!r.props?.reexport && !local.has(r.name)) local.set(r.name, r);
  const out: SymbolRecord[] = [];
  for (const r of list) {
    if (!r.props?.reexport || !r.node) {
      out.push(r);
      continue;
    }
    const stmt = r.node.parent?.parent;
    const source = stmt?.childForFieldName("source");
    const localName = r.node.childForFieldName("name");
    const target = !source && localName ? local.get(ctx.text(localName)) : undefined;
    if (target) {
      target.exported = parent ? parent.exported : true;
      continue;
    }
    const spec = ctx.text(r.node);
    const typeOnly = /^type\s/.test(spec) || /^export\s+type\b/.test(stmt ? ctx.text(stmt) : "");
    r.kind = typeOnly ? "type" : "constant";
    r.signature = `export { ${spec} }${source ? ` from ${ctx.text(source)}` : ""}`;
    out.push(r);
  }
  return out;
}

/**
 * `Object.defineProperty(target, "name", { get: function () {…} })`: the accessor is the property
 * `name`, not a method `get`. On `exports` (tsc's re-exports: `get: function () { return m_1.X; }`) an
 * exported constant; on another target a method, attached to it (`Foo.prototype` → `Foo`). A second
 * accessor of the same statement (`set`) is not listed again. Returns false to drop the record.
 */
function nameDefinedProperty(r: SymbolRecord, ctx: FileContext, defined: Set<number>): boolean {
  const args = r.node?.parent?.parent;
  const call = args?.parent;
  if (args?.type !== "arguments" || call?.type !== "call_expression" || r.node?.parent?.id !== args.namedChild(2)?.id) return true;
  const callee = call.childForFieldName("function");
  const target = args.namedChild(0);
  const name = args.namedChild(1);
  if (!callee || !target || name?.type !== "string" || ctx.text(callee).replace(/\s+/g, "") !== "Object.defineProperty") return true;
  const on = ctx.text(target).replace(/\s+/g, "");
  const onExports = on === "exports" || on === "module.exports" || (on === "module" && unquote(ctx.text(name)) === "exports");
  if (onExports && defined.has(call.id)) return false;
  defined.add(call.id);
  r.name = unquote(ctx.text(name));
  r.members = [];
  if (onExports) {
    r.kind = "constant";
    r.exported = true;
    // tsc's re-export `get: function () { return auth_1.X; }` with `const auth_1 = require("./auth")`:
    // said as what it is (the pack's rank tap scores `export { … }` lines of a barrel 0).
    const from = reexportSource(r.node!, ctx);
    r.signature = from ? `export { ${r.name} } from ${from}` : signatureOf(ctx, call, null, []) || r.signature;
  } else {
    // Each accessor its own method entry of that name, as a class's `get size()` / `set size(v)` are.
    const base = /^([\w$]+)(?:\.prototype)?$/.exec(on);
    if (base && base[1] !== "this") r.attachTo = base[1];
    r.signature = clip(`Object.defineProperty(${on}, ${ctx.text(name)}, { ${r.signature ?? ""} })`, MAX_SIGNATURE);
  }
  return true;
}

/** `get: function () { return m_1.X; }` where the file binds `m_1 = require("spec")`: the quoted spec. */
function reexportSource(pair: Node, ctx: FileContext): string | undefined {
  const fn = pair.childForFieldName("value");
  const body = fn?.childForFieldName("body");
  const ret = body?.type === "statement_block" ? body.namedChild(0) : body;
  const value = ret?.type === "return_statement" ? ret.namedChild(0) : ret;
  const object = value?.type === "member_expression" ? value.childForFieldName("object") : undefined;
  if (object?.type !== "identifier") return undefined;
  return requireBindings(ctx).get(ctx.text(object));
}

const requireCache = new WeakMap<FileContext, Map<string, string>>();
/** Top-level `const|var|let x = require("spec")` of the file: name → the quoted spec. */
function requireBindings(ctx: FileContext): Map<string, string> {
  let m = requireCache.get(ctx);
  if (m) return m;
  m = new Map();
  for (const stmt of ctx.tree.rootNode.namedChildren) {
    if (stmt?.type !== "lexical_declaration" && stmt?.type !== "variable_declaration") continue;
    for (const d of stmt.namedChildren) {
      const name = d?.childForFieldName("name");
      const value = d?.childForFieldName("value");
      if (name?.type !== "identifier" || value?.type !== "call_expression") continue;
      const arg = value.childForFieldName("arguments")?.namedChild(0);
      if (value.childForFieldName("function")?.text === "require" && arg?.type === "string") m.set(ctx.text(name), ctx.text(arg));
    }
  }
  requireCache.set(ctx, m);
  return m;
}

/**
 * `handleClick = (e) => {…}` in a class body: a method (bound per instance), with a method's head —
 * React class components and event-heavy classes define their handlers this way.
 */
function functionField(r: SymbolRecord, ctx: FileContext): void {
  const value = r.node!.childForFieldName("value");
  if (value?.type !== "arrow_function" && value?.type !== "function_expression") return;
  r.kind = "method";
  r.bodyNode = value.childForFieldName("body");
  const decorators = r.node!.namedChildren.filter((c): c is Node => c?.type === "decorator");
  r.signature = signatureOf(ctx, r.node!, r.bodyNode, decorators) || r.signature;
}

/**
 * `accessor count = 0;` (TS 4.9 auto-accessors): the bundled grammar predates the keyword and parses
 * a field named `accessor` followed by an ERROR holding the real name — the field is `count`.
 */
function accessorField(r: SymbolRecord, ctx: FileContext): void {
  const error = r.node!.namedChildren.find((c) => c?.type === "ERROR");
  const name = error?.namedChildCount === 1 ? error.namedChild(0) : null;
  if (name?.type === "identifier" || name?.type === "property_identifier" || name?.type === "private_property_identifier") r.name = ctx.text(name);
}

/** `declare module "fs" {…}` / `declare global {…}`: declarations every importer of the package sees. */
function isAmbientModule(r: SymbolRecord): boolean {
  if (r.kind !== "module" || !r.node) return false;
  return r.node.type === "ambient_declaration" || r.node.childForFieldName("name")?.type === "string";
}

/**
 * `exports.parseBody = parseBody;` (tsc's and bundlers' CommonJS output) names a declaration of the
 * file: that declaration is the exported entry (exportedNames marks it), not a second constant of the
 * same name. Kept when the file declares no such name (`exports.x = require("y").x` is dropped earlier).
 */
function dropExportAliases(list: SymbolRecord[], ctx: FileContext): SymbolRecord[] {
  const declared = new Set<string>();
  for (const r of list) if (!r.props?.assignment) declared.add(r.name);
  return list.filter((r) => {
    if (!r.props?.assignment || r.kind !== "constant") return true;
    const right = r.node?.namedChild(0)?.childForFieldName("right");
    return !(right?.type === "identifier" && declared.has(ctx.text(right)));
  });
}

/**
 * `export const Button = forwardRef(function Button(props, ref) {…})`, `exports.x = wrap(function x()
 * {…})`: one entry — the function, under the binding's name, its head running from the declaration to
 * the function's body — rather than a constant holding a function of the same name.
 */
function mergeWrappedFunction(r: SymbolRecord, ctx: FileContext): void {
  if ((r.kind !== "constant" && r.kind !== "variable") || r.members.length !== 1 || !r.node) return;
  const inner = r.members[0]!;
  if (inner.name !== r.name || (inner.kind !== "function" && inner.kind !== "class")) return;
  r.kind = inner.kind;
  r.bodyNode = inner.bodyNode;
  r.members = inner.members;
  r.decorators ??= inner.decorators;
  r.signature = signatureOf(ctx, r.node, inner.bodyNode ?? null, []) || r.signature;
}

/** Calls that return the function they are given (or a component made of it): memo, forwardRef, debounce, … */
const FUNCTION_WRAPPERS = new Set(["memo", "forwardRef", "observer", "useCallback", "useEvent", "useEffectEvent", "debounce", "throttle", "once", "memoize", "curry"]);

/**
 * `const Card = memo((props) => {…})` / `const save = debounce(function () {…}, 300)`: the anonymous
 * function handed to a function wrapper (`React.memo`, `_.debounce` too), for a binding of one.
 */
function wrappedFunction(node: Node): Node | null {
  const decl = node.type === "lexical_declaration" || node.type === "variable_declaration" ? node.namedChild(0) : null;
  const value = decl?.type === "variable_declarator" ? decl.childForFieldName("value") : null;
  if (value?.type !== "call_expression") return null;
  const callee = value.childForFieldName("function");
  const name = callee?.type === "member_expression" ? callee.childForFieldName("property") : callee;
  if (!name || !FUNCTION_WRAPPERS.has(name.text)) return null;
  const fn = value.childForFieldName("arguments")?.namedChild(0);
  return fn && (fn.type === "arrow_function" || (fn.type === "function_expression" && !fn.childForFieldName("name"))) ? fn : null;
}

function isAsync(r: SymbolRecord): boolean {
  const sig = r.signature ?? "";
  const head = sig.split("(")[0] ?? "";
  return /\basync\b/.test(head) || /=\s*async\b/.test(sig);
}

/** A function whose whole body is one try statement: an error boundary around other code. */
function isBoundaryWrapper(r: SymbolRecord): boolean {
  const body = r.bodyNode;
  if (!body || body.type !== "statement_block") return false;
  // Stop at the second statement (materializing every statement of every body cost ~5 ms a batch).
  let only: Node | null = null;
  for (let i = 0, n = body.namedChildCount; i < n; i++) {
    const c = body.namedChild(i);
    if (!c || c.type.includes("comment")) continue;
    if (only) return false;
    only = c;
  }
  return only?.type === "try_statement";
}

export default definePack({
  meta: { name: "pilens-pack-typescript", version: "0.1.0", description: "TypeScript, TSX and JavaScript (tuned)" },
  languages: specs,
  apply(hooks) {
    // A re-export (`export { A } from "./a"`) is a pointer, not a read: out of recommendedReads
    // (a barrel recommended its first three lines) unless the caller's focus names it.
    hooks.rank.tap({ name: "pack:typescript", stage: STAGE.PACK }, (score, c, ctx) =>
      // (Props are gone by rank time; resolveReexports gave each its `export { … }` signature.)
      c.record.signature?.startsWith("export {") && !ctx.focus.some((t) => c.qualifiedName.toLowerCase().includes(t)) ? 0 : score,
    );
    for (const spec of specs) {
      // Before the core's pass, which nests these with the tag records (an object literal's methods
      // under its constant).
      hooks.extract.for(spec.id).tap({ name: "pack:typescript:bindings", stage: STAGE.CORE - 1 }, (records, ctx) => [
        ...records,
        ...moduleBindings(ctx, spec),
      ]);
      hooks.extract.for(spec.id).tap({ name: "pack:typescript", stage: STAGE.PACK }, (records, ctx) => {
        const exported = exportedNames(ctx);
        // A declaration file that is a script (no top-level import/export) declares globals: its API.
        const globalScript = ctx.path.endsWith(".d.ts") && !ctx.tree.rootNode.namedChildren.some((s) => s?.type === "import_statement" || s?.type === "export_statement");
        const visit = (list: SymbolRecord[], parent: SymbolRecord | undefined): SymbolRecord[] => {
          const defined = new Set<number>(); // Object.defineProperty statements already named
          const keep = (r: SymbolRecord): SymbolRecord[] => {
            if (isRequireBinding(r, ctx)) return [];
            if (r.node?.type === "pair" && !nameDefinedProperty(r, ctx, defined)) return [];
            if (assignedToMember(r)) return r.members.flatMap(keep); // the assignment statement's record names it
            if (!r.props?.assignment) return [r];
            if (classifyAssignment(r, ctx)) return [r];
            // `module.exports = { f() {}, g: () => {} }`: the object's functions are the module's API.
            const api = exportedObjectFunctions(r, ctx);
            // Not a declaration itself, but what it names inside is: `X.prototype.Y = wrap(class Y {…})`.
            return api.length ? api : r.members.filter((m) => m.kind === "function" || m.kind === "class");
          };
          const kept = list.flatMap(keep);
          const out = resolveReexports(parent ? kept : dropExportAliases(kept, ctx), parent, ctx);
          for (const r of out) {
            if (r.kind === "constant" && r.node && /^let\b/.test(ctx.text(r.node))) r.kind = "variable";
            else if (r.kind === "method" && r.name === "constructor" && (r.node?.type === "method_definition" || (r.node?.type === "method_signature" && parent?.kind === "class"))) {
              r.kind = "constructor"; // also a declared class's `constructor(options: X);` (.d.ts, overloads)
            }
            if (r.kind === "property" && r.name === "accessor" && r.node) accessorField(r, ctx);
            if (r.kind === "property" && parent?.kind === "class" && r.node) functionField(r, ctx);
            const hashName = r.name.startsWith("#"); // before the JS rename below
            // JS tools (Universal Ctags' JavaScript parser among them) name `#x` members `x`; TS tools
            // keep the `#`. Follow each language's convention; read_symbol accepts both spellings.
            if (ctx.language === "javascript" && r.name.startsWith("#")) r.name = r.name.slice(1);
            if (r.props?.reexport) r.exported = parent ? parent.exported : true;
            else if (r.props?.assignment) r.exported ||= false;
            else if (!parent) r.exported ||= hasExportWrapper(r.node) || exported.has(r.name) || isWrappedDefaultExport(r.node) || globalScript || isAmbientModule(r);
            else if (parent.kind === "namespace" || parent.kind === "module") {
              r.exported = parent.exported && (hasExportWrapper(r.node) || parent.kind === "module");
            } else if (FUNCTION_KINDS.has(parent.kind)) {
              r.exported = false; // a function's own functions are not reachable from outside it
            } else r.exported = parent.exported && !(hashName || isPrivateMember(r, ctx)); // children read only here
            if ((r.kind === "namespace" || r.kind === "module") && r.node) {
              r.members = [...r.members, ...namespaceBindings(r.node, ctx, spec)].sort((a, b) => a.startLine - b.startLine);
            }
            const wrapped = (r.kind === "constant" || r.kind === "variable") && r.node ? wrappedFunction(r.node) : null;
            if (wrapped) {
              // `export const Card = memo((props) => {…})`: a function (a component), its head the binding's.
              r.kind = "function";
              r.bodyNode = wrapped.childForFieldName("body");
              r.signature = signatureOf(ctx, r.node!, r.bodyNode, []) || r.signature;
            }
            r.members = visit(r.members, r);
            mergeWrappedFunction(r, ctx);
          }
          return out;
        };
        return visit(records, undefined);
      });
      hooks.flags.for(spec.id).tap({ name: "pack:typescript", stage: STAGE.PACK }, (flags, r) => {
        const out = [...flags];
        if ((r.kind === "function" || r.kind === "method") && isAsync(r)) out.unshift("async");
        if ((r.kind === "function" || r.kind === "method") && isBoundaryWrapper(r)) out.push("boundary wrapper");
        return out;
      });
      hooks.callbacks.for(spec.id).tap({ name: "pack:typescript", stage: STAGE.PACK }, (callbacks, ctx) => [
        ...callbacks,
        ...callbacksFrom(ctx, spec, callbackCandidates(ctx)),
      ]);
      hooks.imports.for(spec.id).tap({ name: "pack:typescript", stage: STAGE.PACK }, (found: ImportRecord[], ctx) => {
        // In source order, as one query returned them (a stable sort: same-line imports keep theirs).
        const imports = [...found, ...statementImports(ctx), ...callImports(ctx)].sort((a, b) => a.line - b.line);
        for (const i of imports) {
          if (i.source.startsWith("node:")) i.external = true;
          else if (!i.external) i.resolved = resolveRelative(ctx, i.source, ctx.language === "javascript" ? jsCandidates : candidates);
        }
        return imports;
      });
    }
  },
});
