/**
 * Valid Kotlin inside statements and parameter lists the bundled grammar reads as errors (QA 45k: 5 of
 * the 17 Kotlin files with a syntax-error warning; no declaration was lost, but a valid file was said to
 * have errors). The pack's repair (kept only when the error regions shrink, core/reparse.ts) reads each
 * as code of the same length the grammar parses; records and callbacks read the real source:
 * - a `when` condition opening with `!` before a name that starts with `is`/`in` (`!isPermissionAvailable(p)
 *   -> …`): lexed as the `!is` type test — the `!` is read as a blank;
 * - a trailing comma before `]` (`nativeModules = [ScreensModule::class,` ⏎ `]`) or before a lambda's `->`
 *   (`{ a: A,` ⏎ `b: B,` ⏎ `-> …}`): the comma is read as a blank;
 * - `as` / `as?` opening a continuation line (`(ctx as? ReactContext)?.activity` ⏎ `as? Owner`): the grammar
 *   ended the statement at the line break — `as?` trades places with it (` as?` ⏎ indentation);
 * - a function type whose receiver is a nested type (`body: Formatter.Builder<T>.() -> Unit`): the
 *   receiver's dots are read as `_` (`Formatter_Builder<T>.()`).
 */
import type { Tree } from "web-tree-sitter";

const NOT_IS = /^([ \t]*)!(?=(?:is|in)\w)/gm;
const TRAILING_COMMA = /,(?=\s*(?:\]|->))/g;
const AS_LINE = /\n([ \t]+)(as\??)[ \t](?=[ \t]*[\w(])/g;
const DOTTED_RECEIVER = /\b[A-Z]\w*(?:\.[A-Z]\w*)+(?=(?:<[^()\n]*>)?\??\.\()/g;

/** `text` with the shapes of the file comment read as code the grammar parses, or undefined. */
export function repairExpressionGaps(text: string, tree: Tree): string | undefined {
  if (!tree.rootNode.hasError) return undefined;
  let out = text;
  if (out.includes("!")) out = out.replace(NOT_IS, "$1 ");
  if (out.includes(",")) out = out.replace(TRAILING_COMMA, " ");
  if (/\n[ \t]+as/.test(out)) out = out.replace(AS_LINE, (_m, indent: string, as: string) => ` ${as}\n${indent}`);
  if (out.includes(".(")) out = out.replace(DOTTED_RECEIVER, (t) => t.replace(/\./g, "_"));
  return out === text ? undefined : out;
}
