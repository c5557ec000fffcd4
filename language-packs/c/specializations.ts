/**
 * C++ template specializations (SymbolRecord.specialization): `template<class A> class vector<bool, A>`
 * and `template<> struct hash<bool>` are classes of their own beside the primary template, and so are the
 * members defined out of their body (`vector<bool, _Alloc>::flip` in vector.tcc). The project graph keys
 * them apart from the primary's (parse-file.ts, cpp-members.ts cppOwner): `std.vector<bool, _Alloc>.flip`.
 */
import type { Node } from "web-tree-sitter";
import type { FileContext, SymbolRecord } from "../../core/types.js";

const TYPES = new Set(["class", "struct"]);
const CALLABLE = new Set(["function", "method", "constructor"]);

/**
 * The template arguments a record's name (its segments as written, `vector<bool, _Alloc>` or
 * `vector<bool, _Alloc>`, `flip`) gives a specialization: a class's own (`<bool, _Alloc>`); an out-of-class
 * member's class's, unless they are its template head's own parameters (`vector<_Tp, _Alloc>::reserve`
 * under `template<typename _Tp, typename _Alloc>`: the primary's member). None for the rest.
 */
export function specializationOf(r: SymbolRecord, segs: string[], ctx: FileContext): string | undefined {
  if (TYPES.has(r.kind)) return argsOf(segs[segs.length - 1]!);
  if (!CALLABLE.has(r.kind) || segs.length < 2) return undefined;
  const args = argsOf(segs[segs.length - 2]!);
  if (!args) return undefined;
  const list = splitArgs(args.slice(1, -1)).map((a) => a.replace(/\s*\.\.\.$/, ""));
  for (const params of templateHeads(r.node, ctx)) if (params.length === list.length && params.every((p, i) => p === list[i])) return undefined;
  return args;
}

/** `vector<bool,  _Alloc >` → `<bool, _Alloc>`: the arguments as one key segment (no `.`: a key's separator), none without. */
function argsOf(seg: string): string | undefined {
  const i = seg.indexOf("<");
  if (i <= 0 || seg.startsWith("operator") || !seg.endsWith(">")) return undefined;
  const args = splitArgs(seg.slice(i + 1, -1)).map((a) => a.replace(/\s+/g, " ").replace(/\s*([<>(),:*&[\]])\s*/g, "$1"));
  return `<${args.join(", ")}>`.replace(/\.\.\./g, "…").replace(/\./g, "·");
}

/** Arguments split at their top-level commas, trimmed. */
function splitArgs(text: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let cur = "";
  for (const ch of text) {
    if (ch === "<" || ch === "(" || ch === "[") depth++;
    else if (ch === ">" || ch === ")" || ch === "]") depth = Math.max(0, depth - 1);
    if (ch === "," && depth === 0) out.push(cur.trim()), (cur = "");
    else cur += ch;
  }
  if (cur.trim()) out.push(cur.trim());
  return out;
}

/** The parameter names of each `template<…>` head around a definition (`typename... _Args` → `_Args`, `int N = 3` → `N`). */
function templateHeads(node: Node | undefined, ctx: FileContext): string[][] {
  const out: string[][] = [];
  for (let p = node?.parent; p?.type === "template_declaration"; p = p.parent) {
    const list = p.childForFieldName("parameters");
    const names = (list?.namedChildren ?? []).filter((c) => c && c.type !== "comment").map((c) => lastIdentifier(ctx.text(c!).replace(/=[\s\S]*$/, "")));
    out.push(names);
  }
  return out;
}

function lastIdentifier(text: string): string {
  const m = /([A-Za-z_]\w*)\s*$/.exec(text);
  return m ? m[1]! : text.trim();
}
