/**
 * A statement opening its line with `(` (`(params as LayoutParams).behavior =` ⏎ `if (t) null else x`,
 * `(binding.field as StripeEditText).textSize = 1f`): the bundled grammar reads it as the call
 * parentheses of the line above (`val params = screen.layoutParams` ⏎ `(params as …)` as
 * `screen.layoutParams(params as …)`) — Kotlin ends a statement at a line break before `(` — and in a
 * long class the error ran on to the file's end, every later member a top-level function (QA 45k,
 * react-native-screens' ScreenStackFragment.kt). The pack's repair (LanguageSpec.repair, kept only when
 * the error regions shrink) puts a `;` in the line's last indentation character: same length, the
 * statement stands alone.
 */
import type { Tree } from "web-tree-sitter";

/** The line above ends an expression: a name, a literal, a closer or `!!`/`?` — not an operator, `,` or an opener. */
const ENDS_EXPRESSION = /[\w)\]}"'!?]$/;
/** …but not a keyword that takes what follows, nor a declaration's or a control structure's head. */
const TAKES_NEXT = /\b(?:else|in|is|as|return|throw|if|when|try|do|while|for|by|where)$/;
const HEAD = /^(?:\}\s*)?(?:(?:else\s+)?(?:if|while|for|when|catch)\b|(?:@\S+\s+)*(?:(?:public|private|internal|protected|open|abstract|sealed|data|inner|enum|annotation|value|final|override|inline|suspend|operator|infix|tailrec|external|actual|expect|lateinit|const)\s+)*(?:class|object|interface|fun|constructor|init|get|set|val|var)\b[^=]*$)/;

/** `text` with a `;` before each statement that opens its line with `(` (see the file comment), or undefined. */
export function repairParenStatements(text: string, tree: Tree): string | undefined {
  if (!tree.rootNode.hasError || !/\n[ \t]+\(/.test(text)) return undefined;
  const lines = text.split("\n");
  let prev = "";
  let changed = false;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const code = line.replace(/\/\/.*$/, "").trim();
    if (!code || code.startsWith("*") || code.startsWith("/*")) continue;
    if (/^[ \t]+\(/.test(line) && ENDS_EXPRESSION.test(prev) && !TAKES_NEXT.test(prev) && !HEAD.test(prev)) {
      const at = line.indexOf("(") - 1;
      lines[i] = `${line.slice(0, at)};${line.slice(at + 1)}`;
      changed = true;
    }
    prev = code;
  }
  return changed ? lines.join("\n") : undefined;
}
