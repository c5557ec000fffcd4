/** The languages of the C++ pack: the eager manifest (no grammar or pack code is loaded here). */

/** C++-only syntax a cheap scan can see; a header with none of it is left to the C pack. */
const CPP_MARKERS = /^\s*(?:class\s+\w+[^;(]*[{:]|namespace\s+[\w:]*\s*\{|template\s*<|(?:public|private|protected)\s*:)|\w::~?\w|#include\s*<(?:iostream|string|vector|memory|map|utility|functional|algorithm)>/m;

/** Claims a `.h` file when it reads as C++; leaves every other extension alone. */
export function looksLikeCpp(source: string, path: string): boolean | undefined {
  if (!path.toLowerCase().endsWith(".h")) return undefined;
  return CPP_MARKERS.test(source.slice(0, 200_000));
}

export const LANGUAGES = [
  { id: "cpp", grammar: "cpp", extensions: [".cc", ".cpp", ".cxx", ".c++", ".hpp", ".hh", ".hxx", ".h++", ".ipp", ".tpp", ".tcc", ".h"], detect: looksLikeCpp },
];
