/**
 * Same-length masks (sfc.ts maskTypeScript runs them) for source shapes the bundled TypeScript and TSX
 * grammars misread that are no names taken for keywords (grammar-masks.ts has those): a regular
 * expression opening with `<!--` or `-->`, an anonymous default abstract class, AssemblyScript's
 * decorators on functions and variables, `export import X = require("…")`, a parenthesised decorator
 * `@(expr)`, `new new X(…)`. Offsets and line breaks stay; names, heads and docs read the
 * real source.
 */

/**
 * `const commentStart = /<!--/;`, `/-->/`, `/<!--[\s\S]*?-->/g` (react-native-svg's xml.tsx, an
 * HTML-stripping pattern): the TypeScript grammars' scanner takes `<!--` or `-->` where a token starts
 * as an HTML comment running to the line's end — a regular expression's first characters too — and
 * the constants after it were lost, the one before it ran on. The parse sees the pattern's first
 * character as `_` (`/_!--/`); the JavaScript grammar reads these, and is left alone. After a `/`
 * those characters open nothing else but in a comment (`//-->`), where the mask changes nothing.
 */
export function maskRegexHtmlComments(source: string): string {
  if (!source.includes("/<!--") && !source.includes("/-->")) return source;
  return source.replace(/(?<=\/)(?:<!--|-->)/g, (m) => `_${m.slice(1)}`);
}

/**
 * `export default abstract class {…}` (an anonymous abstract default class; valid TypeScript): the
 * grammar knows `abstract class` only with a name and read an ERROR that took the whole file. The parse
 * sees `abstract` blanked, `export default          class {…}` (its abstract members parse in any
 * class); the pack lists the class `default` as for `export default class {…}` (head `class`). A
 * named one (`export default abstract class Base`) parses and is left alone.
 */
const DEFAULT_ABSTRACT_CLASS = /(\bexport[ \t]+default[ \t]+)abstract(?=[ \t]+class(?:[ \t]*[{<]|[ \t]+(?:extends|implements)\b))/g;

export function blankDefaultAbstractClasses(source: string): string {
  if (!source.includes("abstract")) return source;
  return source.replace(DEFAULT_ABSTRACT_CLASS, (_, head: string) => `${head}        `);
}

/**
 * `@inline @lazy const MIN_SIZE: usize = 8;`, `@operator("+")` / `function plus(…)` (AssemblyScript's
 * std/assembly, where decorators stand on functions and variables; the compiler's parser reads them):
 * the grammar takes decorators on classes, their members and `export` statements only, and each of
 * these read an ERROR — a false syntax warning per declaration (up to 34 a file), though the
 * declarations were found. The parse sees the decorators blanked at a line's start before `function`,
 * `const`, `let` or `var` (`declare`, `async` allowed between), as they were no part of the
 * declaration before (no `decorators`, its lines from the keyword's); the head reads the real source.
 * Decorators before `export` parse, and are the exported declaration's: left alone.
 */
const FUNCTION_DECORATORS = /^([ \t]*)((?:@[A-Za-z_$][\w$.]*(?:\([^()\n]*\))?[ \t]*(?:\r?\n[ \t]*)?)+)(?=(?:declare[ \t]+)?(?:async[ \t]+)?(?:function|const|let|var)\b(?![ \t]*[(:=?!<;]))/gm;

export function blankFunctionDecorators(source: string): string {
  if (!source.includes("@")) return source;
  return source.replace(FUNCTION_DECORATORS, (_, indent: string, decorators: string) => indent + decorators.replace(/[^\r\n]/g, " "));
}

/**
 * `export import YAMLException = require('./exception');` (TypeScript's exported import-require, yaml-ast-parser's
 * index): the grammar knows `import X = require("…")` and `export import X = A.B`, not the two together — it
 * read `export import YAMLException = require` and the path as a statement of its own, with a false syntax
 * warning, and the head lost the path. The parse sees a name of the same length, `require_______________`
 * (an exported import alias); the head reads the real source and the import scan the specifier (import-scan.ts).
 */
const EXPORT_IMPORT_REQUIRE = /(?<=^[ \t]*export[ \t]+import[ \t]+(?:type[ \t]+)?[A-Za-z_$][\w$]*[ \t]*=[ \t]*)require\([ \t]*(?:"[^"\n]*"|'[^'\n]*')[ \t]*\)/gm;

export function maskExportImportRequire(source: string): string {
  if (!source.includes("require(")) return source;
  return source.replace(EXPORT_IMPORT_REQUIRE, (t) => "require" + "_".repeat(t.length - 7));
}

/**
 * `@(http.GET().group(...groups))` (TS 5 decorators: a parenthesised expression after `@`; @deepkit/http):
 * the grammar knows a decorator as a name, a member path or a call of one — it read `group` as a method
 * and lost the member the decorator stands on. The parse sees `@_(   …   )`, a call with no arguments of
 * the same length (line breaks kept), at a line's start only, where a decorator stands; the decorator's
 * text reads the real source.
 */
export function maskParenthesizedDecorators(source: string): string {
  if (!source.includes("@(")) return source;
  let out = source;
  for (const m of source.matchAll(/^[ \t]*@\(/gm)) {
    const open = m.index! + m[0].length - 1;
    const close = closingParen(source, open);
    if (close < 0) continue;
    out = `${out.slice(0, open)}_(${out.slice(open + 2, close).replace(/[^\r\n]/g, " ")})${out.slice(close + 1)}`;
  }
  return out;
}

/** The index of the `)` closing the parenthesis at `open` (strings skipped), or -1: none within 2,000 characters, or a template literal first. */
function closingParen(s: string, open: number): number {
  let depth = 0;
  const end = Math.min(s.length, open + 2000);
  for (let i = open; i < end; i++) {
    const c = s[i]!;
    if (c === "`") return -1; // (a template literal's text, not a decorator)
    if (c === '"' || c === "'") {
      for (i++; i < end && s[i] !== c; i++) if (s[i] === "\\") i++;
    } else if (c === "(") depth++;
    else if (c === ")" && --depth === 0) return i;
  }
  return -1;
}

/**
 * `new new Proxy(fn, handler)` (a constructor called on what `new` returns, with no arguments of its
 * own; @deepkit/core's `isConstructable`): the grammars read an ERROR there, a false syntax warning. The
 * parse sees the first `new` blanked; nothing is declared in the expression either way.
 */
const NEW_NEW = /(?<![\w$.-])new(?=[ \t]+new\b)/g;

export function blankNewNew(source: string): string {
  NEW_NEW.lastIndex = 0;
  return NEW_NEW.test(source) ? source.replace(NEW_NEW, "   ") : source;
}
