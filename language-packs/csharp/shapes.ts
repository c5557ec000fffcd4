/**
 * C# source shapes the bundled grammar or the generic head reading get wrong (QA 45k):
 *
 * - `async` as a name: Azure SDK's sync-over-async helpers take a `bool async` parameter and read it
 *   (`async ? await x : y`, `Delay(async, …)`, `if (async)`, `UpdateStatusAsync(async: true)`); the
 *   grammar takes each for the `async` modifier, and a file was one ERROR region (Azure.Core.Shared's
 *   OperationPoller.cs, TaskExtensions.cs: namespace and class lost). In a file that declares such a name,
 *   the name is masked (`_sync`, same length) where it cannot be the modifier — declared after a type, or
 *   followed by `)`, `,`, `;`, `?`, `:`, `]`, `&&`, `||`, `==`, `!=`. Records read the real source.
 * - C# 11's `file` modifier (`file class X {}`, `file sealed record R(…)`): the grammar predates it, and the
 *   type was a broken `property class` whose namespace ended there (the types after it left outside).
 *   `file` heading a type declaration (after attributes and other modifiers) is masked to `new ` (same
 *   length, a modifier the grammar knows); the entry is not exported (no `public`), its signature reads
 *   the real source (`file class X`).
 * - a conditional that splits a declaration or a statement, read as one configuration (maskCSharp).
 * - preprocessor lines inside a head (`class R<T>` ⏎ `#pragma warning restore SA1649` ⏎ `{`, `#if UWP` ⏎
 *   `class C : A, B` ⏎ `#else` ⏎ `class C : A` ⏎ `#endif` ⏎ `{`): the signature read them as code. They are
 *   taken out, and so are the lines of an `#else`/`#elif` branch — the head reads as its first branch.
 */
import type { FileContext, SymbolRecord } from "../../core/types.js";
import { collapse } from "../../core/text.js";
import { splitDeclarations } from "../c/macros.js";

const DECLARES_ASYNC = /\b(?:bool|var)[ \t]+async\b/;
/** A block comment on one line, and the blanks after it. */
const INLINE_COMMENT = String.raw`\/\*(?:[^*\n]|\*(?!\/))*\*\/[ \t]*`;
/**
 * `file` as C# 11's modifier: heading a type declaration, after attributes, other modifiers and one-line
 * block comments on its line (a comment before `file class Foo`, or between `file` and `sealed class`).
 */
const FILE_MODIFIER = new RegExp(
  String.raw`(?<=^[ \t]*(?:\[[^\]\n]*\][ \t]*|${INLINE_COMMENT}|(?:public|internal|private|protected|sealed|static|abstract|partial|unsafe|readonly|ref|new)(?:[ \t]+|(?=\/\*)))*)` +
    String.raw`file(?=(?:[ \t]+|(?=\/\*))(?:${INLINE_COMMENT}|(?:sealed|static|abstract|partial|unsafe|readonly|ref)[ \t]+)*(?:class|struct|interface|enum|record|delegate)\b)`,
  "gm",
);
const ASYNC_VALUE = /(?<=\b(?:bool|var)[ \t]+)async\b|(?<![\w.@])async(?=\s*(?:[),;?:\]]|&&|\|\||[!=]=))/g;

/**
 * The spec's prepareSource: `async` as a name masked where the file declares one, `file` the modifier
 * masked (see the file comment);
 * a conditional that splits a declaration or a statement (`#if UWP` ⏎ `void F(KeyRoutedEventArgs e)` ⏎
 * `#else` ⏎ `void F(KeyEventArgs e)` ⏎ `#endif` ⏎ `{ … }`, a condition's last operand under `#if`/`#else`
 * with its closing parentheses) read as one configuration, the branch with the most code, as the C
 * packs read theirs (c/macros.ts splitDeclarations): the grammar read both branches, two heads or
 * unbalanced parentheses, and lost a method's body or the rest of a class.
 */
export function maskCSharp(source: string): string {
  let out = DECLARES_ASYNC.test(source) ? source.replace(ASYNC_VALUE, "_sync") : source;
  if (out.includes("file")) out = out.replace(FILE_MODIFIER, "new ");
  return out.includes("#if") ? splitDeclarations(out) : out;
}

const DIRECTIVE = /^[ \t]*#[ \t]*(\w+)/;

/**
 * `r`'s signature without the preprocessor lines of its head (from the record's node to its body) and
 * without the lines of their `#else`/`#elif` branches, each found in order in the collapsed signature.
 */
export function withoutDirectives(r: SymbolRecord, ctx: FileContext): void {
  const n = r.node;
  if (!n || !r.signature?.includes("#")) return;
  const head = ctx.source.slice(n.startIndex, r.bodyNode && r.bodyNode.startIndex > n.startIndex ? r.bodyNode.startIndex : n.endIndex);
  if (!/^[ \t]*#/m.test(head)) return;
  const pieces: string[] = [];
  let depth = 0; // #if nesting inside the head
  let skipping = -1; // the depth whose #else/#elif branch is being skipped
  for (const line of head.split(/\r?\n/)) {
    const d = DIRECTIVE.exec(line)?.[1];
    const text = collapse(line.replace(/\/\/.*$/, ""));
    if (d === "if") depth++;
    else if ((d === "else" || d === "elif") && skipping < 0) skipping = depth;
    else if (d === "endif") {
      if (skipping === depth) skipping = -1;
      depth--;
    }
    if ((d || skipping >= 0) && text) pieces.push(text);
  }
  const before = r.signature;
  let sig = before;
  let at = 0;
  for (const p of pieces) {
    const i = sig.indexOf(p, at);
    if (i < 0) {
      // (A signature clipped inside the piece: `… #else : base(onError,…`.)
      if (sig.endsWith("…")) for (let j = at; j < sig.length - 1; j++) {
        const frag = sig.slice(j, -1).trimEnd();
        if ((j === at || sig[j - 1] === " ") && frag && p.startsWith(frag)) {
          sig = `${sig.slice(0, j).trimEnd()}…`;
          break;
        }
      }
      continue;
    }
    sig = sig.slice(0, i) + sig.slice(i + p.length);
    at = i;
  }
  if (sig !== before) r.signature = collapse(sig).replace(/ ([,)])/g, "$1");
}
