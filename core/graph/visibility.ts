/**
 * What other code can name bare, per language — the scope rules the links follow beyond JS/TS's:
 *   - a namespace's declarations are at file scope for linking (C#'s `namespace Shop.Orders;` and
 *     `namespace X { … }`, C++'s `namespace geo { … }`): other files name them bare after a `using`, and
 *     they had no usedBy at all;
 *   - a file-scope type or function not marked public is still visible to the other files of its package
 *     (Java's package-private, C#'s `internal`, the default for both): most of a JDK module's classes; and
 *     to those of its module in Swift (`internal`, the default: the whole project, as pilens has no module
 *     map), but for `private`/`fileprivate` ones (DEF_FILE_LOCAL), their file's alone, members too; and
 *     Kotlin's `internal` (visible in its module, the project too), but for `private` ones (file-local);
 *   - inside a type, a member is named without `this` (Java, C#, Kotlin, Swift, C++, Scala, Ruby, Dart):
 *     `addWorker(…)` in ThreadPoolExecutor is a call of its own method.
 */
import { DEF_EXPORTED, DEF_FILE_LOCAL, type Def } from "./types.js";
import { outOfClass } from "./cpp-members.js";

const NAMESPACED = new Set(["csharp", "cpp"]);
const PACKAGE_VISIBLE = new Set(["java", "csharp", "swift", "kotlin"]);
export const IMPLICIT_SELF = new Set(["java", "csharp", "kotlin", "swift", "cpp", "scala", "ruby", "dart"]);
const NAMESPACE_KINDS = new Set(["namespace", "module"]);

/**
 * Whether `d[i]` is at file scope for linking: top level, or (C#, C++) inside namespaces only. Not a Go
 * method declared in another file than its type (keyed `Template.Execute`, parse-file.ts goOwner), nor a
 * C++ definition out of its class's body (keyed `ns.Widget.size`, cpp-members.ts): members.
 */
export function fileScope(d: Def[], i: number, language: string): boolean {
  let p = d[i]![6];
  if (p === -1) return !(language === "go" && d[i]![2] === "method" && d[i]![1].includes(".")) && !outOfClass(d, i, language);
  if (!NAMESPACED.has(language) || outOfClass(d, i, language)) return false;
  for (; p !== -1; p = d[p]?.[6] ?? -1) if (!d[p] || !NAMESPACE_KINDS.has(d[p]![2])) return false;
  return true;
}

const FUNCTIONS = new Set(["function", "method", "constructor"]);
const LOCAL_KINDS = new Set(["function", "variable", "constant"]);

/**
 * Whether `d[i]` is a function's own helper or binding (`function push(part)` inside objectArms): a
 * name only that function's code can call — no member of anything, so no name-only target (an array's
 * `targets.push(v)` had been its use). A constructor function's `this.bar = function` is a method: kept.
 */
export function functionLocal(d: Def[], i: number): boolean {
  const x = d[i]!;
  return x[6] >= 0 && LOCAL_KINDS.has(x[2]) && FUNCTIONS.has(d[x[6]]?.[2] ?? "");
}

/** Blocks that add to a type named elsewhere (Swift's `extension Transaction`, Rust's `impl Store`): not a definition of the name. */
const ADDS_TO = new Set(["extension", "impl"]);

/**
 * Whether other files can name `d[i]` bare: at file scope, and exported — or visible to its package (Java,
 * C#) or module (Swift, Kotlin's `internal`), not file-local. Not an extension or impl block: its name is the type's, defined
 * elsewhere (a Swift struct whose extension is in another file had no usedBy at all, its name being
 * "defined" by two files).
 */
export function visibleAcross(d: Def[], i: number, language: string): boolean {
  const x = d[i]!;
  return fileScope(d, i, language) && ((x[5] & DEF_EXPORTED) !== 0 || (PACKAGE_VISIBLE.has(language) && !(x[5] & DEF_FILE_LOCAL))) && !ADDS_TO.has(x[2]);
}

/** Whether `x` is its file's alone (Swift's `private`/`fileprivate`): no use in another file names it. */
export function fileLocal(x: Def): boolean {
  return (x[5] & DEF_FILE_LOCAL) !== 0;
}
