/**
 * The C and C++ packs' repair (LanguageSpec.repair, tried on a parse with errors and kept only when it
 * shrinks them): a line that is one call of an all-caps macro whose arguments no expression can be —
 * two words in a row (`unsigned char`, `::std::string const`) or an empty argument (`(void, )`) — is
 * read as blank. Such a line declares through its macro what the grammar cannot see
 * (googletest's `GMOCK_DEFINE_DEFAULT_ACTION_FOR_RETURN_TYPE_(unsigned char, '\0');`: 18 of them in
 * gmock-actions.h), and read as code it had made one bogus function of the 235 lines after it, its
 * namespace end 179 lines late and 30 declarations missing. And a macro glued between two string literals
 * (`"%" PRIu64 "\n"`, gtest.cc's `"True if and only if " GTEST_NAME_ " should …"`), which the C++ grammar
 * cannot read, is read as blank; and a function-pointer typedef's calling-convention macro as the `*` it
 * stands for (`typedef void (GL_APIENTRYP PFNGLCLEARPROC) (GLbitfield mask);`: GLES3/gl32.h 395 error regions
 * → 3, its `PFNGL…PROC` types 24 → 377 listed).
 */
import type { Node, Tree } from "web-tree-sitter";
import { ARGS } from "./balanced.js";

/** One macro call alone on its line, `;` and a comment allowed after it: its arguments in group 1. */
const CALL_LINE = /^[ \t]*[A-Z][A-Z0-9_]{2,}[ \t]*\(([^;{}\n]*)\)[ \t]*;?[ \t]*(?:\/\/[^\n]*)?$/gm;
/** String and character literals (their words are no code). */
const LITERAL = /"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'/g;
/** Two words in a row, not an operator's (`sizeof x`, `new T`, `delete p`, `return x` can be expressions). */
const TWO_WORDS = /(?<![\w.>])(?!(?:sizeof|new|delete|throw|co_await|typeid|alignof|decltype)\b)[A-Za-z_]\w*[ \t]+[A-Za-z_]\w*/;
/** An empty argument: `(a, )`, `(, b)`, `(a, , b)`. */
const EMPTY_ARG = /^[ \t]*,|,[ \t]*,|,[ \t]*$/;

/** Whether the parentheses in `args` close in order (`BOOL) DllMain(x` is a head's, not one call's). */
function balanced(args: string): boolean {
  let depth = 0;
  for (const ch of args) {
    if (ch === "(") depth++;
    else if (ch === ")" && --depth < 0) return false;
  }
  return depth === 0;
}

/** Code the grammar reads, not a comment's or a `#define`'s text (a macro body's last line, `F(x, , y)`). */
function inCode(tree: Tree, at: number): boolean {
  for (let n: Node | null = tree.rootNode.descendantForIndex(at); n; n = n.parent) if (n.type === "comment" || n.type.startsWith("preproc_def") || n.type === "preproc_function_def" || n.type === "preproc_arg") return false;
  return true;
}

/** A macro between two string literals, `"%" PRIu64 "\n"`, `"a " GTEST_NAME_ "b"` (the C++ grammar has no such concatenation). */
const GLUED = /^([ \t\r\n]*)([A-Z_][A-Z0-9_]*|PRI[diouxX]\w*|SCN[diouxX]\w*)(?=[ \t\r\n]*(?:u8|[uUL])?")/;

/** The text with the macros glued into string concatenations blanked (the literals the tree found end where it says). */
function blankGlued(text: string, tree: Tree): string {
  const at: [number, number][] = [];
  for (const s of tree.rootNode.descendantsOfType(["string_literal", "raw_string_literal"])) {
    const m = s ? GLUED.exec(text.slice(s.endIndex, s.endIndex + 80)) : null;
    if (m) at.push([s!.endIndex + m[1]!.length, m[2]!.length]);
  }
  let out = text;
  for (const [from, n] of at) out = out.slice(0, from) + " ".repeat(n) + out.slice(from + n);
  return out;
}

/** A function-pointer typedef's calling-convention macro: `typedef void (GL_APIENTRYP PFNGLCLEARPROC) (…)`, `(VKAPI_PTR *PFN_vkFreeFunction)(`. */
const POINTER_MACRO = /^([ \t]*typedef\b[^;()\n]*\([ \t]*)([A-Z_][A-Z0-9_]*)(?=([ \t]+\*?)[ \t]*[A-Za-z_]\w*[ \t]*\)[ \t]*\()/gm;

/** The macro read as the `*` it stands for (`GL_APIENTRYP` is `GL_APIENTRY*`), or as blank before a `*` of its own. */
const pointerMacros = (text: string): string =>
  text.replace(POINTER_MACRO, (_m, head: string, macro: string, gap: string) => head + (gap.includes("*") ? " ".repeat(macro.length) : "*".padEnd(macro.length)));

/** Foundation's enum macros: `typedef NS_ENUM(NSInteger, Mode) {` read as `enum Mode {` (a plain C enum;
 * the record's head is still the real `typedef NS_ENUM(NSInteger, Mode)`). */
const ENUM_MACRO = /\btypedef([ \t]+)(?:NS_(?:ENUM|OPTIONS|CLOSED_ENUM|ERROR_ENUM)|CF_(?:ENUM|OPTIONS|CLOSED_ENUM))\(([^(),\n]+),[ \t]*(\w+)[ \t]*\)(?=\s*\{)/g;

/** The Objective-C pack's mask, and the C/C++ packs' (c/macros.ts maskMacros: a header they read, react-native-screens' RNSEnums.h), before the enum-body masks. */
export function maskFoundationEnums(text: string): string {
  // The name stays where it is (records read their name from the real source).
  return text.replace(ENUM_MACRO, (m, _sp: string, _type: string, name: string) => {
    const at = m.lastIndexOf(name);
    return "enum" + " ".repeat(at - 4) + name + " ".repeat(m.length - at - name.length);
  });
}

/** An availability macro after a type's closing brace, before its `;`: `} API_UNAVAILABLE(watchos);`, `} NS_SWIFT_NAME(Mode);`. */
const TAIL_MACRO = new RegExp(String.raw`(?<=^[ \t]*\}[ \t]*)[A-Z][A-Z0-9]*_[A-Z0-9_]*[ \t]*${ARGS}(?=[ \t]*;)`, "gm");

/**
 * Read as blank (c/macros.ts maskMacros): with it `enum E {…} API_UNAVAILABLE(watchos);` had been a function
 * `API_UNAVAILABLE` returning the enum, the enum's 30 enumerators gone. Not after a `typedef`'s braces.
 */
export const maskTypeTailMacros = (text: string): string =>
  text.includes("}") ? text.replace(TAIL_MACRO, (m: string, at: number) => (typedefHead(text, text.lastIndexOf("}", at)) ? m : " ".repeat(m.length))) : text;

/**
 * Whether the braces closing at `close` open a `typedef`'s line: there the macro may be its name
 * (yoga's `typedef YG_ENUM_BEGIN(YGAlign) {…} YG_ENUM_END(YGAlign);`, `YG_ENUM_END(name)` being `name`).
 */
function typedefHead(text: string, close: number): boolean {
  let depth = 0;
  for (let i = close; i >= 0; i--) {
    const ch = text[i];
    if (ch === "}") depth++;
    else if (ch === "{" && --depth === 0) return /^[ \t]*typedef\b/.test(text.slice(text.lastIndexOf("\n", i) + 1, i));
  }
  return false;
}

/** The text with such lines, glued macros and pointer macros blanked (same length), or undefined when there is none. */
export function repairMacroLines(text: string, tree: Tree): string | undefined {
  const glued = pointerMacros(blankGlued(text, tree));
  let changed = glued !== text;
  const out = glued.replace(CALL_LINE, (line: string, args: string, at: number) => {
    const bare = args.replace(LITERAL, '""');
    if ((!TWO_WORDS.test(bare) && !EMPTY_ARG.test(bare)) || !balanced(bare)) return line;
    if (/\\[ \t]*\r?\n$/.test(text.slice(Math.max(0, at - 3), at)) || !inCode(tree, at + line.search(/\S/))) return line;
    changed = true;
    return " ".repeat(line.length);
  });
  return changed ? out : undefined;
}
