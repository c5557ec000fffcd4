/**
 * What collect.ts asks of a file beyond its tree walk, for Python's links mostly: the names a plain
 * `import` binds (a module of another library: `os.mkdir` is no project member), the words of every import
 * line (nested ones too: names that head a module's members), a typed value's field heading a chain
 * (`out.flags.set()`), and — every language — where a decorated definition's own name stands.
 */
import type { ImportRecord, SymbolRecord } from "../types.js";
import { walk } from "../extract.js";

/**
 * Where the names of definitions that start above their name line stand (decorators, annotations,
 * attributes): link.ts skips a definition's start line, not these — `@property` ⏎ `def version(self)`
 * had linked as a call of the module's function `version`.
 */
export function declaredNames(symbols: SymbolRecord[] | undefined): Set<number> {
  const out = new Set<number>();
  for (const [r] of walk(symbols ?? [])) if (r.nameNode && r.nameNode.startPosition.row + 1 !== r.startLine) out.add(r.nameNode.startIndex);
  return out;
}

/** Between a value and its field in a typed head (`out` VIA `flags` of `out.flags.set()`). */
export const VIA = "\u0004";

/** The plain name heading a chain before the `.` at `dot` (`out` of `out.flags`), but `self`/`cls`; else undefined. */
export function valueField(src: string, dot: number): string | undefined {
  let h = dot;
  while (h > 0 && /\w/.test(src[h - 1]!)) h--;
  const name = src.slice(h, dot);
  return name && !/^\d/.test(name) && src[h - 1] !== "." && name !== "self" && name !== "cls" ? name : undefined;
}

/** The names a Python source's plain `import` statements bind: `os` of `import os.path`, `x` of `import a.b as x`. */
export function pyModuleImports(src: string): Set<string> {
  const out = new Set<string>();
  for (const m of src.matchAll(/^[ \t]*import[ \t]+([^\n#;]+)/gm))
    for (const item of m[1]!.split(",")) {
      const named = /^\s*([\w.]+)(?:\s+as\s+(\w+))?\s*$/.exec(item.replace(/[()\\]/g, " "));
      if (named) out.add(named[2] ?? named[1]!.split(".")[0]!);
    }
  return out;
}

/** The words of every import line of a Python file (in a function or a `try:` too) into `words`. */
export function pyImportLineWords(src: string, imports: ImportRecord[], words: Set<string>): void {
  if (!imports.length) return;
  const lines = src.split("\n");
  for (const i of imports) for (const m of (lines[i.line - 1] ?? "").matchAll(/\w+/g)) words.add(m[0]);
}
