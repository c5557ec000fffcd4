/**
 * The languages of the generic pack: the eager manifest (no grammar or pack code is loaded here).
 * Every code grammar tree-sitter-wasms 0.1.13 ships that loads with web-tree-sitter 0.25.10 and that
 * no tuned pack serves. Lua comes from @tree-sitter-grammars/tree-sitter-lua instead: the
 * tree-sitter-wasms Lua grammar keeps state between parses (only a process's first parse is right).
 * Scala from tree-sitter-scala 0.24: tree-sitter-wasms' is too old for Scala 2 as written today (`0L`,
 * `sealed`, `private[this]`, `xs.map { … }` were syntax errors) and knows no Scala 3.
 * Data/markup grammars (css, html, json, toml, vue, embedded_template) are not code outlines and are
 * left out (yaml too: it links now that core/grammar-shims.ts gives its scanner's C++ new/delete);
 * elm (ABI 12) and ql (ABI 10) do not load and are left out.
 */
/** Objective-C in a `.h`: a line opening with `@interface`, `@protocol`, `@class`, … or an `#import`. */
const OBJC_MARKERS = /^[ \t]*(?:@(?:interface|protocol|implementation|class|property|end)\b|#[ \t]*import[ \t]*[<"])/m;

/** Claims a `.h` holding Objective-C; defers (`false`) on any other `.h`, which stays C or C++. */
export function looksLikeObjc(source: string, path: string): boolean | undefined {
  if (!path.toLowerCase().endsWith(".h")) return undefined;
  return OBJC_MARKERS.test(source.slice(0, 200_000));
}

export interface GenericLanguage {
  id: string;
  extensions: string[];
  filenames?: string[];
  /** tree-sitter-wasms grammar name, or a package subpath of a `.wasm` (resolved when the pack loads). */
  grammar: string;
  /** Content detection for an extension another pack claims too (`.h`). */
  detect?: (source: string, path: string) => boolean | undefined;
}

export const LANGUAGES: GenericLanguage[] = [
  { id: "ruby", grammar: "ruby", extensions: [".rb", ".rake", ".gemspec", ".ru"], filenames: ["Rakefile", "Gemfile", "Guardfile", "Vagrantfile"] },
  { id: "php", grammar: "php", extensions: [".php", ".phtml"] },
  { id: "lua", grammar: "@tree-sitter-grammars/tree-sitter-lua/tree-sitter-lua.wasm", extensions: [".lua"] },
  { id: "scala", grammar: "tree-sitter-scala/tree-sitter-scala.wasm", extensions: [".scala", ".sc"] },
  { id: "bash", grammar: "bash", extensions: [".sh", ".bash"], filenames: [".bashrc", ".bash_profile", ".profile", "PKGBUILD"] },
  { id: "elixir", grammar: "elixir", extensions: [".ex", ".exs"] },
  { id: "zig", grammar: "zig", extensions: [".zig"] },
  { id: "dart", grammar: "dart", extensions: [".dart"] },
  { id: "ocaml", grammar: "ocaml", extensions: [".ml"] },
  { id: "solidity", grammar: "solidity", extensions: [".sol"] },
  { id: "objc", grammar: "objc", extensions: [".m", ".mm", ".h"], detect: looksLikeObjc },
  { id: "elisp", grammar: "elisp", extensions: [".el"] },
  { id: "rescript", grammar: "rescript", extensions: [".res"] },
];
