/**
 * A member form, `x.f()` / `x?.f` / `p->f`, in a language where a value's member is never a free
 * function nor a module (Swift, Kotlin, Java, C#, C, C++, Rust, Dart, Scala): the top-level declaration of its name
 * that link.ts's member fallback finds (an imported file's export, else the project's one by name) is
 * the one the form names only where the form can name it —
 *   - a type, through a package, module or namespace path (`margelo.nitro.camera.CameraOrientation(…)`,
 *     `expo.modules.core.Promise`) or as a return type (`-> UIView`: collect.ts reads `->` as a member's);
 *     not after a qualifier that is a project type (`AVCaptureDevice.FocusMode` of an `extension
 *     AVCaptureDevice`, `ExpoSwiftUI.View` of an `enum ExpoSwiftUI`) or, but in C# and C++ (namespaces
 *     are capitalized there), a capitalized segment after another (`AVCaptureDevice.Format.AutoFocusSystem`):
 *     that type's member, which qualified.ts did not find, is no top-level declaration of the name;
 *   - anything through Rust's and C++'s `::` (`ast::parse`, `ns::f`, `::close`: collect.ts marks it OCC_PKG) but
 *     a project type's (`Parser::parse`, qualified.ts not finding it: none of the top-level `parse`);
 *   - a Kotlin extension function (`appContext.weak()` of `fun <T : Any> T?.weak()`: kotlin-extensions.ts), not
 *     one of fewer than 4 characters or named as a method of the language's own types (`field.get(o)`,
 *     `values.iterator()`: the name-only member rule's names, builtin-members.ts).
 * Else (`view?.dispatchEvent(…)` is no call of an internal top-level `func dispatchEvent`; Rust's
 * `builder.build().parse()` no use of `mod parse`) link.ts falls back to the one member of the name.
 * Dart and Scala (PREFIXED) likewise, but for a member form whose chain starts at a name an import line binds
 * (collect.ts OCC_PKG): Dart's import prefix (`import 'src/util.dart' as util;` → `util.format(x)`), Scala's
 * package (`import mylib.util` → `util.format(x)`), which name a top-level declaration; `printer.format(x)` on a
 * value is a member's (it had been util.dart's top-level `format`'s, by name).
 */
import type { GraphModel } from "./model.js";
import { OCC_PKG, type FileEntry } from "./types.js";
import { fileScope } from "./visibility.js";
import { TYPE_KINDS } from "./util.js";
import { isBuiltinMember } from "./builtin-members.js";

/** Languages whose value members are never a top-level function, variable or module. */
export const VALUE_MEMBERS: ReadonlySet<string> = new Set(["swift", "kotlin", "java", "csharp", "c", "cpp", "rust", "dart", "scala"]);
/** Of those, languages whose import line binds a prefix or package a member form names top-level code through (collect.ts OCC_PKG). */
export const PREFIXED: ReadonlySet<string> = new Set(["dart", "scala"]);
/** Languages whose `::` is a path (module, namespace or type) before a member: collect.ts marks it OCC_PKG. */
export const PATHS: ReadonlySet<string> = new Set(["rust", "cpp"]);

/** Languages whose capitalized segment after another (`a.B.c`, `x::Y::z`) is a type: packages and modules are lowercase (Swift's heading one is not). */
const TYPE_SEGMENTS: ReadonlySet<string> = new Set(["swift", "kotlin", "java", "rust"]);

/** Whether the member form at `flags` (with the line's qualifiers `quals`: written ones and typed values' types, collect.ts) may name `hit`, a definition the member fallback found. */
export function namedThroughMember(g: GraphModel, e: FileEntry, hit: [string, number], flags: number, quals: string[] | undefined): boolean {
  const t = g.files.get(hit[0]);
  const x = t?.d[hit[1]];
  // (A member the name-only rule found: what the form names.)
  if (!t || !x || !fileScope(t.d, hit[1], t.l)) return true;
  // (A Kotlin extension function, before the qualifiers: a typed value's, `^AppContext` of `appContext.weak()`, when its type
  // declares none so named — by the name-only member rule's names: 4+ characters, none the language's own types carry
  // (`field.get(o)` is no `ReturnTypeProvider.get()`, `list.map {}` no `ValueOrUndefined.map()`).)
  if (t.l === "kotlin" && x[2] === "function" && `\n${t.ft ?? ""}`.includes(`\n~${hit[1]}\t`)) return x[0].length >= 4 && !isBuiltinMember(e.l, x[0]);
  if (quals?.some((q) => /^[\^:][A-Z][\w$]*$/.test(q) && ((q[0] === ":" && TYPE_SEGMENTS.has(e.l)) || projectType(g, q.slice(1))))) return false;
  if (flags & OCC_PKG && (PATHS.has(e.l) || PREFIXED.has(e.l))) return true;
  return TYPE_KINDS.has(x[2]);
}

/** A type (no namespace or module) the project declares under `name`. */
function projectType(g: GraphModel, name: string): boolean {
  return g.typeFiles(name).some((f) => g.files.get(f)?.d.some((x) => x[0] === name && TYPE_KINDS.has(x[2])));
}
