/**
 * read_symbol of a top-level variable or constant: the statements right after it that set it up are part
 * of its read. react-calendar's `const defaultMinDate = new Date();` is followed by
 * `defaultMinDate.setFullYear(1, 0, 1); defaultMinDate.setHours(0, 0, 0, 0);` — read alone, the default
 * looked like "now" where it is 0001-01-01. A statement is part of it when it starts at column 0 with the
 * name and calls a method on it or assigns to a member of it (`x.m(…)`, `x.a.b = …`, `x["k"] = …`), with
 * blank and comment lines between; the run stops at any other statement and at an outline entry of its
 * own (`X.prototype.m = function`, `x.get = function`: read by their names) — but not at a data member
 * the outline lists under the binding (`api.retries = 3`), which sets it up too. Line based: the tree is
 * gone when a read runs. Functions, classes and members are read as before.
 */
import type { FileAnalysis } from "./pipeline.js";
import type { Candidate } from "./read-symbol.js";
import { readStart } from "./symbol-text.js";

/** Most lines the statements after a binding add to its read; past them, the note says where the rest is. */
export const MAX_SETUP_LINES = 40;
/** Most lines one such statement may span (its brackets open). */
const MAX_STATEMENT_LINES = 200;

const BINDINGS = new Set(["constant", "variable"]);
const DATA = new Set(["property", "field", "constant", "variable"]);
const COMMENT = /^\s*(?:\/\/|\/\*|\*|#(?:\s|$)|--\s)/;
const CHAIN_NEXT = /^\s*(?:!|\?)?\.[\w$]/;

export interface Setup {
  /** The last line of the statements read with the binding (its own end when none fit). */
  endLine: number;
  note: string;
}

/** The statements after top-level `hit` (a variable or constant) that set it up, if any. */
export function setupOf(a: FileAnalysis, hit: Candidate, cands: Candidate[]): Setup | undefined {
  if (hit.callback || hit.depth || hit.span || !BINDINGS.has(hit.kind)) return undefined;
  const chain = hit.declaredChain ?? hit.chain;
  return chain.length === 1 ? setupAfter(a, chain[0]!, hit.endLine, cands) : undefined;
}

/** The statements after line `end` that set up top-level `name`. */
export function setupAfter(a: FileAnalysis, name: string, end: number, cands: Candidate[]): Setup | undefined {
  if (!/^[A-Za-z_$][\w$]*$/.test(name) || a.longestLine.length > 1000) return undefined;
  const n = name.replace(/\$/g, "\\$");
  const access = String.raw`(?:!?\??\.[\w$]+|\[[^\]]*\])`;
  const head = new RegExp(String.raw`^${n}${access}*(?:!?\??\.[\w$]+\s*(?:<[^>]*>)?\(|${access}\s*(?:[-+*/%&|^]|\*\*|<<|>>>?|\?\?|\|\||&&)?=(?!=))`);
  // Lines where an entry of its own starts (a data member of the binding is none: it sets it up).
  const entries = new Set<number>();
  for (const c of cands) {
    if (c.callback || (c.depth === 1 && c.chain[0] === name && DATA.has(c.kind))) continue;
    if (c.startLine > end) entries.add(c.startLine).add(readStart(c));
  }
  let shown = end;
  let more: [number, number] | undefined;
  for (let i = end; i < a.lines.length; ) {
    const line = a.lines[i]!;
    if (!line.trim() || COMMENT.test(line)) {
      i++;
      continue;
    }
    if (!head.test(line)) break;
    const last = statementEnd(a.lines, i);
    if (last === undefined) break;
    let own = false;
    for (let l = i + 1; l <= last + 1 && !own; l++) own = entries.has(l);
    if (own) break;
    if (!more && last + 1 - end <= MAX_SETUP_LINES) shown = last + 1;
    else more = [more?.[0] ?? i + 1, last + 1];
    i = last + 1;
  }
  if (shown === end && !more) return undefined;
  const notes: string[] = [];
  if (shown > end) notes.push(`with the statements after it that set it up (${lineSpan(end + 1, shown)})`);
  if (more) notes.push(`${shown > end ? "more" : "statements"} that set it up follow at ${lineSpan(more[0], more[1])}, not shown: read them with view offset/limit`);
  return { endLine: shown, note: notes.join("; ") };
}

const lineSpan = (from: number, to: number) => (from === to ? `line ${from}` : `lines ${from}-${to}`);

/** The last line (0-based) of the statement starting at line `i`: its brackets closed, no `.next()` line after it. */
function statementEnd(lines: string[], i: number): number | undefined {
  let depth = 0;
  for (let j = i; j < lines.length && j < i + MAX_STATEMENT_LINES; j++) {
    const code = lines[j]!.replace(/(["'`])(?:\\.|(?!\1)[^\\])*\1/g, '""').replace(/\/\/.*$/, "");
    for (const ch of code) depth += ch === "(" || ch === "[" || ch === "{" ? 1 : ch === ")" || ch === "]" || ch === "}" ? -1 : 0;
    if (depth <= 0 && !CHAIN_NEXT.test(lines[j + 1] ?? "")) return j;
  }
  return undefined;
}
