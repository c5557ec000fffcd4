/**
 * The C++ scopes of an Objective-C++ file as entries: objcpp.ts masks them before the parse, so no
 * node stands for them. A named namespace is a `namespace` entry holding the entries inside it (the
 * grammar read its contents at the top level); an anonymous one makes what it holds file-local. A C++
 * class, or a struct the C grammar cannot read, is an entry whose members are not read (said in a
 * warning).
 */
import { collapseHead, clip } from "../../core/text.js";
import { MAX_SIGNATURE } from "../../core/extract.js";
import type { FileContext, SymbolRecord } from "../../core/types.js";
import { codeView, cppClassSpans, hasCpp, namespaceSpans } from "./objcpp.js";

function lineOf(offset: number, starts: number[]): number {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid]! <= offset) lo = mid;
    else hi = mid - 1;
  }
  return lo + 1;
}

function lineStarts(source: string): number[] {
  const out = [0];
  for (let i = source.indexOf("\n"); i >= 0; i = source.indexOf("\n", i + 1)) out.push(i + 1);
  return out;
}

const within = (r: SymbolRecord, s: { startLine: number; endLine: number }) => s.startLine <= r.startLine && r.endLine <= s.endLine && !(s.startLine === r.startLine && s.endLine === r.endLine);

/** Top-level records regrouped under the file's C++ namespaces, with its C++ classes added. */
export function withCppScopes(records: SymbolRecord[], ctx: FileContext): SymbolRecord[] {
  const code = codeView(ctx.source);
  if (!hasCpp(code)) return records;
  const starts = lineStarts(ctx.source);
  const line = (at: number) => lineOf(at, starts);
  const head = (from: number, to: number) => clip(collapseHead(ctx.source.slice(from, to)), MAX_SIGNATURE);
  const classes: SymbolRecord[] = cppClassSpans(code).map((c) => ({
    name: c.name, kind: c.kind, startLine: line(c.start), endLine: line(c.end), exported: true, signature: head(c.start, c.open), members: [],
  }));
  if (classes.length) {
    const named = classes.map((c) => `${c.name} (${c.startLine}-${c.endLine})`).join(", ");
    ctx.warnings.push(`C++ ${classes.length === 1 ? "class" : "classes"} ${named}: listed without members: the objc grammar reads no C++ class body (reading the class shows them)`);
  }
  const spans = namespaceSpans(code).map((n) => ({ ...n, startLine: line(n.start), endLine: line(n.end) }));
  const namespaces: SymbolRecord[] = spans.map((n) => ({
    name: n.name, kind: "namespace", startLine: n.startLine, endLine: n.endLine, exported: true, signature: head(n.start, code.indexOf("{", n.start)), members: [],
  }));
  // Innermost first: each record goes into the smallest namespace holding it.
  const order = namespaces.map((_, i) => i).sort((a, b) => namespaces[a]!.endLine - namespaces[a]!.startLine - (namespaces[b]!.endLine - namespaces[b]!.startLine));
  const top: SymbolRecord[] = [];
  for (const r of [...records, ...classes, ...namespaces]) {
    const holder = order.map((i) => namespaces[i]!).find((n) => n !== r && within(r, n));
    (holder ? holder.members : top).push(r);
  }
  const anonymous = (n: SymbolRecord) => n.kind === "namespace" && !n.name;
  const local = (rs: SymbolRecord[]) => {
    for (const r of rs) (r.exported = false), local(r.members);
  };
  const flatten = (rs: SymbolRecord[]): SymbolRecord[] =>
    rs.flatMap((r) => {
      r.members = flatten(r.members);
      if (!anonymous(r)) return [r];
      local(r.members);
      return r.members;
    });
  const bySource = (rs: SymbolRecord[]): SymbolRecord[] => rs.sort((a, b) => a.startLine - b.startLine).map((r) => ((r.members = bySource(r.members)), r));
  return bySource(flatten(top));
}
