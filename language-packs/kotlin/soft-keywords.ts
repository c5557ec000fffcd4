/**
 * A modifier keyword used as a name (`annotations.firstOrNull { annotation -> annotation.jClass == … }`,
 * `currentOverride?.let { override -> … }`, Glide's `override(width, height)`): Kotlin's modifiers are
 * soft keywords, names anywhere else, but the bundled grammar takes them for modifiers — an ERROR region
 * each (QA 45k: 6 of the 17 Kotlin files with one; no declaration was lost, the warning said "symbols
 * inside them may be missing"). The pack's repair (kept only when the error regions shrink,
 * core/reparse.ts) reads such a name as another of the same length (its last letter `_`). Records and
 * callbacks read the real source.
 */
import type { Tree } from "web-tree-sitter";

/** (Not `suspend`: `suspend() -> Unit` is a function type.) */
const MODIFIERS = "annotation|override|open|enum|sealed|operator|internal|private|public|protected|abstract|final|lateinit|inline|tailrec|external|infix|vararg|noinline|crossinline|reified|const";

/**
 * The word as a name: a lambda's parameter (`{ annotation ->`, `{ a, override ->`), a receiver (`override.x`,
 * `override?.x`, `override!!`), a call (`override(` — no blank: a modifier is followed by one), an argument
 * (`f(override)`, `f(a, override)`).
 */
const AS_NAME = new RegExp(`(?<![\\w@.:])(?:${MODIFIERS})(?=[ \\t]*->|\\??\\.\\w|!!|\\(|[ \\t]*[),\\]])`, "g");

/** `text` with a modifier keyword used as a name read as another name (see the file comment), or undefined. */
export function repairSoftKeywords(text: string, tree: Tree): string | undefined {
  if (!tree.rootNode.hasError) return undefined;
  const out = text.replace(AS_NAME, (w) => `${w.slice(0, -1)}_`);
  return out === text ? undefined : out;
}
