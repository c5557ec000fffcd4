/**
 * A record's name as the outline lists it: `#private` names per language, quoted member names by their
 * value, and a quoted key that only looks like a `#private` name.
 */
import { collapse } from "../../core/text.js";
import type { FileContext, SymbolRecord } from "../../core/types.js";
import { unescapeKeyName } from "./escaped-keys.js";
import { isEsbuildModule } from "./esbuild-exports.js";

/**
 * Name `r` (a record the pack keeps, `parent` its owner) as listed; whether it is an ES `#private` name
 * (read before the JavaScript rename below, for its `exported`).
 */
export function nameMember(r: SymbolRecord, ctx: FileContext, parent: SymbolRecord | undefined): boolean {
  unescapeKeyName(r); // (`"\\bigl": {…}`: `\bigl`, not its first piece `\\`)
  // A quoted key that begins with `#` is a public string key (`interface Tokens { "#": 1; "#hash"?: string }`,
  // `{ "#": 1 }`), not a `#private` one: it keeps its quotes as written, as a dotted key does, so no one takes
  // it for one — it had been named `#hash`, not exported.
  if (r.name.startsWith("#") && quotedName(r)) r.name = ctx.text(quotedName(r)!);
  // A computed key that is only a string (minipass's `get ['async']()`) is the quoted key it spells, named as
  // that one is below (`async`, as Ctags names it): it had been `['async']`, which `Minipass.async` did not find.
  const spelled = computedString(r);
  if (spelled) r.name = ctx.text(spelled);
  const hashName = r.name.startsWith("#");
  // JS tools (Universal Ctags' JavaScript parser among them) name `#x` members `x`; TS tools
  // keep the `#`. Follow each language's convention; read_symbol accepts both spellings.
  if (ctx.language === "javascript" && hashName) r.name = r.name.slice(1);
  // A quoted member (`'foo-bar'() {}`, `"aria-label": string`) is named by its value, as object
  // keys and enum members are (and as Ctags names it); read_symbol takes either spelling. Not a
  // name its bare spelling would misread: empty, spaced, dotted (`Outer.member` splits at dots) or `#x`.
  if (parent && QUOTED_MEMBER.test(r.name) && r.kind !== "module" && r.kind !== "namespace") r.name = r.name.slice(1, -1);
  // (An esbuild module, `"node_modules/x/oop.js"(exports) {…}`: by its path, dots and all, as the bundle names it.)
  else if (/^(["']).+\1$/.test(r.name) && isEsbuildModule(r.node)) r.name = r.name.slice(1, -1);
  // (three's `*[ Symbol.iterator ]()`: `[Symbol.iterator]`; esbuild's inlined const enum `[0 /* String */](v)`, typedoc's: `[0]`.)
  else if (r.name.startsWith("[")) r.name = (sequenceKey(r, ctx) ?? r.name).replace(BRACKET_NOISE, (_, quoted) => quoted ?? "").replace(/^\[\s+|\s+\]$/g, (s) => s.trim());
  return hashName;
}

/**
 * A computed key that is a parenthesized comma sequence names the member by its last value: TypeScript
 * compiles `#private` fields so — `[(_S_items = new WeakMap(), _S_helper = function … {…},
 * Symbol.asyncIterator)]()` is `[Symbol.asyncIterator]` (the whole key, helper bodies and all, had been
 * an 8,118-character name).
 */
function sequenceKey(r: SymbolRecord, ctx: FileContext): string | undefined {
  if (r.nameNode?.type !== "computed_property_name") return undefined;
  let e = r.nameNode.firstNamedChild;
  while (e?.type === "parenthesized_expression") e = e.firstNamedChild;
  if (e?.type !== "sequence_expression") return undefined;
  while (e?.type === "sequence_expression") e = e.lastNamedChild;
  return e ? `[${collapse(ctx.text(e))}]` : undefined;
}

/** A computed name's comments with the spaces around them; a string (kept) is matched first, so a `/*` inside one stays. */
const BRACKET_NOISE = /("(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|`(?:[^`\\]|\\.)*`)|\s*\/\*[\s\S]*?\*\/\s*/g;

/** A quoted member name whose value reads as a name: no space, dot, quote or escape, no leading `#`. */
const QUOTED_MEMBER = /^(["'])(?!#)[^\s.'"`\\]+\1$/;

/** The string a computed key is (`['async']`, `["a b"]`), if it is one and nothing else (not a template or an expression). */
function computedString(r: SymbolRecord) {
  const n = r.nameNode;
  if (n?.type !== "computed_property_name" || n.namedChildCount !== 1) return undefined;
  const only = n.firstNamedChild;
  return only?.type === "string" ? only : undefined;
}

/** The string `r` is named by (`"#hash"`), if its name is one. */
function quotedName(r: SymbolRecord) {
  const n = r.nameNode?.type === "string_fragment" ? r.nameNode.parent : r.nameNode;
  return n?.type === "string" ? n : undefined;
}
