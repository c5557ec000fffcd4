/**
 * Java pack (tuned). Queries say what is declared; the code here says what queries cannot: `public`
 * through the enclosing types (interface members are implicitly public), `static final` fields as
 * constants, Javadoc-only docs, callback handles named after their receiver, and imports resolved
 * through the source root implied by the `package` declaration.
 */
import { join } from "node:path";
import type { Node } from "web-tree-sitter";
import { definePack, type LanguageSpec } from "../../core/plugin.js";
import type { FileContext, ImportRecord, SymbolKind, SymbolRecord } from "../../core/types.js";
import { DEFAULT_IGNORE_DOC, walk } from "../../core/extract.js";
import { commentAbove } from "../../core/doc.js";
import { toRel } from "../../core/imports.js";
import { STAGE } from "../../core/stages.js";
import { stripCommentMarkers } from "../../core/text.js";
import { LANGUAGES } from "./languages.js";
import { isFile, isDir } from "../../core/files.js";
import { sourceRoots } from "../shared/source-roots.js";

const q = (f: string) => new URL(`./queries/${f}`, import.meta.url);
const TAP = { name: "pack:java", stage: STAGE.PACK };

const specs: LanguageSpec[] = LANGUAGES.map((l) => ({
  ...l,
  grammar: "java",
  recoverBraces: true, // a half-typed edit (core/brace-recovery.ts)
  runOnComments: ["block_comment"], // a doc comment left open (core/run-on-comments.ts)
  runOnStrings: ["string_literal", "multiline_string_fragment"], // a string or text block left open (core/run-on.ts; the grammar lets a `"` string run over lines, a text block never closed is its text alone in an ERROR)
  runOnStringsSemicolon: true, // and its statement's `;` left out (core/run-on.ts)
  callbackSupport: "tuned",
  callbackRules: [
    { callee: /^(?:submit|execute|schedule\w*|invokeAll|invokeAny|runAsync|supplyAsync)$/, kind: "task" },
    { callee: /^(?:add\w*Listener|set\w*Listener|subscribe|addHandler|setOn[A-Z]\w*)$/, kind: "event_handler", flags: ["listener"] },
    { callee: /^(?:then[A-Z]\w*|whenComplete(?:Async)?|exceptionally|handle(?:Async)?)$/, kind: "future_callback" },
    { callee: /(?:)/, kind: "lambda", blockBodyOnly: true },
  ],
  extraction: {
    bodyFields: ["body"],
    // Anonymous class bodies: a callback's signature stops at `new Listener()`.
    bodyTypes: ["class_body"],
    commentTypes: ["line_comment", "block_comment"],
    decoratorTypes: ["annotation", "marker_annotation"],
    // A `//` line is never a doc, nor a gap: a commented-out `//@Deprecated` between a Javadoc and its
    // declaration had set the flag and dropped the doc.
    ignoreDocPatterns: [...DEFAULT_IGNORE_DOC, /^\/\//],
    // local classes, records, interfaces and enums are nested entries of their method (never exported)
    keepInFunctions: ["class", "interface", "enum"] as SymbolKind[],
  },
  queries: {
    tags: q("tags.scm"),
    imports: q("imports.scm"),
    callbacks: q("callbacks.scm"),
    complexity: q("complexity.scm"),
  },
}));

/** Implicitly public members: everything in an interface or annotation type unless `private`. */
const IMPLICIT_PUBLIC = new Set(["interface_declaration", "annotation_type_declaration"]);

function modifiers(node: Node): string {
  const m = node.namedChildren.find((c) => c?.type === "modifiers");
  // Annotations sit inside `modifiers`; only the keywords matter here.
  return m ? m.children.filter((c) => c && !c.isNamed).map((c) => c!.type).join(" ") : "";
}

function isExported(r: SymbolRecord, parent: SymbolRecord | undefined): boolean {
  const n = r.node!;
  const mods = modifiers(n);
  if (!parent) return /\bpublic\b/.test(mods);
  if (!parent.exported) return false;
  // (An enum constant, and a record component: its accessor is public.)
  if (n.type === "enum_constant" || n.type === "formal_parameter") return true;
  if (/\bpublic\b/.test(mods)) return true;
  return !!parent.node && IMPLICIT_PUBLIC.has(parent.node.type) && !/\bprivate\b/.test(mods);
}

/**
 * Whether `node` lies in an anonymous class body (`new Runnable() { … }`) below `owner` (its parent
 * record's node; the root when undefined).
 */
function inAnonymousBody(node: Node, owner: Node | undefined): boolean {
  for (let n = node.parent; n && n.id !== owner?.id; n = n.parent) {
    if (n.type === "class_body" && n.parent?.type === "object_creation_expression") return true;
  }
  return false;
}

/**
 * Members of anonymous classes are no entries (the class is a callback), nor is anything declared in
 * them. In a method body the core drops them as locals; in a `static {}` / instance `{}` block they had
 * become public methods of the enclosing class (ServerConfig's phantom `run`), in a field initializer
 * members of the field (`CMP.compare`).
 */
function dropAnonymousMembers(records: SymbolRecord[], owner: Node | undefined): SymbolRecord[] {
  return records.filter((r) => {
    if (r.node && inAnonymousBody(r.node, owner)) return false;
    if (r.members.length) r.members = dropAnonymousMembers(r.members, r.node);
    return true;
  });
}

function extract(input: SymbolRecord[]): SymbolRecord[] {
  const records = dropAnonymousMembers(input, undefined);
  for (const [r, parents] of walk(records)) {
    const n = r.node;
    if (!n) continue;
    if (n.type === "field_declaration") {
      const mods = modifiers(n);
      if (/\bstatic\b/.test(mods) && /\bfinal\b/.test(mods)) r.kind = "constant";
      ownDeclarator(r, n);
    }
    r.exported = isExported(r, parents[parents.length - 1]);
  }
  return records;
}

/**
 * A field declaration of several declarators (`TableStack<K,V> stack, spare;`): each entry's head is the
 * declaration's type and its own declarator (`TableStack<K,V> spare`) — both rows of ConcurrentHashMap's
 * BulkTask had read `TableStack<K,V> stack, spare`, compact's rows (heads, no names) telling them apart
 * by nothing. As C#'s (csharp/declarators.ts), on the head's text.
 */
function ownDeclarator(r: SymbolRecord, n: Node): void {
  const all = n.namedChildren.filter((c): c is Node => c?.type === "variable_declarator");
  const own = all.find((d) => d.childForFieldName("name")?.text === r.name);
  const first = all[0]?.childForFieldName("name")?.text;
  if (all.length < 2 || !own || !first || !r.signature) return;
  const at = r.signature.search(new RegExp(`(?:^|[\\s>\\]])${first.replace(/\$/g, "\\$")}(?=\\s*[=,;]|\\s*$)`));
  if (at < 0) return;
  const prefix = r.signature.slice(0, at + (/[\s>\]]/.test(r.signature[at]!) ? 1 : 0)).trimEnd();
  const text = own.text.replace(/\s+/g, " ");
  r.signature = `${prefix} ${text.length > 100 ? `${text.slice(0, 99)}…` : text}`;
}

const ENTITIES: Record<string, string> = { lt: "<", gt: ">", amp: "&", quot: '"', nbsp: " ", "#39": "'" };

/**
 * Inline tags the core leaves (`{@link}`, `{@code}` are its) as javadoc renders them, innermost first:
 * `{@return X}` is the sentence "Returns X." (javac's first sentence is that tag alone: getReturnType's
 * doc had read "the return type of this executable Returns a NoType…"), `{@inheritDoc}` nothing, any
 * other its text (`{@systemProperty user.home}`); a bare `{@value}` (the constant's own value) stays.
 */
function inlineTags(text: string): string {
  const tag = /\{@(\w+)(\s+[^{}]*)?\}/g;
  for (let i = 0, was = ""; i < 8 && text !== was; i++) {
    was = text;
    text = text.replace(tag, (all: string, name: string, body?: string) => {
      const said = body?.trim() ?? "";
      if (name === "inheritDoc") return "";
      if (!said) return all;
      // (`{@return Returns the maximum duration…}`, ServerConfig's, says it once.)
      if (name === "return") return `${/^returns?\b/i.test(said) ? "" : "Returns "}${said}${/[.!?]$/.test(said) ? "" : "."}`;
      return said;
    });
  }
  return text;
}

/**
 * `<` and `>` inside `{@code …}` / `{@literal …}` as entities, so the HTML reduction leaves them: javadoc
 * prints them as written (`{@code List<String>}` had read `List`, Headers' `Map{@literal <}…` lost a line).
 */
function codeAsText(raw: string): string {
  return raw.replace(/\{@(code|literal)(\s[^{}]*)\}/g, (_, tag: string, body: string) => `{@${tag}${body.replace(/</g, "&lt;").replace(/>/g, "&gt;")}}`);
}

/** Javadoc (`/** … *\/`) only; block tags cut, inline tags and HTML reduced to their text. */
function javadoc(r: SymbolRecord, ctx: FileContext, spec: LanguageSpec): string {
  const c = commentAbove(ctx, spec, r, (t) => /^\/\*\*(?!\/)/.test(t));
  if (!c) {
    delete r.docStartLine;
    return "";
  }
  // Only the last Javadoc block documents the declaration (a stray `/** */` above it does not join).
  const last = c.nodes[c.nodes.length - 1]!;
  r.docStartLine = last.startPosition.row + 1;
  return inlineTags(stripCommentMarkers(codeAsText(ctx.text(last))))
    // (Inline tags go without a space — `<a href…>binary name</a>.` had read `binary name .` and lost
    // its sentence end —; `2<sup>63</sup>` is 2^63; block tags part words.)
    .replace(/<sup>/gi, "^")
    .replace(/<\/?(?:a|b|i|em|strong|code|tt|sup|sub|span|var|small|big|u|s|cite|dfn|kbd|samp|abbr|font)\b[^>]*>/gi, "")
    // (A tag opens with its name: `('^' | '\\<' | '\\>' | atom)`, xerces' grammar, is text.)
    .replace(/<\/?[A-Za-z][^<>]*>/g, " ")
    .replace(/&(lt|gt|amp|quot|nbsp|#39);/g, (_, e: string) => ENTITIES[e] ?? "")
    .trim();
}

/** `exec.submit@12` rather than `submit@12` when the receiver is a plain name or field. */
function renameCallbacks(ctx: FileContext, callbacks: import("../../core/types.js").CallbackRecord[]) {
  for (const c of callbacks) {
    const n = c.node;
    const call = n?.parent?.type === "argument_list" ? n.parent.parent : null;
    if (call?.type === "method_invocation") {
      const obj = call.childForFieldName("object");
      const name = call.childForFieldName("name");
      if (obj && name && /^(identifier|field_access|this)$/.test(obj.type) && obj.endIndex - obj.startIndex <= 40) {
        c.name = `${ctx.text(obj).replace(/\s+/g, "")}.${ctx.text(name)}@${c.startLine}`;
      }
    }
    if (c.signature) c.signature = c.signature.replace(/\s*->$/, "");
  }
  return callbacks;
}

/** The file's package (`com.x` of `package com.x;`), "" without one. */
function packageOf(ctx: FileContext): string {
  const pkg = ctx.tree.rootNode.namedChildren.find((c) => c?.type === "package_declaration");
  const name = pkg?.namedChildren.find((c) => c?.type === "scoped_identifier" || c?.type === "identifier");
  return name ? ctx.text(name).replace(/\s+/g, "") : "";
}

/**
 * `import a.b.C` resolved under the file's source root (its folder minus the package path), then the other
 * source sets' (`src/test/java` importing `src/main/java`'s class: shared/source-roots.ts); `import a.b.*`
 * internal when such a folder exists (the graph links the names its files declare: same-package.ts).
 */
function resolveImports(imports: ImportRecord[], ctx: FileContext): ImportRecord[] {
  const roots = sourceRoots(ctx.path, packageOf(ctx));
  for (const i of imports) {
    const line = ctx.lines[i.line - 1] ?? "";
    if (new RegExp(`${i.source.replace(/\./g, "\\.")}\\s*\\.\\s*\\*`).test(line)) i.source += ".*";
    i.external = true;
    const parts = i.source.replace(/\.\*$/, "").split(".");
    for (const root of roots) {
      if (i.source.endsWith(".*") && isDir(join(root, ...parts))) {
        i.external = false;
        break;
      }
      // `a.b.C`, `a.b.C.Inner`, `a.b.C.member`, `import static a.b.C.*`: the longest prefix that is a source file.
      const f = fileIn(root, parts);
      if (!f) continue;
      i.external = false;
      i.resolved = toRel(ctx.root, f);
      break;
    }
  }
  return imports;
}

/** The longest prefix of `parts` that is a `.java` file under `root`. */
function fileIn(root: string, parts: string[]): string | undefined {
  for (let n = parts.length; n >= 1; n--) {
    const f = join(root, ...parts.slice(0, n)) + ".java";
    if (isFile(f)) return f;
  }
  return undefined;
}

export default definePack({
  meta: { name: "pilens-pack-java", version: "0.1.0", description: "Java (tuned)" },
  languages: specs,
  apply(hooks) {
    for (const spec of specs) {
      hooks.extract.for(spec.id).tap(TAP, (records) => extract(records));
      hooks.doc.for(spec.id).tap(TAP, (_doc, r, ctx) => javadoc(r, ctx, spec));
      hooks.flags.for(spec.id).tap(TAP, (flags, r) => {
        if (r.decorators?.some((d) => /^@(?:org\.junit\.(?:jupiter\.api\.)?)?(Test|ParameterizedTest|RepeatedTest)\b/.test(d))) return [...flags, "test"];
        return flags;
      });
      hooks.callbacks.for(spec.id).tap(TAP, (callbacks, ctx) => renameCallbacks(ctx, callbacks));
      hooks.imports.for(spec.id).tap(TAP, (imports, ctx) => resolveImports(imports, ctx));
    }
  },
});
