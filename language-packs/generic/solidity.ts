/**
 * Solidity for the heuristic pack: syntax newer than the bundled grammar masked before the parse (same
 * length, so records read the real source), the unnamed functions (`constructor`, `receive`,
 * `fallback`) named by their keyword, and NatSpec docs (`@notice`, `@dev`, `@title` carry the text).
 */
import type { Node } from "web-tree-sitter";
import type { FileContext } from "../../core/types.js";

const blank = (s: string) => s.replace(/[^\n]/g, " ");

/** A named mapping key or value (Solidity 0.8.18): `mapping(address account => uint256 balance)`. */
const MAPPING_KEY = /(\bmapping\s*\(\s*[\w.]+\s+)([A-Za-z_$][\w$]*)(?=\s*=>)/g;
const MAPPING_VALUE = /(=>\s*[\w.]+(?:\[\w*\])*\s+)([A-Za-z_$][\w$]*)(?=\s*\))/g;
/**
 * A `using` directive: the grammar reads none at file level (`using {f as ==} for T global;`) and no
 * function list (`using {f} for T;`) anywhere; a directive is no entry of its own, so all are blanked.
 */
const USING = /\busing\s+(?:\{[^{}\n;]*\}|[\w.]+)\s+for\s+[^;{}\n]+;/g;
/** Transient storage (0.8.28): `uint256 transient _lock;`, `bool transient private _entered;`. */
const TRANSIENT = /\btransient(?=(?:\s+(?:private|internal|public|override|immutable))*\s+[A-Za-z_$][\w$]*\s*[;=])/g;

export function prepareSolidity(source: string): string {
  let out = source;
  if (out.includes("=>")) {
    const unnamed = (_m: string, head: string, name: string) => head + " ".repeat(name.length);
    out = out.replace(MAPPING_KEY, unnamed).replace(MAPPING_VALUE, unnamed);
  }
  if (/\busing\b/.test(out)) out = out.replace(USING, blank);
  if (/\btransient\b/.test(out)) out = out.replace(TRANSIENT, blank);
  return out;
}

/** `constructor(…)`, `receive() external payable`, `fallback(…)`: named by their keyword (an old-style `function ()` is the fallback). */
export function solidityNameNode(node: Node): Node | undefined {
  if (node.type !== "constructor_definition" && node.type !== "fallback_receive_definition") return undefined;
  const kw = node.child(0);
  return kw && !kw.isNamed ? kw : undefined;
}

export function solidityName(node: Node, nameNode: Node, ctx: FileContext): string | undefined {
  return node.type === "fallback_receive_definition" && ctx.text(nameNode) === "function" ? "fallback" : undefined;
}

/** NatSpec tags whose text is the description; every other tag (`@param`, `@return`, `@custom:…`) ends it. */
const TEXT_TAG = /^@(title|notice|dev)\b\s*/;
const PREFERRED = ["", "notice", "dev", "title"];

/**
 * The doc of a NatSpec comment: untagged text first, then `@notice` (for users), `@dev`, `@title`.
 * `@inheritdoc X` says nothing of its own ("" is no doc).
 */
export function natspecDoc(raw: string): string {
  const parts = new Map<string, string[]>();
  let tag = "";
  for (const line of stripLines(raw)) {
    const m = TEXT_TAG.exec(line);
    if (m) {
      tag = m[1]!;
      parts.set(tag, [...(parts.get(tag) ?? []), line.slice(m[0].length)]);
    } else if (line.startsWith("@")) tag = "@";
    else if (tag !== "@") parts.set(tag, [...(parts.get(tag) ?? []), line]);
  }
  for (const k of PREFERRED) {
    const text = (parts.get(k) ?? []).join("\n").trim();
    if (/[\p{L}\p{N}]/u.test(text)) return text;
  }
  return "";
}

/** A comment's lines without their markers (`///`, `/**`, ` * `, `*\/`). */
function stripLines(raw: string): string[] {
  const block = /^\s*\/\*/.test(raw);
  return raw.split(/\r?\n/).map((l) => {
    const t = l.trim();
    if (!block) return t.replace(/^\/{2,}\s*/, "");
    return t.replace(/^\/\*+/, "").replace(/\*+\/$/, "").replace(/^\*+\s*/, "").trim();
  });
}
