import { Parser, Language } from "web-tree-sitter";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
const [lang, file] = process.argv.slice(2);
if (!lang || !file) {
  console.error("usage: node scripts/sexp.mjs <grammar|grammar.wasm> <file>   (ALL=1 shows anonymous nodes too)");
  process.exit(2);
}
await Parser.init();
// A tree-sitter-wasms grammar name (`python`), found from this script wherever it runs, or a path to a .wasm file.
const L = await Language.load(lang.endsWith(".wasm") ? lang : createRequire(import.meta.url).resolve(`tree-sitter-wasms/out/tree-sitter-${lang}.wasm`));
const p = new Parser(); p.setLanguage(L);
const t = p.parse(readFileSync(file, "utf8"));
function show(n, d, field) { if (!n.isNamed && !process.env.ALL) return; console.log("  ".repeat(d) + (field ? field + ": " : "") + n.type + ` [${n.startPosition.row+1}-${n.endPosition.row+1}]` + (n.childCount === 0 ? " " + JSON.stringify(n.text.slice(0,40)) : ""));
  for (let i = 0; i < n.childCount; i++) show(n.child(i), d + 1, n.fieldNameForChild(i)); }
show(t.rootNode, 0);
