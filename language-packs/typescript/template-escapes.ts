/**
 * `String.raw\`\u{${codePoint.toString(16)}}\`` (eslint-plugin-unicorn): a tagged template may hold an
 * escape that is no escape (`\u{` before a substitution), which the JavaScript grammar reads as an ERROR —
 * a false syntax-error warning on valid code. The parse sees a space for that backslash (same length;
 * a template's text is no part of the outline).
 */
const ESCAPE_BEFORE_SUBSTITUTION = /(?<!\\)\\(?=[ux]\{?\$\{)/g;

export function maskTemplateEscapes(source: string): string {
  return source.includes("${") && /\\[ux]\{?\$\{/.test(source) ? source.replace(ESCAPE_BEFORE_SUBSTITUTION, " ") : source;
}
