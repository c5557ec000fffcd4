/**
 * Foundation's and react-native's macros the objc grammar cannot read, masked before the parse (same
 * length, records read the real source): annotation lines blanked, an enum macro read as `enum Name`,
 * the macros that declare methods or view properties read as the method or a line naming the property.
 */
const blank = (s: string) => s.replace(/[^\n]/g, " ");

/**
 * A line holding only an annotation macro the grammar reads as a broken declaration: Foundation's
 * `NS_ASSUME_NONNULL_BEGIN`/`_END` and `NS_HEADER_AUDIT_BEGIN(…)`, react-native's `RCT_EXPORT_MODULE()`.
 * One line, a balanced argument list, nothing after it but a `;` or a comment.
 */
const MACRO_LINE = /^[ \t]*(?:NS_ASSUME_NONNULL_(?:BEGIN|END)|NS_HEADER_AUDIT_(?:BEGIN|END)\([^()\n]*\)|RCT_(?:EXPORT_MODULE|EXPORT_PRE_REGISTERED_MODULE|EXTERN_MODULE)\((?:[^()\n]|\([^()\n]*\))*\))[ \t]*;?[ \t]*(?=\/\/|\/\*|$)/gm;

/**
 * react-native's view properties, a view manager's API (`RCT_EXPORT_VIEW_PROPERTY(onPress,
 * RCTBubblingEventBlock)`, `RCT_REMAP_VIEW_PROPERTY(js, key, T)`, the shadow view's): read as
 * `@synthesize onPress;` (a line the grammar takes inside `@implementation`) or, inside an `@interface`
 * (a Swift view manager's `@interface RCT_EXTERN_MODULE(…)`), `-(void)onPress;`: a property named by
 * the macro's first argument (objcClassify reads the real text).
 */
const VIEW_PROPERTY = /^([ \t]*)(RCT_(?:EXPORT_VIEW_PROPERTY|REMAP_VIEW_PROPERTY|EXPORT_SHADOW_PROPERTY|EXPORT_NOT_OVERRIDDEN_VIEW_PROPERTY)\([ \t]*)(\w+)((?:[^()\n]|\([^()\n]*\))*)\)([ \t]*;?)(?=[ \t]*(?:\/\/|\/\*|$))/gm;

/** `RCT_CUSTOM_VIEW_PROPERTY(name, T, View) {…}` (a setter with its body): read as a method `-(void)name {…}`, a property too. */
const CUSTOM_PROPERTY = /^([ \t]*)(RCT_CUSTOM_(?:VIEW|SHADOW)_PROPERTY\([ \t]*)(\w+)((?:[^()\n]|\([^()\n]*\))*)\)(?=\s*\{)/gm;

/**
 * react-native's bridge methods: `RCT_EXPORT_METHOD(sel:(T)a b:(U)c) {…}`, `RCT_REMAP_METHOD(js, sel…)`,
 * `RCT_EXPORT_BLOCKING_SYNCHRONOUS_METHOD(sel)` — a method the macro declares. Read as `-(void)sel…`
 * (`-(id)` for the synchronous one, which returns a value): the macro's head and its closing `)` masked.
 */
const METHOD_MACRO = /^([ \t]*)(RCT_EXPORT_METHOD\(|RCT_REMAP_METHOD\([ \t]*\w+[ \t]*,|RCT_EXPORT_BLOCKING_SYNCHRONOUS_METHOD\()/gm;

import { maskFoundationEnums } from "../c/macro-lines.js";

export function maskObjcMacros(text: string): string {
  let out = text.replace(MACRO_LINE, blank);
  out = maskViewProperties(out);
  out = maskEnumConverters(out);
  out = out.replace(CUSTOM_PROPERTY, (_m, lead: string, head: string, name: string, rest: string) => lead + "-(void)".padEnd(head.length) + name + blank(rest) + " ");
  return maskMethodMacros(maskFoundationEnums(out));
}

/** Characters of `out` from `at` set to `text`'s (same length: the masks edit a character array, not the string per match — rebuilt per macro, 8,000 of them took 1.5 s). */
function put(out: string[], at: number, text: string): void {
  for (let i = 0; i < text.length; i++) out[at + i] = text[i]!;
}

function maskMethodMacros(text: string): string {
  let out: string[] | undefined;
  for (const m of text.matchAll(METHOD_MACRO)) {
    const start = m.index! + m[1]!.length;
    const open = m.index! + m[0].length;
    const close = closingParen(text, open);
    if (close < 0) continue;
    const head = m[2]!.startsWith("RCT_EXPORT_BLOCKING") ? "-(id)" : "-(void)";
    out ??= text.split("");
    put(out, start, head.padEnd(m[2]!.length));
    out[close] = " ";
  }
  return out ? out.join("") : text;
}

/** The `)` closing the macro's argument list opened before `from`, or -1 (none on the next lines; `braces`: a dictionary literal `@{…}` may stand in it). */
function closingParen(text: string, from: number, braces = false): number {
  let depth = 1;
  const end = Math.min(text.length, from + (braces ? 20_000 : 2000));
  for (let i = from; i < end; i++) {
    const c = text[i];
    if (c === "(") depth++;
    else if (c === ")" && --depth === 0) return i;
    else if ((c === "{" && !braces) || c === ";") return -1;
  }
  return -1;
}


/** Whether each `@interface`/`@protocol` (true) or `@implementation` (false) line opens a container, by offset; `@end` closes it. */
function containers(text: string): { at: number; inInterface: boolean }[] {
  return [...text.matchAll(/^[ \t]*@(interface|protocol|implementation|end)\b/gm)].map((m) => ({ at: m.index!, inInterface: m[1] === "interface" || m[1] === "protocol" }));
}

function maskViewProperties(text: string): string {
  if (!text.includes("_PROPERTY(")) return text;
  const marks = containers(text);
  let k = -1;
  let out = "";
  let last = 0;
  for (const m of text.matchAll(VIEW_PROPERTY)) {
    const [, lead, head, name, rest, tail] = m as unknown as string[];
    while (k + 1 < marks.length && marks[k + 1]!.at < m.index!) k++;
    const inInterface = k >= 0 && marks[k]!.inInterface;
    const as = inInterface ? "-(void)" : "@synthesize";
    out += text.slice(last, m.index!) + lead + as.padEnd(head!.length) + name + blank(rest!) + ";" + blank(tail!);
    last = m.index! + m[0].length;
  }
  return out + text.slice(last);
}

/**
 * `RCT_ENUM_CONVERTER(Mode, (@{…}), default, integerValue)` (over lines): the class method `+ (Mode)Mode:(id)json`
 * of an `RCTConvert` category, read as `+(id) Mode{…}` (the macro's arguments after the name its body).
 */
const ENUM_CONVERTER = /^([ \t]*)(RCT_(?:MULTI_)?ENUM_CONVERTER\(\s*)(\w+)(\s*,)/gm;

function maskEnumConverters(text: string): string {
  if (!text.includes("ENUM_CONVERTER(")) return text;
  const out = text.split("");
  for (const m of text.matchAll(ENUM_CONVERTER)) {
    const headStart = m.index! + m[1]!.length;
    const close = closingParen(text, text.indexOf("(", headStart) + 1, true);
    if (close < 0) continue;
    const comma = m.index! + m[0].length - 1;
    put(out, headStart, "+(id)" + blank(m[2]!.slice(5)));
    out[comma] = "{";
    for (let i = comma + 1; i < close; i++) if (out[i] !== "\n") out[i] = " ";
    out[close] = "}";
  }
  return out.join("");
}
