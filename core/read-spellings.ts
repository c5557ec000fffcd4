/**
 * A symbol as a stack trace, a crash log or another language's docs spell it, read as the outline
 * lists it (read_symbol's query, before matching): a Go receiver, a PHP `Class->m()` (read-choices.ts),
 * and — when the name as written matches nothing — a call's parameter list (`Repo.load()`, C#'s
 * `Widget.RunAsync(Int32 a)`, Swift's selector `Cache.evict(_:)`), type arguments (`Widget<T>.Run`,
 * the CLR's ``Widget`1.Run``), a JVM binary name (`Repo$Nested.go`) and the file's own package before
 * a Kotlin or Java name (`com.example.Repo.load`, a stack trace's frame).
 */
import type { FileAnalysis } from "./pipeline.js";
import { goReceiverForm, phpForm } from "./read-choices.js";
import type { Candidate } from "./read-symbol.js";

const CALLBACK_HANDLE = /@\d+(?:#\d+)?$/;
/** A trailing parameter list, one level of nested parentheses inside (`f(Func<int> g)`, `evict(_:)`). */
const PARAMS = /\((?:[^()]|\([^()]*\))*\)$/;
const TYPED = new Set(["csharp", "swift", "kotlin", "java"]);
const JVM = new Set(["kotlin", "java"]);

export function spokenForm(a: FileAnalysis, want: string, cands: Candidate[], found: (w: string) => boolean): string {
  if (a.language === "go") return goReceiverForm(want);
  if (a.language === "php") return phpForm(want, cands);
  if (!want || CALLBACK_HANDLE.test(want) || found(want)) return want;
  let w = want;
  // (Not C++'s `operator()`; a name the file lists with type arguments, `implicit operator OneOf<T>`, as it is.)
  if (PARAMS.test(w) && !/\boperator\s*\(\s*\)$/.test(w)) w = w.replace(PARAMS, "");
  if (w !== want && found(w)) return w;
  if (TYPED.has(a.language)) w = w.replace(/(?<=\w)<[^<>]*(?:<[^<>]*>[^<>]*)*>(?=\.|$)/g, "").replace(/`\d+(?=\.|$)/g, "");
  if (JVM.has(a.language)) {
    if (/\w\$[A-Za-z_]/.test(w) && !cands.some((c) => c.name.includes("$"))) w = w.replace(/(?<=\w)\$(?=[A-Za-z_])/g, ".");
    const pkg = /^[ \t]*package[ \t]+([\w.]+)/m.exec(a.source)?.[1];
    if (pkg && w.startsWith(`${pkg}.`)) w = w.slice(pkg.length + 1);
  }
  return w !== want && found(w) ? w : want;
}
