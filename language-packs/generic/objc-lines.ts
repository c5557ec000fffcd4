/**
 * Objective-C lines the objc grammar cannot read where they stand, masked before the parse (same
 * length): conditional directives between the methods of an `@implementation`, and macro lines that are
 * no declaration (an annotation `RNS_IGNORE_SUPER_CALL_BEGIN`; a statement `REMAP_WEBVIEW_PROP(x)` with
 * no `;`).
 */
import { codeView } from "./objcpp.js";

const blank = (s: string) => s.replace(/[^\n]/g, " ");
const DIRECTIVE = /^[ \t]*#[ \t]*(?:if|ifdef|ifndef|elif|else|endif)\b/;
/** A macro's name: capitals, digits and `_`, at least one `_` (`FOO_BAR`, not `NSLog` or `CGRect`). */
const MACRO = /^[ \t]*[A-Z][A-Z0-9]*_[A-Z0-9_]*/;

/** Each line's brace depth at its start, in the code view (comments and strings blanked). */
function depths(lines: string[]): number[] {
  const out: number[] = [];
  let depth = 0;
  for (const line of lines) {
    out.push(depth);
    for (const c of line) depth += c === "{" ? 1 : c === "}" ? -1 : 0;
    if (depth < 0) depth = 0;
  }
  return out;
}

/**
 * `#if`/`#ifdef`/`#else`/`#endif` between the methods of an `@implementation` (react-native's
 * `#ifdef RCT_NEW_ARCH_ENABLED` around its Fabric methods): the grammar takes no method inside a
 * conditional there — the methods were read as expressions, silently lost, or the parse lost its way.
 * The directive lines are blanked, so every branch's methods are read (as ctags lists them); a
 * conditional splitting a method was read as one configuration before (objc.ts).
 */
export function flattenImplementationConditionals(text: string, code = codeView(text)): string {
  if (!text.includes("@implementation") || !/^[ \t]*#[ \t]*if/m.test(text)) return text;
  const lines = text.split("\n");
  const codeLines = code.split("\n");
  const depth = depths(codeLines);
  let inImpl = false;
  let changed = false;
  for (let i = 0; i < lines.length; i++) {
    const line = codeLines[i]!;
    if (/^[ \t]*@implementation\b/.test(line)) inImpl = true;
    else if (/^[ \t]*@end\b/.test(line)) inImpl = false;
    else if (inImpl && depth[i] === 0 && DIRECTIVE.test(line)) {
      for (let j = i; j < lines.length; j++) {
        lines[j] = blank(lines[j]!);
        if (!/\\\s*$/.test(codeLines[j]!)) break;
      }
      changed = true;
    }
  }
  return changed ? lines.join("\n") : text;
}

/**
 * A line holding one macro and nothing else, no `;` after it and no body under it: at the top level
 * an annotation without arguments (`RNS_IGNORE_SUPER_CALL_BEGIN` around methods), in a body a statement
 * macro written without its `;` (`REMAP_WEBVIEW_PROP(scrollEnabled)`, one per line) — the grammar read
 * each as a broken declaration or statement, and the next one with it.
 */
export function maskMacroLines(text: string, code = codeView(text)): string {
  if (!/^[ \t]*[A-Z][A-Z0-9]*_/m.test(text)) return text;
  const lines = text.split("\n");
  const codeLines = code.split("\n");
  const depth = depths(codeLines);
  let changed = false;
  for (let i = 0; i < lines.length; i++) {
    const line = codeLines[i]!;
    const m = MACRO.exec(line);
    if (!m || /\\\s*$/.test(codeLines[i - 1] ?? "")) continue;
    const rest = line.slice(m[0].length).trim();
    const args = rest.startsWith("(") ? balanced(rest) : 0;
    if (rest.length !== args) continue; // (something after the macro: a declaration, a `;`)
    if (!args && depth[i] !== 0) continue;
    let j = i + 1;
    while (j < codeLines.length && !codeLines[j]!.trim()) j++;
    const next = (codeLines[j] ?? "").trim();
    // (`RCT_CUSTOM_VIEW_PROPERTY(x, T, V)` / `{`: a definition with a body, for the grammar to read.)
    if (next.startsWith("{") || (args && depth[i] === 0)) continue;
    lines[i] = blank(lines[i]!);
    changed = true;
  }
  return changed ? lines.join("\n") : text;
}

/** The length of the balanced `(…)` `s` opens with, or 0. */
function balanced(s: string): number {
  let depth = 0;
  for (let i = 0; i < s.length; i++) {
    if (s[i] === "(") depth++;
    else if (s[i] === ")" && --depth === 0) return i + 1;
  }
  return 0;
}
