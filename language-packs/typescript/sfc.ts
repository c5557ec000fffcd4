/**
 * The JS/TS pack's `prepareSource` masks: the part of a single-file component (.vue, .svelte, .astro)
 * the TypeScript grammar reads, and TS forms the bundled grammar predates (`accessor`, a nested
 * `global {`, `export type * from`, `export default function (): T;`).
 */

import { maskKeywordNames, overwrite } from "./grammar-masks.js";
import { blankDefaultAbstractClasses, blankFunctionDecorators, blankNewNew, maskExportImportRequire, maskParenthesizedDecorators, maskRegexHtmlComments } from "./shape-masks.js";

/** TypeScript source as the bundled grammar should see it: each of the masks below, grammar-masks.ts's and shape-masks.ts's, offsets kept. */
export function maskTypeScript(source: string): string {
  const shapes = blankNewNew(maskExportImportRequire(blankFunctionDecorators(maskParenthesizedDecorators(blankDefaultAbstractClasses(maskRegexHtmlComments(source))))));
  const masked = maskAnonymousDefaultSignatures(maskAliasImportTypes(blankTypeStarExports(blankNestedGlobals(blankAccessorKeywords(maskKeywordNames(shapes))))));
  return separateTypeMembers(blankTypeParameterModifiers(masked));
}

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

/**
 * `accessor count = 0;` (TS 4.9 auto-accessors): the bundled grammar predates the keyword and reads an
 * ERROR there. The parse sees the keyword blanked (`         count = 0;`), a plain field; signatures and
 * docs read the real source, so the head still says `accessor`. A member named `accessor` (`accessor =
 * 1`, `accessor() {}`) is left alone: the keyword is followed by a name.
 */
const ACCESSOR_KEYWORD = /^([ \t]*(?:@[\w$.]+(?:\([^()\n]*\))?[ \t]+)*(?:(?:public|private|protected|static|readonly|declare|override|abstract)[ \t]+)*)accessor(?=[ \t]+[#A-Za-z_$])/gm;

export function blankAccessorKeywords(source: string): string {
  if (!source.includes("accessor")) return source;
  return source.replace(ACCESSOR_KEYWORD, (_, head: string) => `${head}        `);
}

/**
 * `declare module "events" { global { interface EventTarget {…} } }` — @types/node augments the globals
 * from inside a module: the bundled grammar knows `global {…}` only after `declare` at the top level
 * and read an ERROR there. The parse sees the keyword blanked (a plain block); the pack lists the
 * block as a module `global` holding its declarations (namespace-members.ts nestedGlobals), as it does `declare
 * global {…}`.
 */
export const NESTED_GLOBAL = /^([ \t]+)global(?=[ \t]*\{)/gm;

export function blankNestedGlobals(source: string): string {
  if (!source.includes("global")) return source;
  return source.replace(NESTED_GLOBAL, (_, indent: string) => `${indent}      `);
}

/**
 * `export type * from "./x"` / `export type * as ns from "./x"` (TS 5.0): the bundled grammar predates
 * the form and read an ERROR there (this repository's index.ts had one). The parse sees `type` blanked,
 * a plain `export * from`; heads read the real source.
 */
const TYPE_STAR_EXPORT = /^([ \t]*export[ \t]+)type(?=[ \t]+\*)/gm;

export function blankTypeStarExports(source: string): string {
  if (!source.includes("type *")) return source;
  return source.replace(TYPE_STAR_EXPORT, (_, head: string) => `${head}    `);
}

/**
 * `type Blob = import("buffer").Blob` (an import type in a type alias's value; estree-walker's, @types/node's
 * buffer.d.ts) and `<P extends import("estree").Node>`: the bundled grammar reads `import(…)` there as
 * an ERROR (it knows the form in annotations and after `typeof`). The parse sees an identifier of the same length (`import__________.Blob`);
 * heads read the real source, and the import scan finds the specifier in the text (import-scan.ts).
 */
const TYPE_ALIAS_HEAD = /\btype[ \t]+[A-Za-z_$][\w$]*[ \t]*(?:<[^=;{}]*>)?[ \t]*=/g;
const IMPORT_TYPE = /(?<!\btypeof[ \t]+)\bimport\((?:"[^"\n]*"|'[^'\n]*')\)/g;

/** `<P extends import("estree").Node>`: an import type as a type parameter's constraint. */
const CONSTRAINT_IMPORT = /(?<=\bextends[ \t]+)import\((?:"[^"\n]*"|'[^'\n]*')\)/g;

/**
 * `(): import("react/jsx-runtime").JSX.Element | null`, `$config(): import("../index.js").Config & {…}`,
 * `: import("better-call").Middleware<…>` — tsc writes an import type wherever a declaration's inferred
 * type names something the file does not import (date-fns' fp/*.d.ts, better-auth, drizzle, lexical,
 * @tanstack/react-router .d.ts files): the grammar reads `import("…").A` only as a whole annotation, and
 * type arguments, a union or an intersection after it read an ERROR (better-auth's api/index.d.mts
 * lost all 4,000 lines). Any `import("…")` followed by a member chain is masked the same way, except
 * after `typeof` (which the grammar reads) and before a call: `import("./x").then(…)` is an
 * expression, and the mask would only change a call into a name there (the import scan reads both).
 */
const MEMBER_IMPORT = /(?<!\btypeof[ \t]+)\bimport\((?:"[^"\n]*"|'[^'\n]*')\)(?=(?:\.[A-Za-z_$][\w$]*)+(?![\w$.]|[ \t]*\(|\?\.))/g;

/**
 * `importOriginal<typeof import("./p")>()` (vitest's `vi.mock(p, async (importOriginal) => ({…}))`), any
 * call with no arguments whose last type argument is `typeof import("…")` (a member chain after it too):
 * the grammar read `f < typeof import("x") > ()` as comparisons and the empty `()` as an ERROR that,
 * in an arrow handed to a call, took the rest of the file (blocknote's YjsThreadStore.test.ts, 295
 * lines). The parse sees `typeof import_____`, a type query of a name, which the grammar reads there.
 * (With arguments, `vi.importActual<typeof import("x")>("x")` parses as comparisons: left alone.)
 */
const TYPEOF_IMPORT_ARGUMENT = /(?<=[<,][ \t]*typeof[ \t]+)import\((?:"[^"\n]*"|'[^'\n]*')\)(?=(?:\.[A-Za-z_$][\w$]*)*[ \t]*>[ \t]*\([ \t]*\))/g;

export function maskAliasImportTypes(source: string): string {
  if (!source.includes("import(")) return source;
  const name = (t: string) => "import" + "_".repeat(t.length - 6);
  let out = source.replace(CONSTRAINT_IMPORT, name).replace(MEMBER_IMPORT, name).replace(TYPEOF_IMPORT_ARGUMENT, name);
  for (const m of source.matchAll(TYPE_ALIAS_HEAD)) {
    // The alias's value: up to its `;` (or a blank line, or the next declaration's keyword at a line start).
    const from = m.index! + m[0].length;
    const rest = source.slice(from, from + 2000);
    const end = from + (/;|\n[ \t]*\n|\n(?=[ \t]*(?:export|declare|type|interface|function|const|let|var|class)\b)/.exec(rest)?.index ?? rest.length);
    const value = out.slice(from, end);
    if (value.includes("import(")) out = out.slice(0, from) + value.replace(IMPORT_TYPE, name) + out.slice(end);
  }
  return out;
}

/**
 * `export default function (): T;` — tsc's .d.ts output for an anonymous default function (zod's locale
 * files): the bundled grammar knows a bodiless declaration only with a name and read an ERROR there (the
 * file outlined empty). The parse sees a named signature of the same length (`export        function
 * _(): T;`); the pack lists it as the function `default` (bindings.ts moduleBindings).
 * A default function with a body parses already and is left alone.
 */
const ANON_DEFAULT_FUNCTION = /^([ \t]*export)([ \t]+default[ \t]+function[ \t]*)(?=[(<])/gm;

export function maskAnonymousDefaultSignatures(source: string): string {
  if (!source.includes("default")) return source;
  return source.replace(ANON_DEFAULT_FUNCTION, (m, head: string, rest: string, at: number) =>
    bodiless(source, at + m.length) ? `${head}${" ".repeat(rest.length - 10)}function _` : m);
}

/** Whether the function whose type parameters or parameters open at `i` ends in `;` (no body). */
function bodiless(s: string, i: number): boolean {
  const end = Math.min(s.length, i + 20_000);
  let depth = 0;
  let afterOperator = true; // where a `{` opens an object type, not the body
  let params = false; // the parameter list has closed
  for (; i < end; i++) {
    const c = s[i]!;
    if (c === '"' || c === "'" || c === "`") {
      const close = s.indexOf(c, i + 1);
      if (close < 0) return false;
      (i = close), (afterOperator = false);
    } else if (c === "=" && s[i + 1] === ">") (i++, (afterOperator = true));
    else if (c === "{" && depth === 0 && (!params || !afterOperator)) return false;
    else if ("([{<".includes(c)) (depth++, (afterOperator = true));
    else if (")]}>".includes(c)) {
      depth--;
      afterOperator = false;
      if (depth === 0 && c === ")") params = true;
    } else if (c === ";" && depth === 0) return params;
    else if (":|&,?".includes(c)) afterOperator = true;
    else if (!/\s/.test(c)) afterOperator = false;
  }
  return false;
}

/**
 * `interface Trie<in out V>` / `<out A = unknown>` (TS 4.7 variance annotations) and `<const T extends
 * string>` (TS 5.0 const type parameters): the bundled grammar predates both and read an ERROR that
 * swallowed the rest of the file (effect's modules had one from their first interface on). The parse
 * sees the modifiers blanked, a plain type parameter; heads read the real source. Only where a type
 * parameter can stand: after `<` or `,` (comments between: zod writes a block comment `@ts-ignore Cast
 * variance` before `out Shape extends $ZodShape = $ZodShape,`), before a name followed by `,` `>` `=` or `extends` (not
 * `=` after a lone `const`: a declaration). Both at once: elysia's `class Elysia<const in out BasePath
 * extends string = ''`. (The lookahead before the lookbehind keeps the scan cheap: the lookbehind runs
 * only at the three words, not at every offset.)
 */
const TYPE_PARAMETER_MODIFIER = /\b(?=in\b|out\b|const\b)(?<=[<,](?:\s|\/\/[^\n]*\n|\/\*(?:[^*]|\*(?!\/))*\*\/)*)(?:(?:const[ \t]+)?(?:in[ \t]+out|in|out)(?=[ \t]+[A-Za-z_$][\w$]*\s*(?:[,>=]|extends\b))|const(?=[ \t]+[A-Za-z_$][\w$]*\s*(?:[,>]|extends\b)))/g;

export function blankTypeParameterModifiers(source: string): string {
  if (!/\b(?:in|out|const)[ \t]/.test(source)) return source;
  return source.replace(TYPE_PARAMETER_MODIFIER, (kw) => " ".repeat(kw.length));
}

/**
 * A type member on its own line after a member that ends in a type, where TypeScript ends the type at
 * the line break and the bundled grammar reads on, into an ERROR that swallowed the rest of the file:
 * - one that opens with type parameters (overloaded call signatures, `dual` APIs: `(self: A): B` then
 *   `<A, B>(self: A): B`; effect, redux toolkit): the grammar took the `<…>` for type arguments;
 * - a property named `in` or `instanceof` (`name: string` then `in: "query"`; OpenAPI shapes): the
 *   grammar took the operator.
 * The parse sees a `;` in the line's indentation, the separator TypeScript reads; lines and offsets
 * stay. Left alone: a line after an operator, `(`, `,` or `=>` (a generic arrow function continuing an
 * expression), and a `<` not followed, once balanced, by `(`.
 */
const MEMBER_LINE = /\n([ \t]+)(?:<(?=[ \t]*[A-Za-z_$]|[ \t]*\r?\n)|in(?:stanceof)?(?=[?]?:))/g;

export function separateTypeMembers(source: string): string {
  if (!/\n[ \t]+(?:<|in(?:stanceof)?\??:)/.test(source)) return source;
  const edits: [number, string][] = [];
  for (const m of source.matchAll(MEMBER_LINE)) {
    const at = m.index! + 1 + m[1]!.length;
    if ((source[at] === "<" && !opensSignature(source, at)) || !endsType(source, m.index!)) continue;
    edits.push([at - 1, ";"]);
  }
  return overwrite(source, edits);
}


/** Whether the `<` at `i` opens balanced type parameters followed by `(`. */
function opensSignature(s: string, i: number): boolean {
  let depth = 0;
  const end = Math.min(s.length, i + 4000);
  for (let j = i; j < end; j++) {
    const c = s[j]!;
    if (c === "<") depth++;
    else if (c === ">" && s[j - 1] !== "=" && --depth === 0) return /^[ \t]*\(/.test(s.slice(j + 1, j + 40));
    else if (c === ";" || (c === "{" && depth === 0)) return false;
  }
  return false;
}
/** Whether the code before the line break at `nl` (comments and blank lines skipped) ends a type. */
function endsType(s: string, nl: number): boolean {
  let i = nl - 1;
  for (;;) {
    while (i >= 0 && /\s/.test(s[i]!)) i--;
    if (s[i] === "/" && s[i - 1] === "*") {
      const open = s.lastIndexOf("/*", i - 2);
      if (open < 0) return false;
      i = open - 1;
      continue;
    }
    const lineStart = s.lastIndexOf("\n", i) + 1;
    const comment = s.slice(lineStart, i + 1).search(/(?:^|[^:])\/\//);
    if (comment >= 0) {
      i = lineStart + comment + (s[lineStart + comment] === "/" ? 0 : 1) - 1;
      continue;
    }
    break;
  }
  return i >= 0 && /[\w$\])}'"`]/.test(s[i]!) || (s[i] === ">" && s[i - 1] !== "=");
}

/**
 * The TypeScript pack's second reading (LanguageSpec.reparse), for a file whose parse the grammar lost:
 * every escape (a backslash and the character after it on the same line) read as two plain
 * characters. The bundled grammar has no escapes in template literal types (an escaped backtick in
 * effect's Schema.ts), and the ERROR there swallowed the whole file. Strings, templates and regular
 * expressions stay what they were, the same length; heads and names read the real source.
 */
export function maskEscapes(source: string): string {
  return source.replace(/\\[^\r\n]/g, "__");
}

export const MASKED_ESCAPES_NOTE =
  "read a second time with escapes in literals masked, as the grammar lost its way on one (template literal types have none in it)";
