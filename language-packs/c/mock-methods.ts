/**
 * googletest's mock methods, `MOCK_METHOD(int, Foo, (bool x), (const, override));` and the older
 * `MOCK_METHOD1(Foo, int(bool x));` / `MOCK_CONST_METHOD0(…)` / `MOCK_METHOD2_WITH_CALLTYPE(ct, Foo, …)` /
 * `MOCK_METHOD1_T(…)`: each declares a method `Foo`. The grammar reads a macro call, so a mock's method had
 * been masked as a lone macro line (no entry) or listed as a method named `MOCK_METHOD`.
 *
 * maskMockMethods (run by macros.ts maskMacros) rewrites the call, same offsets, as the declaration the
 * parser reads: `auto` over the macro's name, the method's name and its parameter list where they stand,
 * the rest blanked (`            auto Foo  (bool x)                     ;`). mockSignature gives the entry the
 * head the macro's arguments spell, `int Foo(bool x) const override`; its decorator is the macro's name.
 */
import { blankOut } from "../../core/text.js";
import type { FileContext, SymbolRecord } from "../../core/types.js";

/** A mock macro opening its line (not a `#define`): its name, then the `(` of its arguments. */
const MOCK = /^[ \t]*(MOCK_(?:METHOD|(?:CONST_)?METHOD\d+(?:_T)?(?:_WITH_CALLTYPE)?))[ \t]*\(/gm;
const HEAD = /^MOCK_(?:METHOD|(?:CONST_)?METHOD\d+(?:_T)?(?:_WITH_CALLTYPE)?)[ \t]*\(/;
/** How far the arguments are looked for: a mock's arguments are a few lines. */
const MAX_CALL = 4000;

type Call = { name: string; open: number; close: number; args: [number, number][] };

/**
 * The macro call at `at` (`text[open]` is its `(`): its arguments' spans (trimmed; split at the commas
 * outside parentheses, as the preprocessor splits them), and its `)`. Comments and literals skipped.
 */
function callAt(text: string, name: string, open: number): Call | undefined {
  const args: [number, number][] = [];
  let depth = 0;
  let from = open + 1;
  const end = Math.min(text.length, open + MAX_CALL);
  for (let i = open + 1; i < end; i++) {
    const c = text[i]!;
    if (c === "/" && text[i + 1] === "/") i = text.indexOf("\n", i) < 0 ? end : text.indexOf("\n", i);
    else if (c === "/" && text[i + 1] === "*") i = text.indexOf("*/", i + 2) < 0 ? end : text.indexOf("*/", i + 2) + 1;
    else if (c === '"' || c === "'") {
      for (i++; i < end && text[i] !== c && text[i] !== "\n"; i++) if (text[i] === "\\") i++;
    } else if (c === "(") depth++;
    else if (c === ")" && depth > 0) depth--;
    else if ((c === "," || c === ")") && depth === 0) {
      args.push(trimmed(text, from, i));
      if (c === ")") return { name, open, close: i, args };
      from = i + 1;
    } else if (c === ";" || c === "{" || c === "}") return undefined; // (no statement in a mock's arguments: a call left open)
  }
  return undefined;
}

/** `[from, to)` without the white space and comments at its ends. */
function trimmed(text: string, from: number, to: number): [number, number] {
  // (One scan forward to the last character of code: a pattern anchored at the end, `(?:\s|//…|/*…*/)*$`,
  // had tried every way its lazy comments could pair the `/*`s with later `*/`s — exponential in the
  // comments of an argument, `(int /*a*/, int /*b*/, …)` — and reread each run of white space per start.)
  let a = -1;
  let b = from;
  for (let i = from; i < to; i++) {
    const c = text[i]!;
    if (c === "/" && text[i + 1] === "/" && i + 1 < to) {
      const nl = text.indexOf("\n", i);
      i = nl < 0 || nl >= to ? to : nl;
    } else if (c === "/" && text[i + 1] === "*" && i + 1 < to) {
      const close = text.indexOf("*/", i + 2);
      // (A comment left open is code, as the pattern read it.)
      if (close < 0 || close + 2 > to) {
        if (a < 0) a = i;
        b = i + 1;
      } else i = close + 1;
    } else if (!/\s/.test(c)) {
      if (a < 0) a = i;
      b = i + 1;
    }
  }
  return a < 0 ? [to, to] : [a, b];
}

/** One parenthesised group spanning `[from, to)` whole: `(int, bool)`, not `(a)(b)`. */
function wholeGroup(text: string, from: number, to: number): boolean {
  if (text[from] !== "(" || text[to - 1] !== ")") return false;
  let depth = 0;
  for (let i = from; i < to; i++) {
    if (text[i] === "(") depth++;
    else if (text[i] === ")" && --depth === 0 && i < to - 1) return false;
  }
  return depth === 0;
}

/** The start of the last parenthesised group ending at `to` (a function type's parameter list: `int(bool)`). */
function lastGroup(text: string, from: number, to: number): number {
  if (text[to - 1] !== ")") return -1;
  let depth = 0;
  for (let i = to - 1; i >= from; i--) {
    if (text[i] === ")") depth++;
    else if (text[i] === "(" && --depth === 0) return i;
  }
  return -1;
}

/**
 * A parameter list with each parameter that is wrapped in parentheses for its commas unwrapped,
 * `((std::map<int, int> m), bool)`: its parentheses replaced by `by` (a space: same length; or nothing).
 */
function unwrapped(params: string, by: string): string {
  let out = "";
  let depth = 0;
  let from = 1;
  for (let i = 1; i < params.length; i++) {
    const c = params[i]!;
    if (c === "(") depth++;
    else if (c === ")" && depth > 0) depth--;
    else if ((c === "," || c === ")") && depth === 0) {
      const [a, b] = trimmed(params, from, i);
      out += params.slice(from, a) + (wholeGroup(params, a, b) ? by + params.slice(a + 1, b - 1) + by : params.slice(a, b)) + params.slice(b, i + 1);
      from = i + 1;
    }
  }
  return params[0] + out + params.slice(from);
}

/** The parts of a mock: the method's name, its parameter list, its return type, its qualifiers — spans of the text. */
type Parts = { name: [number, number]; params: [number, number]; ret: [number, number]; specs?: [number, number]; constant: boolean };

function partsOf(text: string, call: Call): Parts | undefined {
  const { name: macro, args } = call;
  const ident = (a: [number, number] | undefined) => !!a && /^[A-Za-z_]\w*$/.test(text.slice(a[0], a[1]));
  if (macro === "MOCK_METHOD") {
    // MOCK_METHOD(R, Name, (params)[, (specs)])
    const [ret, name, params, specs] = args;
    if ((args.length !== 3 && args.length !== 4) || !ident(name) || !wholeGroup(text, params![0], params![1])) return undefined;
    if (specs && !wholeGroup(text, specs[0], specs[1])) return undefined;
    return { name: name!, params: params!, ret: ret!, specs, constant: false };
  }
  // MOCK_[CONST_]METHODn[_T][_WITH_CALLTYPE]([ct, ]Name, R(params))
  // (The function type is the macro's `...`: its commas, `std::map<int, bool>(int)`, split nothing.)
  const first = macro.endsWith("_WITH_CALLTYPE") ? 1 : 0;
  if (args.length < first + 2) return undefined;
  const name = args[first]!;
  const type: [number, number] = [args[first + 1]![0], args[args.length - 1]![1]];
  const at = lastGroup(text, type[0], type[1]);
  // (A function type whose return type holds parentheses, `int (*(int))(bool)`, is not split.)
  if (!ident(name) || at <= type[0] || text.slice(type[0], at).includes("(")) return undefined;
  return { name, params: [at, type[1]], ret: [type[0], at], constant: macro.startsWith("MOCK_CONST_") };
}

/** `text` with each mock macro call read as the method it declares (same length). */
export function maskMockMethods(text: string): string {
  if (!text.includes("MOCK_")) return text;
  let out = "";
  let done = 0;
  for (const m of text.matchAll(MOCK)) {
    const open = m.index + m[0].length - 1;
    if (open < done) continue;
    const call = callAt(text, m[1]!, open);
    const parts = call && partsOf(text, call);
    if (!call || !parts) continue;
    const start = m.index + m[0].indexOf(m[1]!);
    const semicolon = /^\s*;/.test(text.slice(call.close + 1, call.close + 200));
    out +=
      text.slice(done, start) +
      "auto" +
      blankOut(text.slice(start + 4, parts.name[0])) +
      text.slice(parts.name[0], parts.name[1]) +
      blankOut(text.slice(parts.name[1], parts.params[0])) +
      unwrapped(text.slice(parts.params[0], parts.params[1]), " ") +
      blankOut(text.slice(parts.params[1], call.close)) +
      (semicolon ? " " : ";");
    done = call.close + 1;
  }
  return done ? out + text.slice(done) : text;
}

/** Collapsed text: one space for each run of white space and comments, none before a `,` or `)`. */
function oneLine(s: string): string {
  // (No blank before a `,` or `)` where a comment stood: `(int /*a*/, int b /*c*/)` as `(int, int b)`.)
  return s.replace(/\/\/[^\n]*|\/\*[^]*?\*\//g, " ").replace(/\s+/g, " ").replace(/ (?=[,)])/g, "").trim();
}

/** The head a mock's arguments spell (`int Foo(bool x) const override`), or undefined for other code. */
export function mockSignature(source: string, at: number): { head: string; macro: string } | undefined {
  const m = HEAD.exec(source.slice(at, at + 100));
  if (!m) return undefined;
  const macro = /^\w+/.exec(m[0])![0];
  const call = callAt(source, macro, at + m[0].length - 1);
  const parts = call && partsOf(source, call);
  if (!parts) return undefined;
  const part = (span: [number, number]) => oneLine(source.slice(span[0], span[1]));
  let ret = part(parts.ret);
  if (wholeGroup(ret, 0, ret.length)) ret = ret.slice(1, -1).trim();
  const params = oneLine(unwrapped(source.slice(parts.params[0], parts.params[1]), ""));
  const quals: string[] = parts.constant ? ["const"] : [];
  let ref = "";
  let tail: string[] = [];
  if (parts.specs) {
    for (const raw of part(parts.specs).slice(1, -1).split(",")) {
      const s = raw.trim();
      if (s === "const") quals.push("const");
      else if (/^ref\s*\(\s*(&&?)\s*\)$/.test(s)) ref = /&&?/.exec(s)![0];
      else if (s === "override" || s === "final" || s === "noexcept") tail.push(s);
    }
    tail = ["noexcept", "override", "final"].filter((s) => tail.includes(s));
  }
  const constant = quals.length ? " const" : "";
  const after = `${constant}${ref && !constant ? " " : ""}${ref}${tail.length ? " " + tail.join(" ") : ""}`;
  // (A return type a name cannot follow, `int (*)(bool)`, trails: `auto f(int) -> int (*)(bool)`.)
  const head = ret.includes("(") ? `auto ${part(parts.name)}${params}${after} -> ${ret}` : `${ret} ${part(parts.name)}${params}${after}`;
  return { head, macro };
}

/** A mock's entry: the head its macro's arguments spell, the macro as its decorator. */
export function mockEntries(records: SymbolRecord[], ctx: FileContext): void {
  if (!ctx.source.includes("MOCK_")) return;
  for (const r of records) {
    if (r.kind === "method" && r.node && r.node.type === "field_declaration") {
      const mock = mockSignature(ctx.source, r.node.startIndex);
      if (mock) (r.signature = mock.head), (r.decorators = [mock.macro, ...(r.decorators ?? [])]);
    }
    if (r.members.length) mockEntries(r.members, ctx);
  }
}
