/**
 * An assignment to a member or an element of a call's result (`findItem(R.id.crop).icon = cropIcon`,
 * `findViewById<View>(id)?.fitsSystemWindows = false`, `rootView.getChildAt(i).visibility = View.GONE`,
 * `observers.getOrPut(tag) { mutableMapOf() }[owner] = block`, `f(x).count += 1`): valid Kotlin the bundled
 * grammar cannot parse (its assignable expressions take no call suffix), an ERROR region each — and in
 * a long class one of them ended the class early, every later member a top-level function (QA 45k,
 * expo-image-picker's ExpoCropImageActivity.kt: 13 members and a nested class). The pack's repair (kept
 * only when the error regions shrink, core/reparse.ts) reads such a statement as an expression of the
 * same length: ` =` becomes `==` (`=` followed by a blank: `==`), `+=` … `%=` become `+ ` … `% `. Records
 * read the real source; no declaration is on such a line.
 */
import type { Tree } from "web-tree-sitter";

const OPENERS = "([{";
const CLOSERS = ")]}";

/** Where the assignment operator of a statement line's target starts, and the operator; undefined when the line is no such assignment. */
function assignmentAt(line: string, from: number): { at: number; op: string } | undefined {
  let depth = 0;
  let called = false; // a `(` opened at depth 0: the target holds a call
  let afterCall = false; // a member or element access after that call
  for (let j = from; j < line.length; j++) {
    const c = line[j]!;
    if (c === '"' || c === "'") {
      // a string or a character inside the target (an argument): skipped to its closing quote
      let k = j + 1;
      while (k < line.length && line[k] !== c) k += line[k] === "\\" ? 2 : 1;
      if (k >= line.length || (c === '"' && line.slice(j, k).includes("$"))) return undefined;
      j = k;
      continue;
    }
    if (OPENERS.includes(c)) {
      if (depth === 0 && c === "(") called = true;
      if (depth === 0 && c === "[" && called) afterCall = true;
      depth++;
      continue;
    }
    if (CLOSERS.includes(c)) {
      if (--depth < 0) return undefined;
      if (depth === 0 && c !== "]") afterCall = false; // `…)`, `…}`: the target ends in a call (no assignable)
      continue;
    }
    if (depth > 0) continue;
    if (c === "/" && (line[j + 1] === "/" || line[j + 1] === "*")) return undefined;
    if (c === "=" && /[!<>=]/.test(line[j - 1] ?? "")) return undefined;
    if (c === "." && called) afterCall = true;
    const op = /^[ \t]*([+\-*/%]?=)(?!=)/.exec(line.slice(j));
    if (op && (c === " " || c === "\t" || c === "=" || "+-*/%".includes(c))) {
      const last = line.slice(from, j).trimEnd();
      // the target ends in a member's name or an element (`…).icon`, `…}[owner]`), after a call
      if (!called || !afterCall || !/[\w`\]]$/.test(last)) return undefined;
      return { at: j + op[0].length - op[1]!.length, op: op[1]! };
    }
    // a blank before a trailing lambda (`getOrPut(tag) { … }[k]`) is the target's; another ends it
    if ((c === " " || c === "\t") && /^[ \t]+\{/.test(line.slice(j))) continue;
    if (c === " " || c === "\t" || c === "=") return undefined;
  }
  return undefined;
}

/** `text` with each assignment to a call result's member or element read as an expression (see the file comment), or undefined. */
export function repairCallAssignments(text: string, tree: Tree): string | undefined {
  if (!tree.rootNode.hasError || !/\)[^\n]*=/.test(text)) return undefined;
  const lines = text.split("\n");
  let changed = false;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const from = line.length - line.trimStart().length;
    if (!/^[A-Za-z_`]/.test(line.slice(from))) continue;
    const hit = assignmentAt(line, from);
    if (!hit) continue;
    const { at, op } = hit;
    let next: string;
    if (op !== "=") next = `${line.slice(0, at + 1)} ${line.slice(at + 2)}`; // `+=` → `+ `
    else if (at > 0 && /[ \t]/.test(line[at - 1]!)) next = `${line.slice(0, at - 1)}==${line.slice(at + 1)}`; // ` =` → `==`
    else if (/[ \t]/.test(line[at + 1] ?? "")) next = `${line.slice(0, at)}==${line.slice(at + 2)}`; // `= ` → `==`
    else continue;
    lines[i] = next;
    changed = true;
  }
  return changed ? lines.join("\n") : undefined;
}
