/**
 * Bash: the spec's repair (LanguageSpec.repair, core/reparse.ts) for valid shell the bundled grammar
 * (tree-sitter-wasms' bash; tree-sitter-bash 0.25.1 fails on the same scripts) reads as errors — some of
 * them run to the end of the file, and every function after them is lost. Each mask keeps the length and
 * the line breaks and turns a character into one the shell would read the same way for an outline (a
 * space into a tab, `;` or `_`, a literal `$` into `_`): it can make no function of what was none. The
 * repaired text is kept only when its parse has smaller error regions, so a valid file is never touched.
 */

/**
 * `for i do` (no `in`: the positional parameters) as `for i;do`. The grammar knows the `for i; do` form
 * only (the blank before `do` becomes the `;`).
 */
const FOR_WITHOUT_IN = /\bfor[ \t]+\w+[ \t]+(?=do\b)/g;
/**
 * A `$` no expansion follows (`sed s/:$//`, `lv_name=~\(x$\)`, `a$|b`) is the character `$` to the
 * shell; the grammar lexes an expansion and fails (inside backticks the whole rest of the file).
 */
const LITERAL_DOLLAR = /\$(?=[/.:,|=`)\]}%+^~;&<>\\])/g;
/**
 * A command substitution in backticks opening with a blank (`` x=` echo "$p" | \ ``) after an earlier one:
 * the backtick and the blank swapped. Only after `=`, `(` or at a line's start, where a backtick opens (a
 * closing one moved would join the next word: `` case `uname` in ``).
 */
const BACKTICK_SPACE = /(?<=[=(]|^)`([ \t])/gm;
/** `\(` and `\)` as words of a `[ … ]` test (`[ \( -h x -a -d y \) -o z ]`). */
const ESCAPED_PAREN = /(?<=[ \t[])\\[()](?=[ \t\n;\]])/g;
/** `~` alone as a word (`[ "$c" = ~ ]`). */
const LONE_TILDE = /(?<=[ \t])~(?=[ \t;\]])/g;
/** `done }` / `fi }` / `esac }` on a line: the grammar wants a `;` before a group's `}`. */
const CLOSER_BRACE = /\b(done|fi|esac)[ \t]+(?=\}(?:[ \t;|&)>]|$))/gm;
/** A quoted space inside a word (`less' '45[1-9]*)`, a case pattern): the grammar ends the word there. */
const QUOTED_SPACE = /(?<=[\w*?\]])' '(?=[\w[*?])/g;
/** `[ "$OP" "$L" ]` (a test whose operator is a variable's value): the blank between as `=`, one word. */
const TWO_WORD_TEST = /(\[[ \t]+(?:"[^"\n]*"|\$\{?\w+\}?))[ \t](?="[^"\n]*"[ \t]*\])/g;
/** A here-document with no command (`<<\DOC_END` opening a line: a comment block) as `:<<DOC_END`. */
const BARE_HEREDOC = /^<<(-?)\\(?=\w)/gm;
/** POD in a here-document (`: <<=cut` … `=cut`): the delimiter's `=` as `_`, at both ends. */
const POD_HEREDOC = /<<[ \t]*=(\w+)\b/g;

function maskPodHeredocs(text: string): string {
  if (!text.includes("<<=") && !/<<[ \t]+=/.test(text)) return text;
  const words = new Set<string>();
  const out = text.replace(POD_HEREDOC, (m, word: string) => {
    words.add(word);
    return m.replace("=", "_");
  });
  return out.replace(/^=(\w+)[ \t]*$/gm, (m, word: string) => (words.has(word) ? `_${m.slice(1)}` : m));
}

/**
 * Where an extglob opens: `@(`/`+(` starting a word, or any of `@!?+*` after `==`/`!=` in a test. After one
 * the grammar's scanner reads a tab-indented line as the line before's arguments (`fi` lost: the `if` runs
 * on), and quotes or a line break inside fail it.
 */
const EXTGLOB = /(?:[=!]=[ \t]*[@!?+*]|(?<![\w$\\)\]'"])[@+])\(/g;
/** The longest extglob read as one (a pattern over a few lines: perf's `@(kvm|…|sched|⏎ |data|…)`). */
const MAX_EXTGLOB = 400;

/**
 * Each extglob as a double-quoted string of `_`s (its blanks and line breaks kept): `@(a|"b")` as
 * `"______"`, a pattern to the test either way. One holding `(`, `` ` `` or `$` is left.
 */
function maskExtglobs(text: string): string {
  if (!text.includes("@(") && !text.includes("+(") && !/[=!]=[ \t]*[!?*]\(/.test(text)) return text;
  let out = "";
  let last = 0;
  for (const m of text.matchAll(EXTGLOB)) {
    const open = m.index + m[0].length - 2;
    if (open < last) continue;
    // (A `)` looked for within the bound only: a file of `@(` never closed is not scanned to its end per `@(`.)
    const within = text.slice(open + 2, open + MAX_EXTGLOB).indexOf(")");
    if (within < 0) continue;
    const close = open + 2 + within;
    const inner = text.slice(open + 2, close);
    if (/[(`$]/.test(inner)) continue;
    out += text.slice(last, open) + '"_' + inner.replace(/\S/g, "_") + '"';
    last = close + 1;
  }
  return last === 0 ? text : out + text.slice(last);
}

/** The repair: every mask above applied to the text of a parse with errors (the core parses it and keeps it when it errs less). */
export function repairBash(text: string): string | undefined {
  let out = text
    .replace(FOR_WITHOUT_IN, (m) => `${m.slice(0, -1)};`)
    .replace(LITERAL_DOLLAR, "_")
    .replace(BACKTICK_SPACE, "$1`")
    .replace(ESCAPED_PAREN, "  ")
    .replace(LONE_TILDE, "_")
    .replace(CLOSER_BRACE, (m) => `${m.slice(0, -1)};`)
    .replace(QUOTED_SPACE, "'_'")
    .replace(TWO_WORD_TEST, "$1=")
    .replace(BARE_HEREDOC, ":<<$1");
  out = maskExtglobs(maskPodHeredocs(out));
  return out === text ? undefined : out;
}
