/**
 * Same-length masks (sfc.ts maskTypeScript runs them) for source shapes the bundled TypeScript and TSX
 * grammars misread that are no names taken for keywords (grammar-masks.ts has those): a regular
 * expression opening with `<!--` or `-->`, an anonymous default abstract class, AssemblyScript's
 * decorators on functions and variables. Offsets and line breaks stay; names, heads and docs read the
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
