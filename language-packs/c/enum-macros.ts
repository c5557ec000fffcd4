/**
 * Macros in enum bodies, which neither grammar parses (macros.ts maskMacros runs maskEnumMacros; the
 * packs' extract taps run enumMacroHeads):
 *
 * - An enumerator written as a call of a macro the file defines to open with its first parameter — curl's
 *   `#define CURLOPT(na,t,nu) na = t + nu` and `CURLOPT(CURLOPT_WRITEDATA, CURLOPTTYPE_CBPOINT, 1),`: read as the
 *   enumerator it names, `CURLOPT_WRITEDATA` (the rest of the call blanked); its head is the definition
 *   with the arguments put in, `CURLOPT_WRITEDATA = CURLOPTTYPE_CBPOINT + 1`. curl.h had 679 error regions.
 * - An annotation macro between an enumerator's name and its `=` or `,` (also on the next line, after a comment): curl's
 *   `NAME CURL_DEPRECATED(7.69.0, "") = 6,`, Qt's `Q_DECL_ENUMERATOR_DEPRECATED_X("…")`, glib's
 *   `GLIB_AVAILABLE_ENUMERATOR_IN_2_74`: masked.
 * - A `#define` (or `#undef`, `#pragma`) between enumerators, `CURLOPT(CURLOPT_XFERINFODATA, …),` / `#define
 *   CURLOPT_PROGRESSDATA CURLOPT_XFERINFODATA`: blanked. The grammar read it as a directive call wanting a comma
 *   after it (an error region, and the macro had been listed as an enumerator); it is not listed.
 *
 * Only inside an enum's braces (`enum [class] [X] [: T] {` to the first `}`): a parameter list's
 * `size_t MAX_LEN,` looks the same.
 */
import { ARGS } from "./balanced.js";
import type { FileContext, SymbolRecord } from "../../core/types.js";
import { C_HEADER } from "../../core/files.js";
import { blankOut, clip, collapse } from "../../core/text.js";
import { MAX_SIGNATURE } from "../../core/extract.js";

/** `enum {`, `enum X {`, `enum class X : std::uint8_t {` (not `#include <boost/…/enum.hpp>`). */
const ENUM_OPEN = /(?<![\w./])enum(?:\s+(?:class|struct))?(?:\s+[A-Za-z_]\w*)?(?:\s*:\s*[A-Za-z_][\w:]*(?:\s+[A-Za-z_]\w*)*)?\s*\{/g;
/** An enumerator, then an annotation macro (ALL_CAPS with an underscore, or a GNU attribute) before `=`, `,`, `}` or the line's end. */
const ANNOTATED = new RegExp(
  String.raw`^([ \t]*[A-Za-z_]\w*(?:\s|\/\*(?:[^*]|\*(?!\/))*\*\/|\/\/[^\n]*)+?)((?:[A-Z][A-Z0-9]*_[A-Z0-9_]*|__attribute__|__declspec)(?:[ \t]*${ARGS})?)(?=\s*(?:=(?!=)|,|\}|\/[/*]|$))`,
  "gm",
);
/** A call's arguments at the start of a text. */
const CALL_ARGS = new RegExp(`^${ARGS}`);
/** `#define CURLOPT(na,t,nu) na = t + nu`: a function-like macro whose body opens with its first parameter. */
const DEFINE = /^[ \t]*#[ \t]*define[ \t]+([A-Za-z_]\w*)\([ \t]*([A-Za-z_]\w*)[ \t]*((?:,[ \t]*[A-Za-z_]\w*[ \t]*)*)\)[ \t]+\2\b((?:[^\n\\]|\\\r?\n)*)/gm;

/** A directive line other than a conditional or an `#include` (with its continuations). */
const DIRECTIVE = /^[ \t]*#[ \t]*(?!(?:if|ifdef|ifndef|elif|else|endif|include|import)\b)[a-z]+\b(?:[^\n\\]|\\\r?\n|\\)*/gm;

type EnumMacro = { params: string[]; body: string };

/** The file's enumerator macros by name: their parameters and their definitions' text (one line). */
function enumeratorMacros(text: string): Map<string, EnumMacro> {
  const out = new Map<string, EnumMacro>();
  if (!text.includes("#") || !text.includes("define")) return out;
  for (const m of text.matchAll(DEFINE)) {
    const params = [m[2]!, ...m[3]!.split(",").map((p) => p.trim()).filter(Boolean)];
    out.set(m[1]!, { params, body: (m[2]! + m[4]!).replace(/\\\r?\n/g, " ").replace(/\/\*.*?\*\//g, " ").replace(/\s+/g, " ").trim() });
  }
  return out;
}

/** Each enum body's span in `text`: from after its `{` to its first `}`. */
function enumBodies(text: string): [number, number][] {
  const out: [number, number][] = [];
  for (const m of text.matchAll(ENUM_OPEN)) {
    const from = m.index + m[0].length;
    const to = text.indexOf("}", from);
    if (to < 0) break;
    if (out.length && from < out[out.length - 1]![1]) continue;
    out.push([from, to]);
  }
  return out;
}

/** A call's arguments (`(a, "x, y", f(b))`: `a`, `"x, y"`, `f(b)`), split at commas outside parentheses and strings. */
function splitArgs(call: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let cur = "";
  for (let i = 1; i < call.length - 1; i++) {
    const c = call[i]!;
    if (c === '"' || c === "'") {
      let j = i + 1;
      while (j < call.length - 1 && call[j] !== c) j += call[j] === "\\" ? 2 : 1;
      cur += call.slice(i, j + 1);
      i = j;
      continue;
    }
    if (c === "(") depth++;
    else if (c === ")") depth--;
    if (c === "," && depth === 0) out.push(cur.trim()), (cur = "");
    else cur += c;
  }
  out.push(cur.trim());
  return out;
}

/** `text` with the macros of its enum bodies read as plain enumerators (same length). */
export function maskEnumMacros(text: string): string {
  if (!text.includes("enum")) return text;
  const bodies = enumBodies(text);
  if (!bodies.length) return text;
  const macros = enumeratorMacros(text);
  const call = macros.size ? new RegExp(String.raw`^([ \t]*)(${[...macros.keys()].join("|")})([ \t]*)(${ARGS})`, "gm") : undefined;
  let out = "";
  let done = 0;
  for (const [from, to] of bodies) {
    let body = text.slice(from, to);
    if (call)
      body = body.replace(call, (_m, ws: string, name: string, gap: string, args: string) => {
        const first = /^\(\s*([A-Za-z_]\w*)\s*[,)]/.exec(args);
        if (!first) return _m;
        const at = args.indexOf(first[1]!);
        return ws + blankOut(name + gap + args.slice(0, at)) + first[1] + blankOut(args.slice(at + first[1]!.length));
      });
    // (A `#define` between enumerators: the grammar reads it as a directive call that wants a comma after it.)
    if (body.includes("#")) body = body.replace(DIRECTIVE, blankOut);
    if (/[A-Z0-9]_|__attribute__|__declspec/.test(body)) body = body.replace(ANNOTATED, (_m, head: string, macro: string) => head + blankOut(macro));
    out += text.slice(done, from) + body;
    done = to;
  }
  return out + text.slice(done);
}

/**
 * The enums' records finished: an enumerator written as a macro call (`CURLOPT(CURLOPT_URL, CURLOPTTYPE_STRINGPOINT, 2)`)
 * is headed by the macro's definition with the arguments in; a `#define` between enumerators (blanked for the parse)
 * is a macro beside its enum (glibc's `#define TFD_TIMER_ABSTIME TFD_TIMER_ABSTIME`, LLVM's X-macro helpers).
 */
export function enumMacroHeads(records: SymbolRecord[], ctx: FileContext): void {
  if (!ctx.source.includes("enum")) return;
  let macros: Map<string, EnumMacro> | undefined;
  const go = (list: SymbolRecord[]) => {
    for (const r of list) {
      if (r.kind === "enum") {
        for (const e of r.members) {
          if (e.kind !== "constant" || !e.node) continue;
          const lineStart = ctx.source.lastIndexOf("\n", e.node.startIndex - 1) + 1;
          const m = /([A-Za-z_]\w*)[ \t]*\([ \t]*$/.exec(ctx.source.slice(lineStart, e.node.startIndex));
          if (!m) continue;
          macros ??= enumeratorMacros(ctx.source);
          const macro = macros.get(m[1]!);
          const open = lineStart + m.index + m[0].indexOf("(");
          const args = macro && CALL_ARGS.exec(ctx.source.slice(open, open + 2000));
          if (!macro || !args) continue;
          e.signature = expand(macro, splitArgs(args[0]));
        }
      }
      go(r.members);
    }
  };
  go(records);
  if (!ctx.source.includes("#")) return;
  const owners = new Map<SymbolRecord[], SymbolRecord[]>();
  for (const m of enumDefines(ctx)) place(records, m, owners);
}

/**
 * `m` into the innermost type or namespace holding its line, in line order. The owners a list can give are
 * its records before any macro was placed (a macro holds no later one): read once a list, not the whole
 * list again per macro — quadratic in an enum of thousands of #defines.
 */
function place(list: SymbolRecord[], m: SymbolRecord, owners: Map<SymbolRecord[], SymbolRecord[]>): void {
  let can = owners.get(list);
  if (!can) owners.set(list, (can = list.filter((r) => r.kind !== "enum" && r.kind !== "function" && r.kind !== "method" && r.kind !== "constructor")));
  const owner = can.find((r) => r.startLine <= m.startLine && r.endLine >= m.endLine);
  if (owner) return place(owner.members, m, owners);
  let i = list.length;
  while (i > 0 && list[i - 1]!.startLine > m.startLine) i--;
  list.splice(i, 0, m);
}

/** A macro's definition with its parameters replaced by the arguments (`na = t + nu` → `CURLOPT_URL = CURLOPTTYPE_STRINGPOINT + 2`). */
function expand(macro: EnumMacro, args: string[]): string {
  const values = new Map(macro.params.map((p, i) => [p, args[i] ?? p]));
  return macro.body.replace(/\b[A-Za-z_]\w*\b/g, (w) => values.get(w) ?? w).replace(/\s+/g, " ");
}

const DEFINE_LINE = /^[ \t]*#[ \t]*define[ \t]+([A-Za-z_]\w*)(?:[^\n\\]|\\\r?\n|\\)*/gm;

/** The `#define`s between an enum's braces (blanked for the parse: maskEnumMacros), as macro records. */
function enumDefines(ctx: FileContext): SymbolRecord[] {
  const out: SymbolRecord[] = [];
  const header = C_HEADER.test(ctx.path) || !/\.[^./\\]*$/.test(ctx.path);
  let line = 1;
  let at = 0;
  for (const [from, to] of enumBodies(ctx.source)) {
    const text = ctx.source.slice(from, to);
    if (!text.includes("#")) continue;
    for (const m of text.matchAll(DEFINE_LINE)) {
      for (; at < from + m.index; at++) if (ctx.source.charCodeAt(at) === 10) line++;
      const code = m[0].replace(/\\\r?\n/g, " ").replace(/\/\*[\s\S]*?(?:\*\/|$)|(?<=^|\s)\/\/[^\n]*/g, " ");
      out.push({ name: m[1]!, kind: "macro", startLine: line, endLine: line + (m[0].match(/\n/g)?.length ?? 0), exported: header, signature: clip(collapse(code), MAX_SIGNATURE), members: [] });
    }
  }
  return out;
}
