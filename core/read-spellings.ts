/**
 * A symbol as a stack trace, a crash log or another language's docs spell it, read as the outline
 * lists it (read_symbol's query, before matching): a Go receiver, a PHP `Class->m()` (read-choices.ts),
 * and — when the name as written matches nothing — a call's parameter list (`Repo.load()`, C#'s
 * `Widget.RunAsync(Int32 a)`, Swift's selector `Cache.evict(_:)`), type arguments (`Widget<T>.Run`,
 * the CLR's ``Widget`1.Run``), a JVM binary name (`Repo$Nested.go`) and the file's own package before
 * a Kotlin or Java name (`com.example.Repo.load`, a stack trace's frame; a lambda's, `App.lambda$run$0`, and a
 * constructor's, `App.<init>`), .NET's frame forms (clrFrame) and a Python module path (pythonFrame). And a miss's hints (listHint,
 * searchTerm), and a name too long to be one (tooLong).
 */
import type { FileAnalysis } from "./pipeline.js";
import { goReceiverForm, phpForm } from "./read-choices.js";
import type { Candidate } from "./read-symbol.js";
import { clip, QUERY_SAID } from "./text.js";
import type { ReadSymbolResult } from "./types.js";

const CALLBACK_HANDLE = /@\d+(?:#\d+)?$/;
/** A trailing parameter list, one level of nested parentheses inside (`f(Func<int> g)`, `evict(_:)`). */
const PARAMS = /\((?:[^()]|\([^()]*\))*\)$/;
const TYPED = new Set(["csharp", "swift", "kotlin", "java"]);
const JVM = new Set(["kotlin", "java"]);

export function spokenForm(a: FileAnalysis, want: string, cands: Candidate[], found: (w: string) => boolean): string {
  if (a.language === "go") return goFrame(a, goReceiverForm(want), found);
  if (a.language === "php") return phpForm(want, cands);
  if (!want || CALLBACK_HANDLE.test(want) || found(want)) return want;
  if (a.language === "rust") return rustFrame(a, want, found);
  if (a.language === "python") return pythonFrame(a, want, found);
  let w = want;
  // (Not C++'s `operator()`; a name the file lists with type arguments, `implicit operator OneOf<T>`, as it is.)
  if (PARAMS.test(w) && !/\boperator\s*\(\s*\)$/.test(w)) w = w.replace(PARAMS, "");
  if (w !== want && found(w)) return a.language === "swift" ? bySelector(want, w, cands) : w;
  if (a.language === "csharp") w = clrFrame(w);
  if (TYPED.has(a.language)) w = w.replace(/(?<=\w)<[^<>]*(?:<[^<>]*>[^<>]*)*>(?=\.|$)/g, "").replace(/`\d+(?=\.|$)/g, "");
  if (JVM.has(a.language)) {
    // (A lambda's frame is its method's: Java's `App.lambda$run$0`, Kotlin's `App.run$lambda$0` / `run$lambda-0`.)
    w = w.replace(/\.lambda\$(\w+?)\$\d+$/, ".$1").replace(/\.(\w+?)\$lambda[$-]\d+$/, ".$1");
    if (/\w\$[A-Za-z_]/.test(w) && !cands.some((c) => c.name.includes("$"))) w = w.replace(/(?<=\w)\$(?=[A-Za-z_])/g, ".");
    const pkg = /^[ \t]*package[ \t]+([\w.]+)/m.exec(a.source)?.[1];
    if (pkg && w.startsWith(`${pkg}.`)) w = w.slice(pkg.length + 1);
    // (The JVM's constructor, `App.<init>`, is the outline's `App.App`; a class's static initializer, `<clinit>`, the class.)
    w = w.replace(/(?:^|\.)(\w+)\.<init>$/, (m, c: string) => `${m.slice(0, -"<init>".length)}${c}`).replace(/\.<clinit>$/, "");
  }
  return w !== want && found(w) ? w : want;
}

/**
 * A Go panic's frame as it prints it, when as written it matches nothing: its arguments
 * (`net/http.(*conn).serve(0xc0001b4000, {0x7a4f10, 0xc0000b2000})`, `main.run(...)`), its package —
 * a path's (`net/http.HandlerFunc.ServeHTTP`) or the file's own (`http.ListenAndServe`; another word
 * before a dot may be a type), a generic function's `[...]` — and a closure's or wrapper's suffix (`conn.serve.func1`, `.func2.3`,
 * `.gowrap1`, a method value's `-fm`): the function whose lines hold it is read.
 */
function goFrame(a: FileAnalysis, want: string, found: (w: string) => boolean): string {
  if (!want || CALLBACK_HANDLE.test(want) || found(want)) return want;
  // (A generic function's frame writes its type arguments as `[...]`: `main.Map[...](…)`.)
  let w = want.replace(PARAMS, "").replace(/-fm$/, "").replace(/(?<=\w)\[\.\.\.\]/g, "");
  if (w !== want && found(w)) return w;
  const slash = w.lastIndexOf("/");
  const own = /^[ \t]*package[ \t]+(\w+)/m.exec(a.source)?.[1];
  if (slash >= 0 && w.indexOf(".", slash) > slash) w = w.slice(w.indexOf(".", slash) + 1);
  else if (own && w.startsWith(`${own}.`)) w = w.slice(own.length + 1);
  if (w !== want && found(w)) return w;
  w = w.replace(/(?:\.(?:func|gowrap)\d+(?:\.\d+)*)+$/, "");
  return w !== want && found(w) ? w : want;
}

/**
 * A .NET stack trace's frame (as C# names are listed, namespaces included): a nested type's `+`
 * (`Gadget+Inner.Go`), the compiler's names of an async method's state machine, a lambda or a local function
 * (`Svc.<RunAsync>d__5.MoveNext`, `Svc.<>c.<Main>b__1_0`, `<Main>g__Local|1_0`: the method whose lines hold
 * it) and a constructor's `.ctor` (`Svc..ctor`: the outline's `Svc.Svc`; `.cctor`, the class).
 */
function clrFrame(want: string): string {
  return want
    .replace(/(?<=\w)\+(?=[A-Za-z_])/g, ".")
    .replace(/\.<>c(?:__DisplayClass\w*)?(?=\.)/g, "")
    .replace(/\.<(\w+)>[a-z]__[\w|]*(?:\.MoveNext)?$/, ".$1")
    .replace(/(?:^|\.)(\w+)\.\.ctor$/, (m, c: string) => `${m.slice(0, -".ctor".length)}${c}`)
    .replace(/\.\.cctor$/, "");
}

/**
 * A Python name as a traceback, a logger or a user writes it, when as written it matches nothing: its module
 * path before it, any tail of the file's path (`asyncio.base_events.BaseEventLoop.run_until_complete` or
 * `base_events.BaseEventLoop.run_until_complete` in …/asyncio/base_events.py; a package's `__init__.py` by its
 * folder — another module's path stays), a `__qualname__`'s `<locals>` (`outer.<locals>.inner`, `f.<locals>.<lambda>`:
 * the nested function, else the function whose lines hold it) and a call's parentheses.
 */
function pythonFrame(a: FileAnalysis, want: string, found: (w: string) => boolean): string {
  let w = want.replace(PARAMS, "");
  if (w !== want && found(w)) return w;
  const segs = w.split(".");
  const mod = a.path.replace(/\\/g, "/").replace(/\.pyi?$/, "").split("/");
  if (mod[mod.length - 1] === "__init__") mod.pop();
  // (The longest tail of the file's module path that the name starts with.)
  for (let k = Math.min(segs.length - 1, mod.length); k >= 1; k--) {
    if (segs.slice(0, k).every((s, i) => s === mod[mod.length - k + i])) {
      w = segs.slice(k).join(".");
      break;
    }
  }
  if (w !== want && found(w)) return w;
  if (w.includes(".<locals>")) {
    const nested = w.replace(/\.<locals>(?=\.)/g, "");
    if (found(nested)) return nested;
    w = w.slice(0, w.indexOf(".<locals>"));
  }
  return w !== want && found(w) ? w : want;
}

/**
 * A Rust backtrace's frame, when as written it matches nothing: a trait method as `<regex::re_unicode::Regex
 * as core::fmt::Debug>::fmt` (read as `Regex.Debug.fmt`, the impl's member), the crate and module path
 * down to this file's module (`regex::re_unicode::Regex::is_match` in src/re_unicode.rs; the crate's name
 * alone in lib.rs or main.rs — another path is another module's, and stays), a closure's `::{{closure}}`,
 * the symbol hash `::h0123456789abcdef` and a call's parentheses.
 */
function rustFrame(a: FileAnalysis, want: string, found: (w: string) => boolean): string {
  let w = want.replace(PARAMS, "").replace(/::h[0-9a-f]{16}$/, "").replace(/(?:::\{\{closure\}\})+$/, "");
  const last = (path: string) => path.replace(/<.*>$/, "").split("::").pop()!;
  const qualified = /^<(.+?) as (.+)>::(\w+)$/.exec(w);
  if (qualified) {
    const [, type, trait, method] = qualified;
    const viaTrait = `${last(type!)}.${last(trait!)}.${method}`;
    return found(viaTrait) ? viaTrait : found(`${last(type!)}.${method}`) ? `${last(type!)}.${method}` : want;
  }
  if (w !== want && found(w)) return w;
  // (This file's module names, from its path: src/a/b.rs is `a::b`; mod.rs, lib.rs and main.rs their folder's.)
  const stem = a.relPath.split("/").pop()!.replace(/\.rs$/, "");
  const mod = ["mod", "lib", "main"].includes(stem) ? a.relPath.split("/").slice(-2, -1)[0] : stem;
  const segs = w.split("::");
  const at = segs.lastIndexOf(mod ?? "");
  const root = stem === "lib" || stem === "main" ? 1 : -1;
  const from = at >= 0 && at < segs.length - 1 ? at + 1 : root > 0 && segs.length > 1 && /^[a-z_][a-z0-9_]*$/.test(segs[0]!) ? 1 : -1;
  if (from > 0 && found(segs.slice(from).join("::"))) return segs.slice(from).join("::");
  return want;
}

/** Swift's selector labels (`put(key:value:)` → key, value; `evict(_:)` → _; `init()` → none), or undefined for no selector. */
function selectorLabels(want: string): string[] | undefined {
  const m = /\(((?:(?:[A-Za-z_]\w*|_):)*)\)$/.exec(want);
  return m ? m[1]!.split(":").slice(0, -1) : undefined;
}

/** A declaration's argument labels, read from its head (`init(from decoder: Decoder)` → from; `f(_ x: Int)` → _). */
function declaredLabels(signature: string, name: string): string[] | undefined {
  const at = signature.search(new RegExp(`(?:^|[\\s.])${name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}[?!]?\\s*(?:<[^()]*>)?\\s*\\(`));
  if (at < 0) return undefined;
  const open = signature.indexOf("(", at);
  let depth = 0;
  let close = -1;
  for (let i = open; i < signature.length && close < 0; i++) if (signature[i] === "(" || signature[i] === "[") depth++;
  else if ((signature[i] === ")" || signature[i] === "]") && --depth === 0) close = i;
  const inner = signature.slice(open + 1, close < 0 ? undefined : close);
  const params: string[] = [];
  let d = 0;
  let start = 0;
  for (let i = 0; i <= inner.length; i++) {
    const ch = inner[i];
    if (ch === "(" || ch === "[" || ch === "<") d++;
    else if (ch === ")" || ch === "]" || (ch === ">" && inner[i - 1] !== "-")) d--;
    else if ((ch === "," && d === 0) || i === inner.length) (params.push(inner.slice(start, i).trim()), (start = i + 1));
  }
  return params.filter(Boolean).map((p) => /^(?:@\w+\s+)*([A-Za-z_]\w*|_)/.exec(p)?.[1] ?? "");
}

/**
 * Of overloads sharing the name (two `init`s), the one whose argument labels the selector spells, by
 * `name@line` (read_symbol's pick among same-named symbols); else the name, its first and a note.
 */
function bySelector(want: string, name: string, cands: Candidate[]): string {
  const labels = selectorLabels(want);
  const last = name.split(/[.:]/).pop() ?? name;
  if (!labels) return name;
  const dotted = name.replace(/::/g, ".");
  const same = cands.filter((c) => !c.callback && c.name === last && (c.qualified === dotted || c.qualified.endsWith(`.${dotted}`)));
  if (same.length < 2) return name;
  const hit = same.filter((c) => declaredLabels(c.signature ?? "", last)?.join(":") === labels.join(":"));
  return hit.length === 1 ? `${name}@${hit[0]!.startLine}` : name;
}

/** A miss's hint to list the file's symbols. */
export function listHint(a: FileAnalysis): string {
  return `list its symbols with module_report (CLI: pilens report ${a.relPath} --view compact)`;
}

/** The name a miss suggests searching: its last segment, without a call's arguments (a Go frame's `serve(0xc000…, {…})`). */
export function searchTerm(want: string): string {
  return want.replace(/\(.*$/s, "").split(/\.|::|#/).pop() || want;
}

/** The longest name read_symbol takes: a C++ frame with its template arguments runs to a few hundred characters. */
export const MAX_SYMBOL = 1000;

/** A name too long to be one, said without repeating it (20,000 characters had come back three times; 60,000, a regex error). */
export function tooLong(a: FileAnalysis, want: string): ReadSymbolResult {
  const error = `symbol name is ${want.length.toLocaleString("en")} characters long (at most ${MAX_SYMBOL.toLocaleString("en")}): pass a name, a qualified name or name@line`;
  return { found: false, path: a.relPath, name: clip(want, QUERY_SAID), error };
}
