/**
 * What the graph takes from a file's syntax tree while it is alive (the pipeline's `collect` callback):
 * every identifier occurrence with its line and a few cheap context bits. Identifier node types come
 * from the grammar itself (named types ending in `identifier`, e.g. type_identifier,
 * property_identifier, simple_identifier), the types the tags query names definitions by and the name
 * nodes of the file's own definitions (name-types.ts), so every pack gets this without writing a query.
 */
import type { Node } from "web-tree-sitter";
import type { FileContext, ImportRecord, SymbolRecord } from "../types.js";
import { declaredNames, pyImportLineWords, pyModuleImports, valueField, VIA } from "./collect-python.js";
import { bindingNameTypes, bindsByType, containerTypes, importBindingLines, isKeyType, markContainer, newMarks } from "./bindings.js";
import { packOccurrences } from "./occ.js";
import { fileNameTypes } from "./name-types.js";
import { CALLED, ELEMENT, FIELD, objectKeyType, pairKeyType, TypedScopes, typedScopeNodes } from "./typed-scope.js";
import { ARGS, genericResult } from "./generic-results.js";
import { CALL_TYPED, callAt, chainHeadEnd, csPropertyHead, INDEXER, indexedHead, jvmCalled, nullSafeEnd } from "./call-chains.js";
import { goFieldTypes, goSelectorScope } from "./go-package.js";
import { heritageStarts, supertypeRows } from "./supertypes.js";
import { COMPANION, FOREIGN } from "./qualified.js";
import { packageName, starPackages } from "./same-package.js";
import { rustPathQualifier } from "./rust-paths.js";
import { MAX_LINES_PER_NAME, OCC_BIND, OCC_CALL, OCC_EXTENDS, OCC_IMPORT, OCC_KEY, OCC_MAX_LINE, OCC_MEMBER, OCC_PKG, OCC_SELF, OCC_SHIFT, type Occurrences } from "./types.js";
import { callArityBits } from "./call-arity.js";
import { exportValueNames } from "./export-values.js";
import { PREFIXED } from "./value-members.js";
import { argsAfter, templateBefore } from "./cpp-specs.js";

const IMPORT_STMT = /import|^use_declaration$|^using_directive$|preproc_include|^include|^require/;
const JS_LIKE = new Set(["javascript", "typescript", "tsx", "vue", "vue-tsx", "svelte", "astro"]);
const ARROW_MEMBERS = new Set(["c", "cpp", "objc", "php"]); // `->` selects a member (elsewhere an arrow: a lambda's, a return type's)
const PACKAGE_STMT = /^package_(?:clause|declaration|header)$/;
const DECLARATION = /^(?:lexical|variable)_declaration$/;
/** A name an import statement binds to a module: `* as z`, `const u = require(…)`, TS's `import u = require(…)` (not a name it imports from one). */
const MODULE_BINDING = /\*\s*as\s+([\w$]+)|^(?:const|let|var|import)\s+([\w$]+)\s*=\s*require\s*\(/g;
/**
 * A name an import statement binds to the module's default value: `import Store from`, `import Store, { x } from`,
 * `const Fetcher = require('./fetcher.js')` (nothing after the call), TS's `import Store = require(…)`.
 */
const DEFAULT_BINDING = /^import\s+(?:type\s+)?([\w$]+)\s*(?:,|from\b)|^(?:const|let|var|import)\s+([\w$]+)\s*=\s*require\s*\(\s*(['"`])[^'"`\n]*\3\s*\)\s*;?\s*$/;
/** Words a parenthesis follows that call nothing: `if (…).x` is no call's result. */
const KEYWORDS = /^(?:if|for|while|switch|catch|return|typeof|await|function|super|import|require)$/;
/** A declarator's value that is a CommonJS import: `require('./a')`, also `require('./a').x`. */
const REQUIRE_VALUE = /^require\s*\(\s*(['"`])[^'"`\n]*\1\s*\)(?:\s*\.\s*[\w$]+)*$/;

/** `const { x } = require('./a')` (one declarator or several, each a require): an import statement. */
function isRequireDeclaration(stmt: Node, src: string): boolean {
  if (!DECLARATION.test(stmt.type)) return false;
  let any = false;
  for (const d of stmt.namedChildren) {
    if (d?.type !== "variable_declarator") continue;
    const v = d.childForFieldName("value");
    if (!v || v.endIndex - v.startIndex > 300 || !REQUIRE_VALUE.test(src.slice(v.startIndex, v.endIndex))) return false;
    any = true;
  }
  return any;
}

/** The first name of the dotted chain `src[w, end)` ends (`z` of `z.core.$ZodString`); "" after a call or index. */
function chainRoot(src: string, w: number, end: number): string {
  let [r, rootEnd] = [w, end];
  while (src[r - 1] === ".") {
    let q = r - 1;
    while (q > 0 && /[\w$]/.test(src[q - 1]!)) q--;
    if (q === r - 1) return "";
    [r, rootEnd] = [q, r - 1];
  }
  return src.slice(r, rootEnd);
}

/**
 * Go: the selector's dot at the end of a line above `k` (a line break before the name), when it follows
 * an operand (`s.`, `f().`, `a[i].`) outside a comment; else `k`.
 */
function goSelectorDot(src: string, k: number): number {
  let d = k;
  while (d >= 0 && (src[d] === " " || src[d] === "\t" || src[d] === "\n" || src[d] === "\r")) d--;
  if (src[d] !== "." || !/[\w)\]]/.test(src[d - 1] ?? "")) return k;
  return src.slice(src.lastIndexOf("\n", d) + 1, d).includes("//") ? k : d;
}

export function collectOccurrences(ctx: FileContext, symbols?: SymbolRecord[], imports: ImportRecord[] = []): Occurrences {
  const root = ctx.tree.rootNode;
  const { types, extra } = fileNameTypes(ctx.tree.language, ctx.queries, symbols, ctx.nameTypes);
  const src = ctx.source;
  const language = ctx.language;
  // Lines of top-level import statements: names there are imports, not uses.
  const importLines = new Set<number>();
  const statements = root.namedChildren;
  const js = JS_LIKE.has(language);
  // (A re-export, `export { default as az } from "./az.js"`, is an import line too: its names are the imported file's — a use of none of them.)
  const isImport = (stmt: Node) => IMPORT_STMT.test(stmt.type) || (js && (isRequireDeclaration(stmt, src) || (stmt.type === "export_statement" && stmt.childForFieldName("source") !== null)));
  // The file's own package line names no use (Go's `package main` had been a use of `func main`).
  const packageLines = new Set<number>();
  // JS/TS: the names import statements bind (one-letter ones too, `import * as z`), strings left out;
  // and those naming a module (`* as z`, `const u = require(…)`) with their statement's lines (`12-12`).
  const importWords = new Set<string>();
  const moduleNames = new Map<string, string>();
  const defaultRows: string[] = [];
  // (JS/TS: the names of the file's own export list, `export { glob, helper as aid }`: its export, no use — keys.)
  const exportKeys = new Set<number>();
  // (And the values its own export statements name, `export default main;`, `module.exports = { a, b }`: keys where the file declares them, export-values.ts.)
  const exportValues: [number, string][] = [];
  for (const stmt of statements) {
    // (Dart, Scala: the words too — an import prefix, `import 'util.dart' as util;`, a package, `import mylib.util` —, whose `util.f()` may name a top-level `f`: value-members.ts.)
    if (stmt && (js || language === "python" || PREFIXED.has(language)) && isImport(stmt)) {
      const text = src.slice(stmt.startIndex, stmt.endIndex).replace(/(["'`])(?:\\.|(?!\1)[^\\])*\1/g, "");
      for (const m of text.matchAll(/[\w$]+/g)) importWords.add(m[0]);
      if (js) {
        for (const m of text.matchAll(MODULE_BINDING)) if (!moduleNames.has(m[1] ?? m[2]!)) moduleNames.set(m[1] ?? m[2]!, `${stmt.startPosition.row + 1}-${stmt.endPosition.row + 1}`);
        // (`=last` rows on the statement's first line: the name it binds to the module's default value — link.ts links
        // it to that file's default export, whatever its own name: `const Fetcher = require('./fetcher.js')` is FetcherBase.)
        const dflt = DEFAULT_BINDING.exec(src.slice(stmt.startIndex, stmt.endIndex));
        if (dflt && dflt[1] !== "type") defaultRows.push(`${stmt.startPosition.row + 1}\t${dflt[1] ?? dflt[2]}\t=${stmt.endPosition.row + 1}`);
      }
    }
    // (C's and C++'s `#include`, Kotlin's import list end at the next line's start, holding their line breaks: that line is no import's.)
    if (stmt && isImport(stmt)) for (let l = stmt.startPosition.row, end = lastRow(stmt); l <= end; l++) importLines.add(l + 1);
    else if (js && stmt?.type === "export_statement") exportListNames(stmt, exportKeys);
    else if (stmt && PACKAGE_STMT.test(stmt.type)) packageLines.add(stmt.startPosition.row + 1);
    if (js && stmt) exportValueNames(stmt, src, exportValues);
  }
  // (Python: also the imports in a function or a `try:` — `from . import shared_memory` — whose names head chains.)
  if (language === "python") pyImportLineWords(src, imports, importWords);
  const { bound: boundLines, internal: internalLines } = importBindingLines(language, statements, imports, isImport);
  const marks = newMarks();
  for (const k of exportKeys) marks.key.add(k);
  const go = language === "go" ? goSelectorScope(root, src) : undefined;
  // Java, C#: the declared types of names (typed-scope.ts), from this walk; the members selected on them
  // (`m.put` with `HashMap<K, V> m`) wait for its end — a field may be declared below its use.
  const typedNodes = typedScopeNodes(language);
  const typedScopes = typedNodes && new TypedScopes(src, language);
  const typedHeads: [line: number, name: string, head: string][] = [];
  // (C#: a capitalized name heading a chain, `Child.Run()` — a type's, or the class's property's: its typed row's index.)
  const bareProperties: [at: number, line: number, word: string][] = [];
  const keyHeads: [line: number, name: string, from: string][] = [];
  const containers = containerTypes(language);
  const containerSet = containers.length ? new Set(containers) : undefined;
  const lists = new Map<string, number[]>();
  const typed: string[] = [];
  // JS: the top-level names the file declares itself (not by an import statement), on first need.
  let own: Set<string> | undefined;
  let declared: Set<number> | undefined;
  // (The text the tree was parsed from, when the tree has no errors; null: not known so.)
  let parsedText: string | null | undefined;
  const ownTop = () => (own ??= new Set((symbols ?? []).filter((r) => !importLines.has(r.startLine)).map((r) => r.name)));
  for (const [at, name] of exportValues) if (ownTop().has(name)) marks.key.add(at);
  if (!types.length) return packOccurrences(lists);
  // (Where the names of the supertypes a declaration's head names stand: `extends` uses.)
  const heritage = heritageStarts(language, symbols);
  const walked = [...(containerSet ? [...types, ...bindingNameTypes(language), ...containers] : types), ...(js ? ["subscript_expression"] : [])];
  for (const node of root.descendantsOfType(typedNodes ? [...walked, ...typedNodes] : walked)) {
    if (!node) continue;
    const type = node.type; // (a call into the runtime on every read)
    if (typedNodes?.has(type)) {
      typedScopes!.add(node);
      if (!containerSet?.has(type)) continue;
    }
    if (type === "subscript_expression") {
      computedMember(node, src, lists);
      continue;
    }
    // A binding container comes before its names (preorder): note which of them it binds.
    if (containerSet?.has(type)) {
      markContainer(language, node, type, marks);
      continue;
    }
    const s = node.startIndex;
    const e = node.endIndex;
    // (One-letter names are too common to keep, but for a Go receiver's field: `s.m` of `type S struct{ m … }`.)
    if (e - s > 80 || (e - s < 2 && !(go && src[s - 1] === "."))) continue;
    const name = src.slice(s, e);
    if (name.includes("\n")) continue; // names are stored joined by newlines
    // (A node of a type a definition is named by is a name as a leaf with a word character: not Swift's `!=`.)
    if (extra.has(type) && (node.childCount > 0 || !/\w/.test(name))) continue;
    // (TypeScript's `bigint` type is a type_identifier in this grammar, no use of a function `bigint`.)
    if (js && type === "type_identifier" && name === "bigint") continue;
    const line = node.startPosition.row + 1;
    if (packageLines.has(line) || line > OCC_MAX_LINE) continue;
    let flags = 0;
    let qualifier: string | undefined;
    let typedHead: string | undefined;
    let via: string | undefined;
    let bareProperty: string | undefined;
    // (C++: the template arguments a use writes, `Hasher<Key>` of `Hasher<lib::Key> h` or of `Hasher<Key>::go`: cpp-specs.ts.)
    let spec = language === "cpp" ? ((a) => a && `${name}${a}`)(argsAfter(src, e)) : undefined;
    let keyType: string | null = null;
    let pkgRoot: string | undefined;
    let j = e;
    while (j < src.length && (src[j] === " " || src[j] === "\t")) j++;
    if (src[j] === "(") flags |= OCC_CALL | callArityBits(src, j, language);
    let k = s - 1;
    while (k >= 0 && (src[k] === " " || src[k] === "\t")) k--;
    // (Go breaks a chain after its dot, `s.\n\tm()` — not a comment's full stop; other languages'
    // statements may end in one: Erlang's.)
    if (go && (src[k] === "\n" || src[k] === "\r")) k = goSelectorDot(src, k);
    const c = src[k];
    // (`...x` is a spread of x, `0..n` a range, no member `.x` — but Dart's cascade `b..add(x)` is.)
    const spread = c === "." && src[k - 1] === "." && (src[k - 2] === "." || language !== "dart");
    // (`->` selects a member in C, C++, Objective-C and PHP only: elsewhere an arrow, `x -> f(x)`, `-> UIView`.)
    if (!spread && (c === "." || (c === ":" && src[k - 1] === ":") || (c === ">" && src[k - 1] === "-" && ARROW_MEMBERS.has(language)) || c === "@")) {
      flags |= OCC_MEMBER;
      // Where the chain's head ends: before the operator, or — a chain broken before its dot, `z\n  .string()`,
      // `this\n  .store` — at the end of the line above.
      const d = chainHeadEnd(src, c === "." ? k : k - 1);
      const before = src.slice(Math.max(0, d - (c === "." ? 6 : 5)), d);
      // (Python's `cls` in a classmethod is the class, as `self` its instance: `cls._helper()`.)
      if (c === "@" || /\b(?:this|self|Self)\??$/.test(before) || (language === "python" && /\bcls$/.test(before))) flags |= OCC_SELF;
      // (`exports.init = init` of the file's own `function init`: its export's key, no use of another
      // file's member `init`; `module.exports.Pool = Pool` of a required Pool stays the re-export's link.)
      else if (js && c === "." && ownTop().has(src.slice(s, e)) && /(?:^|[^\w$.])(?:module\.)?exports\s*$/.test(src.slice(Math.max(0, d - 16), d))) flags |= OCC_KEY;
      else if (go && c === ".") {
        // Go: the method's receiver (`s.ln`), or an imported package (`http.Error`), or another value.
        let w = d;
        while (w > 0 && /\w/.test(src[w - 1]!)) w--;
        // (The chain's head only: `cc.t.X` is no selector on a local `t`, a receiver or a package.)
        const word = src[w - 1] === "." ? "" : src.slice(w, d);
        // (A name the function declares is its value even where a package has that name: `url := r.URL`.)
        const local = word ? go.localAt(line - 1, word, w) : undefined;
        if (word && word === go.receiverAt(line - 1)) flags |= OCC_SELF;
        else if (local) qualifier = local;
        else if (!word && w > 1) {
          // Two steps: `c.server.Shutdown()` — the member of the type of field `server` of c's type
          // (`T#field`: go-package.ts goFieldMember); the receiver's or a typed local's, heading the chain.
          let h = w - 1;
          while (h > 0 && /\w/.test(src[h - 1]!)) h--;
          const head = src[h - 1] === "." ? "" : src.slice(h, w - 1);
          const type = !head ? undefined : head === go.receiverAt(line - 1) ? go.receiverTypeAt(line - 1) : go.localAt(line - 1, head);
          if (type) qualifier = `${type}#${src.slice(w, d)}`;
        }
        else if (local === undefined && go.packages.has(word)) {
          flags |= OCC_PKG;
          qualifier = `@${go.packages.get(word)}`;
        }
      } else if (c === "." || c === ":") {
        // A capitalized qualifier, a type's or namespace's name (`Util.parse`, `Level::from_usize`):
        // qualified.ts finds its member; `^` when it heads the chain, `:` after another segment.
        // (A safe call, `s?.put()` in Kotlin, C#, TS: the value before the `?`; Rust's `x?.f()` unwraps a Result.)
        // (Kotlin's `x!!.f()`: the value before the `!!`.)
        const end = c === "." && src[d - 1] === "?" && language !== "rust" ? d - 1 : c === "." && language === "kotlin" ? nullSafeEnd(src, d) : d;
        let w = end;
        while (w > 0 && /[\w$]/.test(src[w - 1]!)) w--;
        const p = src[w - 1];
        // JS/TS: a name an import statement binds heading the chain (`import * as z`, `const u = require(…)`;
        // `z.core.$ZodString` too): the member is that module's (link.ts), another value's no module's export.
        // (Python too: `util.debug()` of `from . import util`, not `self._popen.wait()` — link.ts.)
        if ((js || language === "python" || PREFIXED.has(language)) && c === "." && w < end && importWords.has((pkgRoot = chainRoot(src, w, end)))) flags |= OCC_PKG;
        // (Rust's and C++'s `::` is a path's — a module's, namespace's or type's member —, never a value's: value-members.ts; Rust's module there: rust-paths.ts.)
        else if (c === ":" && (language === "rust" || language === "cpp")) (flags |= OCC_PKG), (pkgRoot = language === "rust" ? rustPathQualifier(src, w, end) : undefined);
        // (C++: a member after a template-id, `Hasher<lib::Key>::go`: the class's, and its arguments.)
        const tid = c === ":" && language === "cpp" && w === end ? templateBefore(src, end) : undefined;
        // (Its qualifier as a capitalized type's name before `::` gets one: `Hasher<int>::go` `:Hasher`, not `vector<int>::size`.)
        if (tid) [qualifier, spec] = [/^[A-Z](?:\w*[a-z]\w*)?$/.test(tid[0]) ? `${tid[2] === ":" ? ":" : "^"}${tid[0]}` : undefined, tid[1] ? `${tid[0]}${tid[1]}` : undefined];
        // (Not an all-caps one, a constant's more often than a type's: Rust's `STATE.compare_exchange`.)
        // (C#: a capitalized property on a value, `f.Child.Run()`, `this.Child.Run()`, `task.Result.Bar()`: call-chains.ts csPropertyHead.)
        if (typedScopes && language === "csharp" && c === "." && p === "." && w < end && (via = csPropertyHead(src, w - 1, src.slice(w, end)))) typedHead = via;
        else if (/^[A-Z](?:[\w$]*[a-z][\w$]*)?$/.test(src.slice(w, end))) {
          qualifier = `${p === "." || p === ":" || (p === ">" && src[w - 2] === "-") ? ":" : "^"}${src.slice(w, end)}`;
          if (typedScopes && language === "csharp" && qualifier[0] === "^") bareProperty = src.slice(w, end);
        }
        // A value heading the chain whose function or class declares its type (`m.put` with
        // `HashMap<K, V> m`) is that type's (typed-scope.ts: Java, C#, Kotlin, TS/JS, Python, Rust).
        else if (typedScopes && c === "." && p !== "." && w < end) typedHead = src.slice(w, end);
        // (`this.store.get()`, `self.store.get()`: the class's field `store`.)
        else if (typedScopes && c === "." && p === "." && w < end && /(?:^|[^\w$.])(?:this|self)$/.test(src.slice(Math.max(0, w - 6), w - 1))) typedHead = `${FIELD}${src.slice(w, end)}`;
        // (Python: a typed value's field heading the chain, `out.flags.set()` with `out: Output`: the member of
        // the type Output declares for `flags` — `^Output#flags`, qualified.ts fieldMember.)
        else if (typedScopes && language === "python" && c === "." && p === "." && w < end && (via = valueField(src, w - 1))) typedHead = `${via}${VIA}${src.slice(w, end)}`;
        // TS, Java, C#, Kotlin: a member of what a call gives, `this.get().x`, `store.get().x`, `z.string().min()`,
        // `getFoo().bar()`: the member of the type the method or function declares it returns (FileEntry.ft
        // `T.get(` rows; call-chains.ts). (Not plain JavaScript: it declares no return types.)
        else if (typedScopes && (js ? language !== "javascript" : CALL_TYPED.has(language)) && c === "." && w === end && src[end - 1] === ")") {
          const call = callAt(src, end - 1, 1, !js);
          if (call) typedHead = `${call[0]}#${call[1]}`;
        }
        // (C#, Kotlin: a member of what an indexer gives, `dict[k].Bar()`, `map[k]?.bar()` — a library container's value: generic-results.ts.)
        else if (typedScopes && (language === "csharp" || language === "kotlin") && c === "." && w === end && src[end - 1] === "]") typedHead = ((h) => h && `${h}#${INDEXER}`)(indexedHead(src, end));
      }
    } else if (marks.field.has(s)) flags |= OCC_MEMBER;
    else if (isKeyType(type) || marks.key.has(s)) {
      flags |= OCC_KEY;
      // (TypeScript: a key of an object a declaration or a call's parameter types, `const o: Options = { name }`: Options' member; keyHeads.)
      keyType = typedScopes && js && language !== "javascript" && isKeyType(type) ? pairKeyType(node, src, (parsedText ??= ctx.parsed !== undefined && !root.hasError ? ctx.parsed : null) ?? undefined) : null;
    }
    // (A shorthand key, `return { api }`: the variable's use, and — `}` — the member's too.)
    else if (type === "shorthand_property_identifier" && typedScopes && js && language !== "javascript") keyType = ((t) => t && `}${t}`)(objectKeyType(node, src));
    if (e - s < 2 && !(flags & OCC_SELF)) continue;
    if (importLines.has(line)) flags |= OCC_IMPORT;
    if (!internalLines.has(line) && (boundLines.has(line) || marks.bind.has(s) || bindsByType(type))) flags |= OCC_BIND;
    // (A definition's own name below its decorators, `@property` ⏎ `def version(self)`: no use of a `version` elsewhere.)
    if ((declared ??= declaredNames(symbols)).has(s)) flags |= OCC_KEY;
    if (heritage.has(s)) flags |= OCC_EXTENDS;
    const enc = (line << OCC_SHIFT) | flags;
    const list = lists.get(name);
    // (A member's qualifier for the lines kept: link.ts reads no other.)
    const kept = !list || list.length <= MAX_LINES_PER_NAME || list[list.length - 1] === enc;
    if (qualifier && kept) {
      typed.push(`${line}\t${name}\t${qualifier}`);
      if (bareProperty) bareProperties.push([typed.length - 1, line, bareProperty]);
      // (Kotlin: a member named through its class, `Foo.bar()`: a companion's, not an instance's — link.ts.)
      if (qualifier[0] === "^" && language === "kotlin") typed.push(`${line}\t${name}\t${COMPANION}${qualifier.slice(1)}`);
    } else if (typedHead && kept) typedHeads.push([line, name, typedHead]);
    if (keyType && kept) keyHeads.push([line, name, keyType]);
    if (spec && kept) typed.push(`${line}\t${name}\t<${spec}`);
    // (JS/TS: the import statement a module's member is reached through, `@1-1` of `z.boolean()`, by its lines; Rust: `@%de` of `de::Error`.)
    const moduleAt = flags & OCC_PKG && kept ? (language === "rust" ? pkgRoot : moduleNames.get(pkgRoot!)) : undefined;
    if (moduleAt) typed.push(`${line}\t${name}\t@${moduleAt}`);
    if (!list) lists.set(name, [1, enc]);
    else {
      list[0]!++;
      if (list.length <= MAX_LINES_PER_NAME) {
        if (list[list.length - 1] !== enc) list.push(enc);
      } else if (flags & OCC_BIND && !list.some((x, i) => i > 0 && x & OCC_BIND)) {
        // Kept lines are capped; that the file binds the name must survive the cap (link.ts).
        list[list.length - 1] = enc;
      }
    }
  }
  // A type the file imports from another library (`import type { Node } from "web-tree-sitter"`, a
  // line binding only outside names): its members are none of the project's, whatever it declares so named.
  // (JS/TS and Python, whose project imports resolve to files; a Rust `use` of a sibling crate is "external".)
  let pyImports: Set<string> | undefined;
  const foreign = (type: string) => (js || language === "python") && boundLines.size > 0 && !!lists.get(type)?.some((enc, i) => i > 0 && boundLines.has(enc >> OCC_SHIFT) && (enc & OCC_IMPORT) !== 0);
  for (let i = 0; i < typed.length; i++) {
    const t = typed[i]!.slice(typed[i]!.lastIndexOf("\t") + 1);
    if (t[0] === "^" && foreign(t.slice(1))) typed[i] = `${typed[i]!.slice(0, typed[i]!.length - t.length)}^${FOREIGN}`;
  }
  // A member of what `head.callee()` returns (`^Store#get(`, `@3-3#string(`): the head `this`, a module, or a
  // typed value. (`key`: the callee and `(`, or AWAITED for what `await head.callee()` gives: `^Store#load(await`.)
  const called = (line: number, head: string, key: string, steps = 0): string | undefined => {
    const callee = key.slice(0, key.indexOf("("));
    if (!js) return head === "new" || head === "this" || (head && typedScopes!.headType(line - 1, head) !== undefined) ? calledOf(line, head, key, callee, steps) : jvmCalled(language, typedScopes!, line - 1, head, key);
    return calledOf(line, head, key, callee);
  };
  const calledOf = (line: number, head: string, key: string, callee = key.slice(0, key.indexOf("(")), steps = 0): string | undefined => {
    if (!head) return KEYWORDS.test(callee) ? undefined : `^#${key}`;
    // (`new Page().self().close()`: `^Page#self(`.)
    if (head === "new") return foreign(callee) ? `^${FOREIGN}` : `^${callee}${key.slice(key.indexOf("(") + 1)}`;
    if (head === "this") return ((cls) => cls && `^${cls}#${key}`)(typedScopes!.classAt(line - 1));
    if (moduleNames.has(head)) return `@${moduleNames.get(head)}#${key}`;
    const type = typedScopes!.headType(line - 1, head);
    // (Java, C#, Kotlin: a local another call made, `var a = x.getA(); var b = a.getB(); b.run()` — `x#getA(#getB(`, a few locals up.)
    if (type?.[0] === CALLED && !js && steps < MAX_LOCAL_STEPS) return ((h) => called(line, type.slice(1, h), `${type.slice(h + 1)}#${key}`, steps + 1))(type.indexOf("#"));
    // (A library container's method, `m.get(k)` on `Map<String, Foo> m`: its type argument's member, `^Foo`.)
    const generic = type && !js && !foreign(type) ? genericResult(type, key, typedScopes!.headType(line - 1, `${head}${ARGS}`)) : undefined;
    // (An indexer no library container's: the member by name, as before — `arr[0].Bar()` on an array.)
    return generic ?? (type && type[0] !== CALLED && !foreign(type) && !key.startsWith(INDEXER) ? `^${type}#${key}` : undefined);
  };
  for (const [line, name, h] of typedHeads) {
    // (`store#get(`: the member of what `store.get()` returns; `z#string(#min(`, of `z.string().min()`.)
    const hash = h.indexOf("#");
    const v = h.indexOf(VIA);
    if (v > 0) {
      const t = typedScopes!.headType(line - 1, h.slice(0, v));
      // (C#: a library container's property, `task.Result` on `Task<Foo>`: `^Foo`; else a property of no known type, `:Child`, as before.)
      const generic = t && language === "csharp" ? genericResult(t, `${h.slice(v + 1)}(`, typedScopes!.headType(line - 1, `${h.slice(0, v)}${ARGS}`)) : undefined;
      if (generic) typed.push(`${line}\t${name}\t${generic}`);
      else if (t && /^[A-Za-z_][\w.]*$/.test(t) && !foreign(t)) typed.push(`${line}\t${name}\t^${t}#${h.slice(v + 1)}`);
      else if (language === "csharp") typed.push(`${line}\t${name}\t:${h.slice(v + 1)}`);
      continue;
    }
    const head = hash < 0 ? h : h.slice(0, hash);
    const callee = hash < 0 ? undefined : h.slice(hash + 1);
    const type = callee !== undefined ? undefined : typedScopes!.headType(line - 1, head);
    // (A value a call gave, `const s = z.string(); s.min(1)`: as `z.string().min(1)`; TypeScript's only.)
    const q = callee !== undefined ? called(line, head, callee) : type?.[0] === CALLED ? (language === "javascript" ? undefined : called(line, type.slice(1, type.indexOf("#")), type.slice(type.indexOf("#") + 1))) : undefined;
    if (q) typed.push(`${line}\t${name}\t${q}`);
    else if (callee !== undefined || type?.[0] === CALLED) continue;
    else if (type) typed.push(`${line}\t${name}\t^${foreign(type) ? FOREIGN : type}`);
    // (Python: a module another library's `import os` binds heading the chain, `os.mkdir(…)`, `itertools.starmap`:
    // its member is none of the project's — no name-only link to a method `mkdir` or `starmap`. Not a name
    // `from … import` binds: `from concurrent.futures import _base` may be the project's, unresolved.)
    else if (type === undefined && language === "python" && foreign(head) && (pyImports ??= pyModuleImports(src)).has(head)) typed.push(`${line}\t${name}\t^${FOREIGN}`);
    else if (type === undefined && head[0] === FIELD) {
      // (A field this class does not declare: perhaps one it inherits — `^Store#client`, qualified.ts fieldMember.)
      const cls = typedScopes!.classAt(line - 1);
      if (cls) typed.push(`${line}\t${name}\t^${cls}#${head.slice(1)}`);
    }
  }
  // (C#: `Child.Run()` where the class declares a property Child of type Node: Node's `Run`, not a type Child's.)
  for (const [at, line, word] of bareProperties) {
    const t = typedScopes!.headType(line - 1, `${FIELD}${word}`);
    if (t && t !== word && /^[A-Za-z_][\w.]*$/.test(t)) typed[at] = `${typed[at]!.slice(0, typed[at]!.lastIndexOf("\t"))}\t^${t}`;
  }
  // A TS object literal's key: `{^Options` of the type a declaration gives the object, `{^#connect(1` of the
  // parameter a call passes it to (objectKeyType), `}…` for a shorthand one — link.ts keyMember.
  for (const [line, name, from] of keyHeads) {
    const t = from[0] === "}" ? from.slice(1) : from;
    // (`out.push({ … })` on `out: Entry[]`, `this.items.unshift({ … })`: the array's element type's.)
    const push = t[0] === CALLED ? /^([^#]+)#(?:push|unshift)\(\d+$/.exec(t.slice(1)) : null;
    const element = push && typedScopes!.headType(line - 1, push[1]!, true);
    const q = element?.[0] === ELEMENT ? (foreign(element.slice(1)) ? undefined : `^${element.slice(1)}`) : t[0] === CALLED ? called(line, t.slice(1, t.indexOf("#")), t.slice(t.indexOf("#") + 1)) : foreign(t.slice(1).split("#")[0]!) ? undefined : t;
    if (q) typed.push(`${line}\t${name}\t${from[0] === "}" ? "}" : "{"}${q}`);
  }
  typed.push(...defaultRows);
  const occ: Occurrences = packOccurrences(lists);
  if (typed.length) occ.t = typed.join("\n");
  // Go: struct fields' types and embedded types; elsewhere the supertypes of the file's types and its classes' typed fields.
  // (A field's type the file imports from another library is kept as FOREIGN: qualified.ts fieldMember.)
  const fieldRows = (typedScopes?.fieldRows() ?? []).map((r) => (foreign(r.slice(r.indexOf("\t") + 1)) ? `${r.slice(0, r.indexOf("\t"))}\t${FOREIGN}` : r));
  const fields = go ? goFieldTypes(root, src) : [...supertypeRows(language, symbols, src), ...fieldRows].join("\n");
  if (fields) occ.f = fields;
  const pk = packageName(language, statements, src);
  if (pk) occ.p = pk;
  const ps = starPackages(language, statements, src);
  if (ps.length) occ.ps = ps;
  return occ;
}

/** Java, C#, Kotlin: how many locals made by calls a chain is followed up through (`var b = a.getB()` on `var a = x.getA()`: one). */
const MAX_LOCAL_STEPS = 3;

/** A computed key naming a member: `_loadTrees`, `_.tarballFromResolved` (a Symbol-keyed method's name). */
const COMPUTED_KEY = /^[\w$]+(?:\.[\w$]+)*$/;

/**
 * JS/TS `this[_loadTrees](o)`, `df[_.tarballFromResolved]()`: a use of the member the class declares as
 * `[_loadTrees] () {…}` — kept as a member occurrence of the name `[_loadTrees]`, as the definition is
 * named (npm's arborist and pacote: 38 Symbol-keyed methods, none with a use).
 */
function computedMember(node: Node, src: string, lists: Map<string, number[]>): void {
  const index = node.childForFieldName("index");
  const key = index ? src.slice(index.startIndex, index.endIndex) : "";
  if (!COMPUTED_KEY.test(key) || !/[$_A-Za-z]/.test(key[0]!)) return;
  let j = node.endIndex;
  while (j < src.length && (src[j] === " " || src[j] === "\t")) j++;
  const flags = OCC_MEMBER | (node.childForFieldName("object")?.type === "this" ? OCC_SELF : 0) | (src[j] === "(" ? OCC_CALL : 0);
  const enc = ((index!.startPosition.row + 1) << OCC_SHIFT) | flags;
  const name = `[${key}]`;
  const list = lists.get(name);
  if (!list) lists.set(name, [1, enc]);
  else if ((list[0]!++, list.length <= MAX_LINES_PER_NAME && list[list.length - 1] !== enc)) list.push(enc);
}

/** The start offsets of the local names an `export { a, b as c }` list (no `from`) exports, and the names it exports them as: the export's declaration, no uses. */
function exportListNames(stmt: Node, out: Set<number>): void {
  for (const clause of stmt.namedChildren) {
    if (clause?.type !== "export_clause") continue;
    for (const spec of clause.namedChildren) {
      if (spec?.type !== "export_specifier") continue;
      for (const field of ["name", "alias"]) ((n) => n && out.add(n.startIndex))(spec.childForFieldName(field));
    }
  }
}

/** The last row a node's text is on: not the row after it, where a node ending with its line break (`#include`) ends. */
function lastRow(n: Node): number {
  return n.endPosition.column === 0 && n.endPosition.row > n.startPosition.row ? n.endPosition.row - 1 : n.endPosition.row;
}
