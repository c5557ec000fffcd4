/**
 * Python pack (tuned). Queries say what is declared; the code here says what queries cannot: method /
 * property / constructor kinds, which module bindings are outline entries (constants, type aliases,
 * `__all__` names), the `__all__`/underscore export rule, docstrings, async, submodule imports, and
 * nested defs passed as callbacks.
 */
import type { Node } from "web-tree-sitter";
import { definePack, type LanguageSpec } from "../../core/plugin.js";
import type { FileContext, SymbolKind, SymbolRecord } from "../../core/types.js";
import { MAX_SIGNATURE, signatureOf } from "../../core/extract.js";
import { clip, collapse } from "../../core/text.js";
import { STAGE } from "../../core/stages.js";
import { LANGUAGES } from "./languages.js";
import { allNames, importedAll } from "./exports.js";
import { docstringOf } from "./docstring.js";
import { pythonImports } from "./imports.js";
import { LAMBDA_RULES, nestedDefCallbacks, referenceCallbacks } from "./callbacks.js";

const q = (f: string) => new URL(`./queries/${f}`, import.meta.url);

const specs: LanguageSpec[] = LANGUAGES.map((l) => ({
  ...l,
  grammar: "python",
  runOnStrings: ["string", "string_start"], // a docstring left open (core/run-on.ts)
  callbackSupport: "tuned",
  callbackRules: LAMBDA_RULES,
  extraction: {
    wrapperTypes: ["decorated_definition"],
    decoratorTypes: ["decorator"],
    bodyFields: ["body"],
    // Any block (an if's, a try's, an except's): a `# doc` above its first def is, like a class body's,
    // before the block in the tree (core/doc.ts bodyOpening).
    bodyTypes: ["block"],
    commentTypes: ["comment"],
    // Functions and classes defined inside functions are real definitions (closures, local classes).
    keepInFunctions: ["function", "class"] as SymbolKind[],
  },
  queries: { tags: q("tags.scm"), imports: q("imports.scm"), callbacks: q("callbacks.scm"), complexity: q("complexity.scm") },
}));

const UPPER = /^_*[A-Z][A-Z0-9_]*$/;
const CAPWORDS = /^_*[A-Z][a-zA-Z0-9]*[a-z][a-zA-Z0-9]*$/;
const PROPERTY_DECORATOR = /^@(?:[\w.]*\.)?(?:property|cached_property|abstractproperty)\b|^@[\w.]+\.(?:setter|getter|deleter)\b/;
const TYPE_FACTORIES = /^(?:typing\.|t\.)?(?:TypeVar|NewType|ParamSpec|TypeVarTuple|TypeAliasType)\s*\(/;
const CLASS_FACTORIES = /^(?:collections\.|typing\.|enum\.)?(?:namedtuple|NamedTuple|TypedDict|Enum|IntEnum|StrEnum|Flag|IntFlag)\s*\(/;

/** Per file: the final symbol list, for the callbacks tap (the hook passes only the context). */
const symbolsOf = new WeakMap<FileContext, SymbolRecord[]>();

function assignmentOf(r: SymbolRecord): Node | null {
  const a = r.node?.type === "expression_statement" ? r.node.namedChild(0) : null;
  return a?.type === "assignment" ? a : null;
}

/** The kind of a binding, or undefined when a plain module variable is not an outline entry. */
function bindingKind(ctx: FileContext, r: SymbolRecord, inClass: boolean, exportedByAll: boolean): SymbolKind | undefined {
  // __all__, __version__: module plumbing. In a class a dunder is a member (`__eq__ = staticmethod(…)`,
  // django's LazyObject is 18 of them; `__tablename__ = "users"`).
  if (!inClass && /^__\w+__$/.test(r.name)) return undefined;
  const a = assignmentOf(r);
  const type = a?.childForFieldName("type");
  const right = a?.childForFieldName("right");
  const rhs = right ? ctx.text(right).slice(0, 200) : "";
  if (type && /^(?:typing\.|t\.)?TypeAlias$/.test(ctx.text(type))) return "type";
  if (TYPE_FACTORIES.test(rhs)) return "type";
  if (CLASS_FACTORIES.test(rhs)) return "class";
  if (inClass) {
    if (/^(?:property|functools\.cached_property|cached_property)\s*\(/.test(rhs)) return "property";
    return UPPER.test(r.name) ? "constant" : "field";
  }
  if (UPPER.test(r.name)) return "constant";
  if (CAPWORDS.test(r.name) && right && (right.type === "subscript" || (right.type === "binary_operator" && /\|/.test(rhs)))) return "type";
  // A public alias of a function, class or value by name is API (`bisect = bisect_right`, `fromstring = XML`,
  // jwt's `encode = _jwt_global_obj.encode`: the module's entry point, and was in no outline).
  if (right && !r.name.startsWith("_") && isNameRef(right)) return "variable";
  // A plain binding is no entry — unless it spans lines (a table, a config dict: pydoc_data/topics.py is
  // one `topics = {…}` of 153k tokens, and its map was empty).
  return exportedByAll || r.endLine - r.startLine + 1 >= BIG_BINDING_LINES ? "variable" : undefined;
}
/** A name or a dotted name (`bisect_right`, `_jwt_global_obj.encode`, `codecs.utf_16_le_encode`). */
function isNameRef(n: Node): boolean {
  if (n.type === "identifier") return true;
  const obj = n.type === "attribute" ? n.childForFieldName("object") : null;
  return !!obj && n.childForFieldName("attribute")?.type === "identifier" && isNameRef(obj);
}
/** A plain module binding this long is where a file's bulk is: an entry. */
const BIG_BINDING_LINES = 10;

function functionKind(r: SymbolRecord): SymbolKind {
  if (r.decorators?.some((d) => PROPERTY_DECORATOR.test(d))) return "property";
  if (r.name === "__init__") return "constructor";
  return "method";
}

/** A `def`/`class` head with a comment between it and the body (`def f():  # why`): cut at the comment. */
function headerSignature(ctx: FileContext, node: Node): string | undefined {
  const body = node.childForFieldName("body");
  const comment = node.children.find((c) => c?.type === "comment" && (!body || c.startIndex < body.startIndex));
  if (!comment) return undefined;
  // (Up to the comment, without the comments inside the head: `def from_parent(  # type: ignore`.)
  return signatureOf(ctx, node, comment, []) || undefined;
}

function isBindingKind(kind: string): boolean {
  return kind === "variable" || kind === "field" || kind === "constant";
}

function isPublic(name: string): boolean {
  return !name.startsWith("_") || /^__\w+__$/.test(name);
}

/** Nodes whose last statement is their end: definitions, compound statements, their clauses and blocks. */
const COMPOUND = new Set([
  "function_definition", "class_definition", "decorated_definition", "block",
  "if_statement", "elif_clause", "else_clause", "for_statement", "while_statement", "with_statement",
  "try_statement", "except_clause", "except_group_clause", "finally_clause", "match_statement", "case_clause",
]);

/**
 * The line a definition's last statement ends on, trailing comments left out — down through a last
 * nested definition or block (`if flag:` / `work()` / `# note`: the note is the next definition's).
 */
function lastStatementEnd(node: Node): number {
  const kids = node.namedChildren;
  let last = kids.length - 1;
  while (last >= 0 && kids[last]!.type === "comment") last--;
  if (last < 0) return node.endPosition.row + 1;
  const n = kids[last]!;
  return COMPOUND.has(n.type) ? lastStatementEnd(n) : n.endPosition.row + 1;
}

/** Refine kinds, drop plain module variables, keep the first binding of a name, set `exported`. */
function refine(records: SymbolRecord[], ctx: FileContext, parent: SymbolRecord | undefined, all: ReturnType<typeof allNames>): SymbolRecord[] {
  const out: SymbolRecord[] = [];
  const bound = new Set<string>();
  const inClass = parent?.kind === "class";
  for (const r of records) {
    const isBinding = isBindingKind(r.kind);
    if (isBinding) {
      if (bound.has(r.name) || !(inClass || !parent)) continue;
      const kind = bindingKind(ctx, r, inClass, !parent && !!all?.names.has(r.name));
      if (!kind) continue;
      r.kind = kind;
      bound.add(r.name);
      // A type alias's value is what it says (`Headers = Union[Mapping[str, str], …]`; a TypeVar's bound):
      // not cut as a data value is.
      const asg = assignmentOf(r);
      // (So is an alias's: `decode_complete = _jwt_global_obj.decode_complete`.)
      const right = asg?.childForFieldName("right");
      if ((kind === "type" || (kind === "variable" && right && isNameRef(right))) && asg && r.signature?.includes("…")) r.signature = clip(collapse(ctx.text(asg)), MAX_SIGNATURE);
      // `X = Y = "value"`: one entry, found by every name it binds.
      for (let v = assignmentOf(r)?.childForFieldName("right"); v?.type === "assignment"; v = v.childForFieldName("right")) {
        const left = v.childForFieldName("left");
        if (left?.type === "identifier" && ctx.text(left) !== r.name) (r.aliases ??= []).push(ctx.text(left));
      }
    } else if (r.kind === "function" && inClass) {
      r.kind = r.node?.type === "function_definition" ? functionKind(r) : "method";
    }
    if (r.node?.type === "function_definition" || r.node?.type === "class_definition") {
      r.signature = headerSignature(ctx, r.node) ?? r.signature;
      // Comments after the body's last statement belong to what follows (`# Don't clear _proc yet…` above
      // the next method): the range ends at that statement (6 of 3,396 stdlib definitions ran 2–5 lines on).
      r.endLine = Math.min(r.endLine, lastStatementEnd(r.node));
    }
    // (At the top level a dunder is no API — `from m import *` leaves out every `_` name: a PEP 562
    // `__getattr__`, pyparsing's `class __compat__` —; in a class `__eq__` is.)
    if (!parent) r.exported = all ? all.names.has(r.name) : !r.name.startsWith("_");
    else r.exported = inClass && parent.exported && isPublic(r.name);
    r.members = refine(r.members, ctx, r, all);
    out.push(r);
  }
  return out;
}

/**
 * A comment doc in Sphinx's `#:` form (autodoc's attribute comment, `#: Translation table …` / `#: defined
 * in …`) without its colons: each line's had stayed, ` : ` inside the sentence.
 */
function sphinxComment(doc: string): string {
  return /^:(?=\s|$)/.test(doc) ? doc.replace(/^:[ \t]?/gm, "") : doc;
}

const STAR_IMPORT = /^from[ \t]+([.\w]+)[ \t]+import[ \t]+\*/gm;

export default definePack({
  meta: { name: "pilens-pack-python", version: "0.1.0", description: "Python (tuned)" },
  languages: specs,
  apply(hooks) {
    const opts = { name: "pack:python", stage: STAGE.PACK };
    for (const spec of specs) {
      hooks.extract.for(spec.id).tap(opts, (records, ctx) => {
        const all = allNames(ctx);
        if (all?.dynamic) ctx.warnings.push("__all__ is partly computed: only its literal names are marked exported");
        // A package's `from .x import *` lines are its API: none of it is declared here (asyncio's
        // __init__.py read as "0 symbols, 0 exported").
        const stars = [...ctx.source.matchAll(STAR_IMPORT)].map((m) => m[1]!);
        if (stars.length) ctx.warnings.push(`re-exports everything public of ${stars.length} module${stars.length > 1 ? "s" : ""} (${stars.slice(0, 4).join(", ")}${stars.length > 4 ? ", …" : ""}) by \`from … import *\`: their reports list these names`);
        const kept = refine(records, ctx, undefined, all);
        if (all) {
          const imported = importedAll(ctx, all, new Set(kept.flatMap((r) => [r.name, ...(r.aliases ?? [])])));
          const n = imported.names.length;
          const mods = imported.modules;
          if (n) ctx.warnings.push(`re-exports ${n} name${n > 1 ? "s" : ""} of __all__ it imports (${imported.names.slice(0, 3).join(", ")}${n > 3 ? ", …" : ""} from ${mods.slice(0, 4).join(", ")}${mods.length > 4 ? ", …" : ""}): their modules' reports list them; read_symbol here says where each is from`);
        }
        symbolsOf.set(ctx, kept);
        return kept;
      });
      hooks.doc.for(spec.id).tap(opts, (doc, r, ctx) => {
        const ds = docstringOf(ctx, r);
        if (ds === undefined) return doc && sphinxComment(doc);
        // The docstring lies inside the range: read_symbol needs no earlier start.
        delete r.docStartLine;
        return ds;
      });
      hooks.flags.for(spec.id).tap(opts, (flags, r) => {
        if (r.node?.type === "function_definition" && /^async\b/.test(r.signature ?? "")) return ["async", ...flags];
        return flags;
      });
      hooks.imports.for(spec.id).tap(opts, (_imports, ctx) => pythonImports(ctx));
      hooks.callbacks.for(spec.id).tap(opts, (callbacks, ctx) => {
        const list = [...callbacks, ...referenceCallbacks(ctx)];
        const nested = nestedDefCallbacks(ctx, symbolsOf.get(ctx) ?? [], list); // may update `list` in place
        return [...list, ...nested];
      });
    }
  },
});
