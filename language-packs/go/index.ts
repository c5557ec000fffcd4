/**
 * Go pack (tuned). Queries say what is declared; the code here says what queries cannot: Go's
 * capital-letter export rule, ranges of single-spec `type`/`const`/`var` declarations (so the doc comment
 * above `type X …` attaches), `type …` / `const …` signatures, doc directives, `Deprecated:` paragraphs,
 * and the stdlib / this-module / external import split.
 */
import type { Node } from "web-tree-sitter";
import { definePack, type LanguageSpec } from "../../core/plugin.js";
import type { FileContext, SymbolRecord } from "../../core/types.js";
import { endLineOf, MAX_SIGNATURE, signatureOf, walk } from "../../core/extract.js";
import { clip, collapse, collapseHead } from "../../core/text.js";
import { STAGE } from "../../core/stages.js";
import { LANGUAGES } from "./languages.js";
import { classifyGoImports } from "./imports.js";

const q = (f: string) => new URL(`./queries/${f}`, import.meta.url);

const specs: LanguageSpec[] = LANGUAGES.map((l) => ({
  ...l,
  grammar: "go",
  recoverBraces: true, // a half-typed edit (core/brace-recovery.ts)
  runOnStrings: ["raw_string_literal"], // a raw string left open (core/run-on.ts)
  runOnComments: ["comment"], // a block comment left open (core/run-on-comments.ts)
  callbackSupport: "tuned",
  callbackRules: [
    { callee: /(?:^|\.)AfterFunc$/, kind: "timer_callback", flags: ["detached timer"] },
    { callee: /\.(?:Go|TryGo|Submit|Spawn)$/, kind: "goroutine" },
    { callee: /(?:^|\.)(?:HandleFunc|Handle|HandlerFunc|On[A-Z]\w*|Subscribe|AddListener|Notify)$/, kind: "event_handler" },
    // gin / echo / chi routes: `r.GET("/users/:id", func(c *gin.Context) {…})` — a path first.
    { callee: /\.(?:GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS|Any|Get|Post|Put|Patch|Delete|Head|Options)$/, kind: "event_handler", firstArg: { match: /^["`]\//, flags: ["route"], required: true } },
    { callee: /(?:)/, kind: "callback" },
  ],
  extraction: {
    bodyFields: ["body"],
    bodyTypes: ["block", "field_declaration_list"],
    commentTypes: ["comment"],
    // Go has no nested named functions; types declared in function bodies are locals.
    keepInFunctions: [],
  },
  queries: { tags: q("tags.scm"), imports: q("imports.scm"), callbacks: q("callbacks.scm"), complexity: q("complexity.scm") },
}));

const SPEC_TYPES = new Set(["type_spec", "type_alias", "const_spec", "var_spec"]);
const KEYWORD: Record<string, string> = { type_declaration: "type", const_declaration: "const", var_declaration: "var" };
/** Compiler directives and tool markers inside a comment block are not prose. */
const DIRECTIVE = /^(?:go:|line |export |extern |\+build|nolint|lint:)/;

/**
 * The declaration that holds only this spec (`type X struct{…}` without parentheses), if any. `sole`
 * caches the answer per declaration: a `const ( … )` block of 2,000 specs (syscall's zerrors_*.go)
 * read its children once per spec — 4 s a file.
 */
function soleDeclaration(spec: Node, sole: Map<number, boolean>): Node | undefined {
  const decl = spec.parent;
  if (!decl || !KEYWORD[decl.type]) return undefined;
  let one = sole.get(decl.id);
  if (one === undefined) {
    let specs = 0;
    let grouped = false;
    for (const c of decl.children) {
      if (!c) continue;
      if (c.type === "(") grouped = true;
      else if (SPEC_TYPES.has(c.type)) specs++;
    }
    sole.set(decl.id, (one = specs === 1 && !grouped));
  }
  return one ? decl : undefined;
}

function typeSignature(ctx: FileContext, spec: Node): string {
  let text = ctx.text(spec);
  const t = spec.childForFieldName("type");
  if (t && (t.type === "struct_type" || t.type === "interface_type")) {
    const brace = text.indexOf("{", t.startIndex - spec.startIndex);
    if (brace >= 0) text = text.slice(0, brace);
  }
  return clip(`type ${collapseHead(text)}`, MAX_SIGNATURE);
}

function bindingSignature(ctx: FileContext, spec: Node, keyword: string): string {
  const first = ctx.text(spec).split("\n")[0] ?? "";
  return clip(`${keyword} ${collapse(first).replace(/\s*[{(]$/, "")}`, MAX_SIGNATURE);
}

/**
 * A struct field's head is the whole field: the core cuts a head at the first body it finds, which in
 * `doneChan chan struct{}` or `m map[K]struct{ n int }` is a type literal inside the field's type. A
 * field whose own type is a struct or interface (its fields are members) stops at that type's `{`.
 */
function fieldSignature(ctx: FileContext, field: Node): string {
  const t = field.childForFieldName("type");
  const own = t && (t.type === "struct_type" || t.type === "interface_type") ? t.children.find((c) => c?.type === "field_declaration_list" || c?.type === "{") : undefined;
  return signatureOf(ctx, field, own ?? null, []);
}

function refine(records: SymbolRecord[], ctx: FileContext): void {
  const sole = new Map<number, boolean>();
  for (const [r] of walk(records)) {
    // Go: exported ⇔ the name starts with an upper-case letter (members too).
    r.exported = /^\p{Lu}/u.test(r.name);
    const node = r.node;
    if (node?.type === "field_declaration" && r.bodyNode) r.signature = fieldSignature(ctx, node) || r.signature;
    if (!node || !SPEC_TYPES.has(node.type)) continue;
    const decl = node.parent;
    const keyword = decl ? KEYWORD[decl.type] : undefined;
    if (!keyword) continue;
    r.signature = keyword === "type" ? typeSignature(ctx, node) : bindingSignature(ctx, node, keyword);
    const one = soleDeclaration(node, sole);
    if (one) {
      // The declaration is the entry's range: `type`/`const` keyword line and the doc comment above it.
      r.node = one;
      r.startLine = one.startPosition.row + 1;
      r.endLine = endLineOf(one);
    }
  }
}

export default definePack({
  meta: { name: "pilens-pack-go", version: "0.1.0", description: "Go (tuned)" },
  languages: specs,
  apply(hooks) {
    const opts = { name: "pack:go", stage: STAGE.PACK };
    for (const spec of specs) {
      hooks.extract.for(spec.id).tap(opts, (records, ctx) => {
        refine(records, ctx);
        return records;
      });
      hooks.doc.for(spec.id).tap(opts, (doc, r) => {
        if (doc === undefined) return doc;
        const lines = doc.split("\n").filter((l) => !DIRECTIVE.test(l.trim()));
        if (lines.some((l) => /^Deprecated:/.test(l.trim()))) r.flags = [...(r.flags ?? []), "deprecated"];
        const prose = lines.join("\n").trim();
        if (!prose) delete r.docStartLine;
        // (`""`, not undefined: the waterfall keeps the core's doc for undefined — `//go:noinline` was one.)
        return prose;
      });
      hooks.imports.for(spec.id).tap(opts, (imports, ctx) => classifyGoImports(imports, ctx));
      // `go test`'s functions: TestX, BenchmarkX, FuzzX, ExampleX in a _test.go file (X not lower-case).
      hooks.flags.for(spec.id).tap(opts, (flags, r, ctx) => (r.kind === "function" && GO_TEST.test(r.name) && ctx.path.endsWith("_test.go") ? [...flags, "test"] : flags));
    }
  },
});

const GO_TEST = /^(?:Test|Benchmark|Fuzz|Example)(?![a-z])/;
