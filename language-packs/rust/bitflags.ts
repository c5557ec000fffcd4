/**
 * The bitflags crate's `bitflags! { /// doc ⏎ #[derive(…)] ⏎ pub struct Flags: u32 { /// doc ⏎ const A = 1; … } }`:
 * the grammar reads the call's body as tokens, so the struct it declares and its flags had been in no
 * outline (nor Universal Ctags'): clap's `ArgFlags`, nix's and libc users' option sets. tags.scm names the
 * struct over the call's lines; here its head, doc and visibility come from the tokens, and its flags become
 * its members (constants, one per `const NAME = …;`, each with its `///` doc).
 */
import type { Node } from "web-tree-sitter";
import type { FileContext, SymbolRecord } from "../../core/types.js";
import { collapse, firstSentence } from "../../core/text.js";

/** Whether `r` is a struct a `bitflags!` call declares (tags.scm names the call node). */
export function isBitflags(r: SymbolRecord): boolean {
  return r.node?.type === "macro_invocation" && r.kind === "struct";
}

/** `///` doc lines right before token `i` of `tokens` (attributes between them skipped), as text, and the first one's line. */
function docBefore(tokens: Node[], i: number, ctx: FileContext): { text: string; line?: number } {
  const lines: string[] = [];
  let line: number | undefined;
  for (let k = i - 1; k >= 0; k--) {
    const t = tokens[k]!;
    // (An attribute, `#[derive(Debug)]`: `#` and its bracketed token tree.)
    if (t.type === "token_tree" && tokens[k - 1]?.type === "#") {
      k--;
      continue;
    }
    if (t.type !== "line_comment" || !/^\/\/\/(?!\/)/.test(ctx.text(t))) break;
    lines.unshift(ctx.text(t).replace(/^\/\/\/\s?/, ""));
    line = t.startPosition.row + 1;
  }
  return { text: lines.join("\n").trim(), line };
}

/** Sets the struct's head, doc and visibility from the call's tokens, and adds its flags as members. */
export function settleBitflags(r: SymbolRecord, ctx: FileContext): void {
  const body = r.node!.namedChildren.find((c) => c?.type === "token_tree");
  if (!body) return;
  const tokens = body.children.filter((c): c is Node => !!c);
  const at = tokens.findIndex((t, k) => t.type === "struct" && tokens[k + 1]?.type === "identifier" && ctx.text(tokens[k + 1]!) === r.name);
  if (at < 0) return;
  const pub = tokens[at - 1]?.type === "pub" || (tokens[at - 1]?.type === "token_tree" && tokens[at - 2]?.type === "pub");
  const start = pub ? tokens[at - (tokens[at - 1]!.type === "pub" ? 1 : 2)]! : tokens[at]!;
  const flags = tokens.slice(at + 2).find((t) => t.type === "token_tree");
  const head = ctx.source.slice(start.startIndex, flags?.startIndex ?? tokens[at + 1]!.endIndex);
  r.signature = `${ctx.text(r.node!.childForFieldName("macro")!)}! { ${collapse(head).trim()} }`;
  r.exported = pub;
  const doc = docBefore(tokens, tokens.indexOf(start), ctx);
  if (doc.text) r.doc = doc.text;
  if (!flags) return;
  const inner = flags.children.filter((c): c is Node => !!c);
  for (let k = 0; k < inner.length; k++) {
    if (inner[k]!.type !== "const" || inner[k + 1]?.type !== "identifier") continue;
    const end = inner.slice(k).find((t) => t.type === ";") ?? inner[k + 1]!;
    const d = docBefore(inner, k, ctx);
    r.members.push({
      name: ctx.text(inner[k + 1]!),
      kind: "constant",
      startLine: inner[k]!.startPosition.row + 1,
      endLine: end.endPosition.row + 1,
      exported: pub,
      signature: collapse(ctx.source.slice(inner[k]!.startIndex, end.startIndex)).trim(),
      ...(d.text ? { doc: firstSentence(d.text), docStartLine: d.line } : {}),
      members: [],
    });
  }
}
