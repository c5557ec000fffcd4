/** The languages of the C++ pack: the eager manifest (no grammar or pack code is loaded here). */

/**
 * C++-only syntax a cheap scan can see; a header with none of it is left to the C pack. (`namespace
 * std _GLIBCXX_VISIBILITY(default)` / `{`: an annotation macro after the name, the brace on the next
 * line, as libstdc++ writes it.)
 */
const CPP_MARKERS = /^\s*(?:class\s+\w+[^;(]*[{:]|namespace\s+[\w:]*(?:[ \t]+[A-Z_][A-Z0-9_]*(?:[ \t]*\([^()\n]*\))?)?\s*\{|template\s*<|(?:public|private|protected)\s*:)|\w::~?\w/m;
const CPP_INCLUDE = /^\s*#\s*include\s*<(?:iostream|string|vector|memory|map|utility|functional|algorithm)>/m;

/** An Emacs mode line naming C++ on the first line: `// <vector> -*- C++ -*-`, `/* -*- mode: c++ -*- *\/`. */
const CPP_MODE_LINE = /-\*-(?:[^\n]*?\bmode:)?[ \t]*c\+\+[ \t]*(?:;[^\n]*)?-\*-/i;

/**
 * Claims a `.h` file when it reads as C++, and a file without an extension whose first line is a
 * C++ mode line (libstdc++'s `<vector>`, `<map>`); leaves every other file alone.
 */
export function looksLikeCpp(source: string, path: string): boolean | undefined {
  const name = path.slice(Math.max(path.lastIndexOf("/"), path.lastIndexOf("\\")) + 1);
  if (!name.includes(".")) return CPP_MODE_LINE.test(source.slice(0, 300).split("\n")[0]!) || undefined;
  if (!path.toLowerCase().endsWith(".h")) return undefined;
  const head = source.slice(0, 200_000);
  return CPP_INCLUDE.test(head) || CPP_MARKERS.test(head.replace(NOT_CODE, " "));
}

/**
 * Comments, string and character literals and preprocessor lines: no C++ marker counts there. gtk-doc's
 * `#GDBusProxy::g-properties-changed`, a `"standard::type"` string and `#define G_ALWAYS_INLINE
 * [[gnu::always_inline]]` had made 18 of glib's C headers C++.
 */
const NOT_CODE = /\/\*[\s\S]*?(?:\*\/|(?![\s\S]))|\/\/[^\n]*|"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'|^[ \t]*#(?:[^\n\\]|\\[\s\S])*/gm;

export const LANGUAGES = [
  { id: "cpp", grammar: "cpp", extensions: [".cc", ".cpp", ".cxx", ".c++", ".hpp", ".hh", ".hxx", ".h++", ".ipp", ".tpp", ".tcc", ".h"], detect: looksLikeCpp },
];
