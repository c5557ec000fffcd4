/**
 * JS/TS pack (tuned): TypeScript, TSX, JavaScript and the scripts of Vue/Svelte/Astro components.
 * Queries say what is declared; the code here says what queries cannot: member visibility, async,
 * boundary wrappers, function-valued bindings. Beside it: exports.ts (the export rules: export lists,
 * CommonJS, what tsc and bundlers emit), assignments.ts (member assignments), bindings.ts (records read
 * off statements: bindings, default exports, parameter properties), import-scan.ts (imports and their
 * files; subpath-imports.ts for `#` specifiers), callbacks.ts, sfc.ts (single-file components).
 */
import type { Node } from "web-tree-sitter";
import { definePack, type LanguageSpec } from "../../core/plugin.js";
import { callbackRules } from "./callback-rules.js";
import { FUNCTION_KINDS, type FileContext, type ImportRecord, type SymbolKind, type SymbolRecord } from "../../core/types.js";
import { STAGE } from "../../core/stages.js";
import { DEFAULT_IGNORE_DOC, MAX_SIGNATURE, partsOf, extraction as resolvedExtraction, signatureOf } from "../../core/extract.js";
import { clip, collapseHead, lineTest } from "../../core/text.js";
import { LANGUAGES } from "./languages.js";
import { definesInstanceProperty, inStaticBlock, onceEachProperty } from "./constructors.js";
import { aliasesPrototypeMethod, assignsPrototypeObject, definesMethod, holdsMethods, liftForeignPrototypeMembers, returnedObjectMember } from "./in-function.js";
import { compiledClass, exportsIifeClass, publishCompiledMembers } from "./compiled-classes.js";
import { compiledMemberExported, nestCompiledNamespaces } from "./compiled-namespaces.js";
import { assignmentOf, assignsFunction, classifyAssignment, hoistedMethods, liftOwnFunction, inNestedFunction } from "./assignments.js";
import { dropReassignments } from "./reassignments.js";
import { exportedObjectFunctions } from "./export-objects.js";
import { babelStatics, sequenceAssignments } from "./sequences.js";
import { fieldHelpers } from "./field-helpers.js";
import { tscDecorated } from "./tsc-decorate.js";
import { esModule, factoryHead, globalBuildBody, isBundle } from "./iife.js";
import { scopedOwners } from "./scoped-owners.js";
import { patternCallArgument, privateToIife } from "./module-pattern.js";
import { amdClasses, factoryReturnedMember } from "./amd.js";
import { googModuleExports, providedEntry } from "./closure.js"; import { amdImports, closureImports } from "./script-imports.js";
import { accessorMaps, definedKey, definedProperties, MIXES_IN } from "./defined-properties.js";
import { callbackCandidates, inCallArgument, testCaseBodies } from "./callbacks.js";
import { arrayElementKey, holdsCode, strayEntry } from "./stray.js";
import { isAsync, isBoundaryWrapper } from "./flags.js";
import { callbacksFrom } from "../../core/callbacks.js";
import { maskJsUsing } from "./grammar-masks.js";
import { blankNewNew } from "./shape-masks.js";
import { MASKED_ESCAPES_NOTE, maskEscapes, maskTypeScript, scriptBlocksOnly } from "./sfc.js";
import { callImports, isRequireBinding, requireReexport, resolveImports, statementImports } from "./import-scan.js";
import { anonymousClassArguments, isPrivateMember, overloadedSignatures, parenthesizeBareParameter, returnedClassMember, moduleBindings, namespaceBindings, parameterProperties, shareDeclarationMembers, wrappedFunction } from "./bindings.js";
import { nestedGlobals, withBindings } from "./namespace-members.js";
import { dropExportAliases, exportedNames, hasExportWrapper, isWrappedDefaultExport } from "./exports.js";
import { resolveReexports } from "./reexports.js";
import { reexportKinds } from "./reexport-kinds.js";
import { markListedStars, tapStarDocs, withStarExports } from "./star-exports.js";
import { inEsbuildModule, isEsbuildModule, isExportGetter } from "./esbuild-exports.js";
import { ambientExports, exportContextOff, isAmbientModule } from "./ambient.js";
import { JS_IGNORE_DOC, tapDocs } from "./docs.js";
import { tapFoldedHeads } from "./folded-heads.js"; import { tapFlowNote } from "./flow.js";
import { ownDeclarator, tapDeclaratorDocs, withoutTrailingComments } from "./declarators.js";
import { errorRepair } from "./repairs.js";
import { compoundAliases } from "./compound.js";
import { castHead, CURRIED, curriedHead, fieldFunction, functionField, valueOf } from "./function-values.js";
import { scannedTags } from "./scanned-tags.js";
import { addTypeBodyMembers, memberSignature } from "./type-bodies.js";
import { nameMember } from "./member-names.js";
import { keyedCallOwners } from "./keyed-calls.js";

const q = (f: string) => new URL(`./queries/${f}`, import.meta.url);
/**
 * `click: { setup: function (data) {…} }`: an object holding functions, its head with their bodies
 * elided (they are its listed members): jQuery's hooks had read `click: { setup: function (data) { var
 * el = this || data; if (…`.
 */
function bodiesElided(r: SymbolRecord, ctx: FileContext): void {
  // (Or assigned: quill's `Toolbar.DEFAULTS = { handlers: { clean() {…} } }` had read its body.)
  const node = r.node?.type === "pair" ? r.node : assignmentOf(r.node);
  if (node?.childForFieldName(node.type === "pair" ? "value" : "right")?.type !== "object") return;
  const bodies: Node[] = [];
  const collect = (list: SymbolRecord[]) => {
    for (const m of list) m.bodyNode?.type === "statement_block" ? bodies.push(m.bodyNode) : collect(m.members);
  };
  collect(r.members);
  if (!bodies.length) return;
  // (Comments between them go too: `click: { // Utilize native event …`.)
  const comments = ctx.text(node).includes("/") ? node.descendantsOfType("comment").filter((c): c is Node => !!c) : [];
  let text = "";
  let at = node.startIndex;
  for (const b of [...bodies, ...comments].sort((a, b) => a.startIndex - b.startIndex)) {
    if (b.startIndex < at) continue;
    text += ctx.source.slice(at, b.startIndex) + (b.type === "comment" ? " " : "{…}");
    at = b.endIndex;
    if (text.length > 4 * MAX_SIGNATURE) break;
  }
  if (text.length <= 4 * MAX_SIGNATURE) text += ctx.source.slice(at, node.endIndex);
  r.signature = clip(collapseHead(text), MAX_SIGNATURE);
}

const extraction = {
  wrapperTypes: ["export_statement", "ambient_declaration"],
  // And a license banner (`/*! lib v1.2 | MIT */`), which minifiers keep, and `/*global …*/` lists (js-doc-formats.ts): not docs.
  ignoreDocPatterns: [...DEFAULT_IGNORE_DOC, ...JS_IGNORE_DOC],
  // Triple-slash directives (`/// <reference lib="dom" />`, `/// <amd-module name="x" />`): compiler input, no doc.
  // And a JSDoc block declaring a type, `@typedef {Object} PRNG` / `@callback Handler`: that type's doc,
  // not the declaration's below it (lib0's `DefaultPRNG` had read "A random type generator."). Unless a
  // typedef's block documents the function too, with its `@param`s (undici's `applyAlgorithmToBytes`).
  stopDocPatterns: [
    /^\s*\/\/\/\s*<(?:reference|amd-module|amd-dependency)\b/,
    /^\s*\/\*\*[\s\S]*?(?:^|\n)[\s*]*@callback\b/,
    /^\s*\/\*\*(?![\s\S]*@(?:param|returns?)\b)[\s\S]*?(?:^|\n)[\s*]*@typedef\b/,
  ],
  decoratorTypes: ["decorator"],
  bodyFields: ["body"],
  // Named functions, classes and types declared in a function body are its nested entries.
  keepInFunctions: ["function", "class", "interface", "type", "enum"] as SymbolKind[],
  // `Pp.each = function each() {}` / `X.prototype.y = function () {}` inside a factory function:
  // methods defined there (plugin/module patterns), a constructor's `this.x = …`; other member assignments stay locals.
  // And the methods of the object a factory returns (`const api = { on() {…} }; return api;`), and of
  // the anonymous class a mixin returns (`(Base) => class extends Base {…}`).
  keepInFunction: (r: SymbolRecord) =>
    !!r.props?.["babel-static"] || !!r.props?.["chain-method"] || !!r.props?.["declared-field"] || (!!r.props?.assignment && (definesMethod(r.node) || definesInstanceProperty(r.node) || assignsPrototypeObject(r.node) || aliasesPrototypeMethod(r.node))) || inEsbuildModule(r.node) || (r.kind === "method" && returnedObjectMember(r.node)) || ((r.kind === "method" || r.kind === "property") && returnedClassMember(r.node)) || (r.kind === "property" && r.node?.type === "pair" && holdsMethods(r.node) && returnedObjectMember(r.node)),
  // `exports.x = function () {…}`, a field `handle = () => {…}`: a function's body (what it declares is local).
  functionLike: (r: SymbolRecord) => (!!r.props?.assignment && assignsFunction(r.node)) || (r.kind === "constant" && !!r.node && !!wrappedFunction(r.node)) || (r.kind === "property" && !!fieldFunction(r.node?.childForFieldName("value"))),
};

const specs: LanguageSpec[] = LANGUAGES.map((l) => {
  const ts = l.id !== "javascript";
  return {
    ...l,
    grammar: l.grammar,
    ...(l.id === "vue" || l.id === "vue-tsx" || l.id === "svelte" || l.id === "astro"
      ? { prepareSource: (s: string) => maskTypeScript(scriptBlocksOnly(s)) }
      : l.id === "javascript" ? { prepareSource: (s: string) => blankNewNew(maskJsUsing(s)) } : { prepareSource: maskTypeScript }),
    ...(ts ? { reparse: { source: maskEscapes, note: MASKED_ESCAPES_NOTE } } : {}),
    repair: errorRepair(l.grammar !== "typescript", ts), // JSX in the TSX and JavaScript grammars; escapes in TS types
    recoverBraces: true, // a half-typed edit (core/brace-recovery.ts)
    runOnStrings: ["template_string", "`"], // a template literal left open (core/run-on.ts)
    runOnComments: ["comment"], // a doc comment left open (core/run-on-comments.ts)
    callbackSupport: "tuned",
    callbackRules,
    extraction,
    queries: {
      tags: [q("tags-common.scm"), q(ts ? "tags-typescript.scm" : "tags-javascript.scm")],
      imports: q("imports.scm"),
      callbacks: q("callbacks.scm"),
      complexity: q("complexity.scm"),
    },
  };
});

/** A named function expression assigned to a member (`exports.encode = function base64VLQ_encode`). */
function assignedToMember(r: SymbolRecord): boolean {
  const parent = r.node?.type === "function_expression" ? r.node.parent : null;
  return parent?.type === "assignment_expression" && parent.childForFieldName("left")?.type !== "identifier";
}


/**
 * `accessor count = 0;` (TS 4.9 auto-accessors): the bundled grammar predates the keyword and parses
 * a field named `accessor` followed by an ERROR holding the real name — the field is `count`.
 */
function accessorField(r: SymbolRecord, ctx: FileContext): void {
  const error = r.node!.namedChildren.find((c) => c?.type === "ERROR");
  const name = error?.namedChildCount === 1 ? error.namedChild(0) : null;
  if (name?.type === "identifier" || name?.type === "property_identifier" || name?.type === "private_property_identifier") r.name = ctx.text(name);
}

/**
 * `export const Button = forwardRef(function Button(props, ref) {…})`, `exports.x = wrap(function x()
 * {…})`: one entry — the function, under the binding's name, its head running from the declaration to
 * the function's body — rather than a constant holding a function of the same name.
 */
function mergeWrappedFunction(r: SymbolRecord, ctx: FileContext): void {
  if ((r.kind !== "constant" && r.kind !== "variable") || r.members.length !== 1 || !r.node) return;
  const inner = r.members[0]!;
  if (inner.name !== r.name || (inner.kind !== "function" && inner.kind !== "class")) return;
  // (Not a declaration in a class IIFE's body, `var Derived = (function (_super) { function Derived(a, b) {…} … }(Base))`.)
  if (inner.node?.type === "function_declaration" || inner.node?.type === "class_declaration") return;
  r.kind = inner.kind;
  r.bodyNode = inner.bodyNode;
  r.members = inner.members;
  r.decorators ??= inner.decorators;
  r.signature = signatureOf(ctx, r.node, inner.bodyNode ?? null, []) || r.signature;
}

/**
 * An entry found public after its members were visited (`ko.x = { a: function … }` on an exported `ko`),
 * and the methods and properties under it (a constructor function's `this.name`), but for private ones (`#x`, `private`).
 */
function publish(r: SymbolRecord, ctx: FileContext): void {
  r.exported = true;
  // (A method's only when assigned, a constructor's `this.media = …` (cssom's `CSSOM.CSSMediaRule = function
  // …`): not the object its body returns, find-my-way's `R.prototype.find = function () { … return {
  // handler: () => … } }`, as a class method's is not.)
  for (const m of r.members) if ((m.kind === "method" || m.kind === "property") && !isPrivateMember(m, ctx) && (r.kind !== "method" || m.props?.assignment)) publish(m, ctx);
}

/** `var x; … x = function () {…}`: the function is the entry; the bare `var x` before it is no second one. */
function withoutBareDeclarations(top: SymbolRecord[]): SymbolRecord[] {
  // (Nor one before a class of its name: CoffeeScript's `var SwitchCase; … SwitchCase = (function () { class SwitchCase … }).call(this)`.)
  const assigned = new Set(top.filter((r) => r.props?.["plain-assignment"] || r.kind === "class").flatMap((r) => [r.name, ...(r.aliases ?? [])]));
  if (!assigned.size) return top;
  return top.filter((r) => {
    const d = r.nameNode?.parent;
    return !(r.kind === "variable" && assigned.has(r.name) && d?.type === "variable_declarator" && !d.childForFieldName("value"));
  });
}

/**
 * `next = function (c) {…}` (tags-javascript.scm): a function by the binding's name — unless the function
 * names itself (`x = function y() {}` is listed as `y`) or the binding is an `on…` handler
 * (`onmessage = (e) => {…}` in a worker is an event handler, not an API). `Ref = class extends Base
 * {…}`: a class by the binding's name.
 */
function plainAssignedDefinition(r: SymbolRecord): boolean {
  // (The function pattern captures the statement, the class pattern the assignment itself.)
  const right = assignmentOf(r.node)?.childForFieldName("right");
  if (right?.type === "class") return true;
  // (`every = function every(obj, fn) {…}`, rollup's CommonJS wrappers: the statement holds the doc.)
  const own = right?.childForFieldName("name");
  if (own) return own.text === r.name;
  return !!right && !/^on[a-z]/.test(r.name);
}

/** Whether a function of that name holds the node (`function f() { f = function () {…} }`: f's own redefinition). */
function insideFunctionNamed(node: Node | undefined, name: string): boolean {
  // (The file's named functions' spans read once, by name: a walk up the ancestors per assignment had been
  // quadratic in nesting — IIFEs 4,000 deep, each with `f = function`, 13 s.)
  if (!node) return false;
  let byName = namedFunctionsOf.get(node.tree);
  if (!byName) {
    namedFunctionsOf.set(node.tree, (byName = new Map()));
    for (const f of node.tree.rootNode.descendantsOfType(["function_declaration", "function_expression"])) {
      const n = f?.childForFieldName("name")?.text;
      if (n === undefined) continue;
      const spans = byName.get(n);
      if (spans) spans.push([f!.startIndex, f!.endIndex]);
      else byName.set(n, [[f!.startIndex, f!.endIndex]]);
    }
  }
  return (byName.get(name) ?? []).some(([s, e]) => s <= node.startIndex && node.endIndex <= e && (s < node.startIndex || node.endIndex < e));
}
const namedFunctionsOf = new WeakMap<object, Map<string, [number, number][]>>();

/** The named function expression a plain assignment gives (captured too) is the assignment's own entry, not its member. */
function withoutOwnFunction(r: SymbolRecord): SymbolRecord {
  const right = assignmentOf(r.node)?.childForFieldName("right");
  if (right?.childForFieldName("name")) liftOwnFunction(r, right);
  return r;
}

export default definePack({
  meta: { name: "pilens-pack-typescript", version: "0.1.0", description: "TypeScript, TSX and JavaScript (tuned)" },
  languages: specs,
  apply(hooks) {
    // A re-export (`export { A } from "./a"`) is a pointer, not a read: out of recommendedReads
    // (a barrel recommended its first three lines) unless the caller's focus names it.
    hooks.rank.tap({ name: "pack:typescript", stage: STAGE.PACK }, (score, c, ctx) =>
      // (Props are gone by rank time; resolveReexports gave each its `export { … }` signature.)
      /^export\s*(?:type\s*)?[{*]/.test(c.record.signature ?? "") && !ctx.focus.some((t) => c.qualifiedName.toLowerCase().includes(t)) ? 0 : score,
    );
    for (const spec of specs) {
      // Before the core's pass, which nests these with the tag records (an object literal's methods
      // under its constant).
      hooks.extract.for(spec.id).tap({ name: "pack:typescript:bindings", stage: STAGE.CORE - 1 }, (records, ctx) => [
        ...records,
        ...scannedTags(ctx, resolvedExtraction(spec)),
        ...moduleBindings(ctx, spec),
        ...anonymousClassArguments(ctx, spec), ...amdClasses(ctx, resolvedExtraction(spec)), ...googModuleExports(ctx, resolvedExtraction(spec)),
        ...sequenceAssignments(ctx, resolvedExtraction(spec)), ...definedProperties(ctx, resolvedExtraction(spec)), ...babelStatics(ctx, resolvedExtraction(spec)), ...fieldHelpers(ctx, resolvedExtraction(spec)),
        ...(spec.id === "javascript" ? [] : nestedGlobals(ctx, spec)), ...keyedCallOwners(ctx, resolvedExtraction(spec)),
      ]);
      hooks.extract.for(spec.id).tap({ name: "pack:typescript", stage: STAGE.PACK }, (records, ctx) => {
        const publicNames = new Map<string, string[]>();
        const exported = exportedNames(ctx, publicNames);
        const x = resolvedExtraction(spec);
        // (Object literal pairs are checked for an enclosing defineProperty/-ies or Object.assign only in
        // files that call one: the check reads two parents, each a walk down from the root in web-tree-sitter.)
        const definesProperties = /[dD]efineProp/.test(ctx.source) || MIXES_IN.test(ctx.source);
        const bundled = ctx.source.includes("__export(");
        // (A browserify/webpack bundle's modules share one file: a name one exports is no other's re-export.)
        const modules = isBundle(ctx);
        // A declaration file that is a script (no top-level import/export) declares globals: its API.
        // A declaration file is an export context (TypeScript's binder): a script's declarations are
        // globals, a module's are exported without the keyword — unless it has an export declaration
        // or assignment (`export {…}`, `export * from`, `export =`, `export default x`).
        const globalScript = DTS.test(ctx.path) && !exportContextOff(ctx.tree.rootNode) && !esModule(ctx);
        const dtsModule = DTS.test(ctx.path) && !exportContextOff(ctx.tree.rootNode);
        const tests = testCaseBodies(ctx);
        const inTestBody = (r: SymbolRecord) => !!r.node && tests.some(([s, e]) => r.node!.startIndex > s && r.node!.endIndex <= e);
        const decorated = ctx.source.includes("@");
        const visit = (list: SymbolRecord[], parent: SymbolRecord | undefined): SymbolRecord[] => {
          const defined = new Set<number>(); // Object.defineProperty statements already named
          let declared: Set<string> | undefined; // names this scope declares (module.exports = { a: a })
          let ownDeclared: Map<string, string> | undefined;
          // What a decorator's arguments hold (`@Component({ providers: [{ useFactory: () => … }] })`,
          // `@Input({ transform: … })`) is part of the decorator, not a member of what it decorates.
          const decos = decorated && parent?.node && parent.decorators?.length ? partsOf(parent, x).decos : [];
          const inDecorator = (r: SymbolRecord) => !!r.node && decos.some((d) => d.startIndex <= r.node!.startIndex && r.node!.endIndex <= d.endIndex);
          const keep = (r: SymbolRecord): SymbolRecord[] => {
            // A module's require() is no entry — unless the module hands it on (`exports.Edge =
            // require("./edge")`, `const Node = require("./node"); module.exports = { Node }`): a re-export.
            if (isRequireBinding(r, ctx)) return !parent && !(modules && r.nameNode?.parent?.type === "variable_declarator") && requireReexport(r, exported) ? [r] : [];
            if ((bundled && isExportGetter(r.node)) || inNestedFunction(r, parent)) return [];
            if ((decos.length && inDecorator(r)) || arrayElementKey(r)) return [];
            if ((r.node?.type === "method_signature" || r.node?.type === "construct_signature") && !memberSignature(r.node)) return [];
            if (!parent && tests.length && inTestBody(r)) return [];
            // A class's `static {}` block: its own functions are locals, and `Registry.count = 1` sets a static the class declares.
            // (Cheap tests first: a node's parent is a walk down from the root in web-tree-sitter.)
            if (parent?.kind === "class" && r.node && (r.node.type === "function_declaration" || (r.props?.assignment && parent.members.some((m) => m !== r && m.name === r.name && !m.props?.assignment))) && inStaticBlock(r.node)) return [];
            const definedAs = definesProperties && (r.node?.type === "pair" || r.node?.type === "method_definition") ? definedKey(r, ctx, defined) : undefined;
            if (definedAs) return definedAs;
            if ((r.kind === "method" || r.kind === "property") && (parent ? patternCallArgument(r, parent) && inCallArgument(r.node) : inCallArgument(r.node))) return [];
            if (assignedToMember(r)) return r.members.flatMap(keep); // the assignment statement's record names it
            if (!parent && r.kind === "variable" && r.node && globalBuildBody(r.node)) return r.members.flatMap(keep); // (a global build's var: its scope is the module's)
            // (Not one: what is declared inside it still is — `w = function onMessage() {}` is `onMessage`.)
            // (Babel's lazy helpers redefine themselves on first call, `function _typeof(obj) { _typeof =
            // function _typeof(obj) {…}; … }`: no declarations of their own.)
            if (r.props?.["plain-assignment"] && insideFunctionNamed(r.node, r.name)) return [];
            if (r.props?.["plain-assignment"]) return plainAssignedDefinition(r) ? [withoutOwnFunction(r)] : r.members.flatMap(keep);
            // `const x = memo(Other)` in a function body: a local, not a wrapped function.
            if (r.props?.wrapped && r.node && !wrappedFunction(r.node)) return r.members.flatMap(keep);
            if (!r.props?.assignment) return [r];
            if (exportsIifeClass(r, ctx)) return r.members.flatMap(keep);
            // (What the scope declares: not an assignment's member name, nor a require() binding, which is no entry.)
            if (classifyAssignment(r, ctx, () => (ownDeclared ??= new Map(list.filter((d) => !d.props?.assignment && !isRequireBinding(d, ctx)).map((d) => [d.name, d.kind]))))) return hoistedMethods(r) ?? [r];
            // `module.exports = { f() {}, g: () => {} }`: the object's functions are the module's API.
            const api = exportedObjectFunctions(r, ctx, x, declared ??= new Set(list.map((d) => d.name)));
            // Not a declaration itself, but what it names inside is: `X.prototype.Y = wrap(class Y {…})`.
            return api.length ? api : r.members.filter((m) => m.kind === "function" || m.kind === "class");
          };
          const kept = list.flatMap(keep);
          let out = resolveReexports(parent && !isEsbuildModule(parent.node) ? kept : dropExportAliases(parent ? kept : dropReassignments(kept, ctx), ctx), parent, ctx); // (an esbuild module's `exports2.X = X` too)
          shareDeclarationMembers(out);
          const overloaded = parent?.kind === "interface" ? overloadedSignatures(out) : undefined;
          for (const r of out) {
            if (r.kind === "constant" && r.node && /^let\b/.test(ctx.text(r.node))) r.kind = "variable";
            else if (r.kind === "method" && r.name === "constructor" && (r.node?.type === "method_definition" || (r.node?.type === "method_signature" && parent?.kind === "class"))) {
              r.kind = "constructor"; // also a declared class's `constructor(options: X);` (.d.ts, overloads)
            }
            // An overload signature (`function f(a: A): B;`, a class's bodiless `m(): T;`, an interface's `on(…)` twice): read_symbol reads them as one.
            // (And an abstract method's, `abstract get(key: string): string;` twice.)
            if (r.node?.type === "function_signature" || ((r.node?.type === "method_signature" || r.node?.type === "abstract_method_signature") && (parent?.kind === "class" || !!overloaded?.has(r.name)))) r.stub = true;
            ownDeclarator(r, ctx, x);
            withoutTrailingComments(r, ctx);
            if (r.kind === "property" && r.name === "accessor" && r.node) accessorField(r, ctx);
            if (r.kind === "property" && parent?.kind === "class" && r.node) functionField(r, ctx);
            if (r.kind === "property" && (r.node?.type === "pair" || (r.props?.assignment && !r.signature?.endsWith("= …"))) && r.members.some(holdsCode)) bodiesElided(r, ctx);
            if (FUNCTION_KINDS.has(r.kind) || r.kind === "property") parenthesizeBareParameter(r, ctx);
            // `accessor count = 0`: the parse saw the keyword blanked (sfc.ts), the field starting after it; the head keeps it.
            if (r.kind === "property" && r.node && r.signature && /(?:^|[\s;{])accessor[ \t]+$/.test(ctx.lines[r.node.startPosition.row]!.slice(0, r.node.startPosition.column))) r.signature = `accessor ${r.signature}`;
            const hashName = nameMember(r, ctx, parent); // (`#x`; quoted names)
            // (JavaScript names `#x` as `x`: the project graph keys it `#x` still, so `this.#x` is its use and `this.x` a public x's — gaxios' `#prepareRequest` had none.)
            if (hashName && ctx.language === "javascript") r.hashName = true;
            if (r.props?.reexport) r.exported = parent ? parent.exported : true;
            else if (parent && compiledMemberExported(r, parent) !== undefined) r.exported = compiledMemberExported(r, parent)!; // (tsc's compiled namespace: on it or internal)
            // (`forge.cipher.createCipher = function`: exported when its path is on the export object.)
            // (A constructor function's `this.name = …` is its instances', as a class constructor's is.)
            // (And a class's static block's, `static { this.count = 0; }`: there `this` is the class.)
            else if (r.props?.assignment) r.exported ||= parent ? parent.exported && (FUNCTION_KINDS.has(parent.kind) || parent.kind === "class") && (r.kind === "property" || r.kind === "method") && !!r.node && ctx.source.startsWith("this.", r.node.startIndex) : !!r.aliases?.some((a) => exported.has(a)) || providedEntry(r, ctx); // (a goog.provide'd path: closure.ts)
            else if (!parent || isEsbuildModule(parent.node)) {
              r.exported ||= factoryReturnedMember(r) || hasExportWrapper(r.node) || exported.has(r.name) || isWrappedDefaultExport(r.node) || globalScript || dtsModule || isAmbientModule(r);
              for (const a of publicNames.get(r.name) ?? []) if (!r.aliases?.includes(a)) (r.aliases ??= []).push(a), (r.exportedAs ??= []).push(a);
            }
            else if (parent.kind === "namespace" || parent.kind === "module") {
              // In an ambient namespace or module (`declare namespace`, `declare module "x"`, a .d.ts) members
              // are exported without the keyword — unless its body has an export declaration or assignment
              // (`export {}`, `export = lib`): then only those it names and those with the keyword.
              // (A `global {…}` augmentation in it declares globals, whatever the body exports: @types/node's `NodeJS.Process`.)
              r.exported = parent.exported && (hasExportWrapper(r.node) || ambientExports(parent, ctx)(r.name) || (r.kind === "module" && r.name === "global"));
            } else if (FUNCTION_KINDS.has(parent.kind) || privateToIife(r, parent)) {
              r.exported = false; // a function's own functions are not reachable from outside it (nor a module pattern's helpers)
            } else r.exported = parent.exported && !(hashName || isPrivateMember(r, ctx)); // children read only here
            if (TYPE_BODY_KINDS.has(r.kind) && r.node) {
              addTypeBodyMembers(r, ctx, x);
            }
            if ((r.kind === "namespace" || r.kind === "module") && r.node) {
              r.members = withBindings(r.members, namespaceBindings(r.node, ctx, spec));
            }
            // A curried arrow (`const curry = (a) => (b) => {…}`, seen on its first line): the head runs
            // through its arrows to the innermost body.
            if (r.kind === "function" && r.node && r.bodyNode && lineTest(ctx.lines, CURRIED, r.startLine)) curriedHead(r, ctx);
            const wrapped = (r.kind === "constant" || r.kind === "variable" || r.props?.wrapped) && r.node ? wrappedFunction(r.node) : null;
            if (wrapped) {
              // `export const Card = memo((props) => {…})`: a function (a component), its head the binding's.
              r.kind = "function";
              r.bodyNode = wrapped.childForFieldName("body");
              r.signature = factoryHead(ctx, r.node!, wrapped) ?? (castHead(ctx, valueOf(r.node!), wrapped, signatureOf(ctx, r.node!, r.bodyNode, [])) || r.signature);
              // (A named function it is, `return function debounce(fn, ms) {…}`, is no member of its own.)
              r.members = r.members.flatMap((m) => (m.node?.id === wrapped.id ? m.members : [m]));
            }
            const compiled = !parent && compiledClass(r, ctx);
            r.members = visit(r.members, r);
            if (compiled) publishCompiledMembers(r);
            else if (FUNCTION_KINDS.has(r.kind) && r.members.length > 1) r.members = onceEachProperty(r.members);
            mergeWrappedFunction(r, ctx);
          }
          const ctor = parent?.kind === "class" ? out.find((r) => r.kind === "constructor" && (r.node?.type === "method_definition" || r.node?.type === "function_declaration")) : undefined;
          if (ctor) {
            // The class's own members the constructor declares: parameter properties, and methods it
            // assigns (`this.linePos = (offset) => {…}`, a compiled class field).
            // (And the data properties it assigns, once each, unless the class declares the name.)
            const named = new Set(out.map((m) => m.name));
            const assigned = ctor.members.filter((m) => (m.kind === "method" || (m.kind === "property" && !named.has(m.name) && named.add(m.name))) && (m.props?.assignment || m.props?.["declared-field"]));
            ctor.members = ctor.members.filter((m) => !assigned.includes(m) && !(m.kind === "property" && (m.props?.assignment || m.props?.["declared-field"])));
            for (const m of assigned) m.exported = parent!.exported;
            const own = [...parameterProperties(ctor, ctx, x, parent!.exported), ...assigned];
            if (own.length) out.splice(out.indexOf(ctor) + 1, 0, ...own);
            // (A bare field, `on;`, that the constructor makes a method, `this.on = (p, h) => {…}` (hono): the method only.)
            for (const m of assigned) if (m.kind === "method") out = out.filter((f) => !(f.kind === "property" && f.name === m.name && f.node?.type === "field_definition" && f.node.namedChildCount === 1));
          }
          if (!parent) {
            // `Foo.prototype.bar = …` / `app.use = …`: a member of its owner (the core attaches it), as
            // public as the owner — an exported constructor's or export object's methods are its API.
            accessorMaps(out, ctx);
            out = liftForeignPrototypeMembers(out);
            out = scopedOwners(out, (r) => publish(r, ctx)); // (a bundle's modules each declaring `Line`: each module's members its own Line's)
            const owners = new Map(out.filter((r) => !r.attachTo).map((r) => [r.name, r]));
            // (An owner by path, `util.Buffer.prototype.f`: as public as the path's head.)
            const ownerOf = (to: string) => owners.get(to) ?? (to.includes(".") ? owners.get(to.slice(0, to.indexOf("."))) : undefined);
            // (Or exported by its path, joi's `module.exports = new internals.Base()`.)
            for (const r of out) if (r.attachTo && (r.props?.assignment || r.props?.hoisted || r.props?.["babel-static"]) && (ownerOf(r.attachTo)?.exported || exported.has(`${r.attachTo}.${r.name}`) || (r.attachTo.includes(".") && exported.has(r.attachTo)) || providedEntry(r, ctx))) publish(r, ctx);
            compoundAliases(out, ctx); // `Tabs.List = List`: read_symbol finds List by `Tabs.List`
          }
          return parent ? out : withoutBareDeclarations(out).filter((r) => !strayEntry(r));
        };
        // (And the names its `export *` modules hand on, in a report: star-exports.ts.)
        return withStarExports(ctx, tscDecorated(visit(nestCompiledNamespaces(ctx, x, records), undefined), ctx, x));
      });
      tapDocs(hooks, spec.id); tapFoldedHeads(hooks, spec.id); tapFlowNote(hooks, spec.id);
      tapDeclaratorDocs(hooks, spec.id); tapStarDocs(hooks, spec.id);
      hooks.flags.for(spec.id).tap({ name: "pack:typescript", stage: STAGE.PACK }, (flags, r) => {
        const out = [...flags];
        if ((r.kind === "function" || r.kind === "method") && isAsync(r)) out.unshift("async");
        if ((r.kind === "function" || r.kind === "method") && isBoundaryWrapper(r)) out.push("boundary wrapper");
        return out;
      });
      hooks.callbacks.for(spec.id).tap({ name: "pack:typescript", stage: STAGE.PACK }, (callbacks, ctx) => [
        ...callbacks,
        ...callbacksFrom(ctx, spec, callbackCandidates(ctx)),
      ]);
      hooks.imports.for(spec.id).tap({ name: "pack:typescript", stage: STAGE.PACK }, (found: ImportRecord[], ctx) => {
        // In source order, as one query returned them (a stable sort: same-line imports keep theirs).
        const imports = resolveImports([...found, ...statementImports(ctx), ...callImports(ctx), ...amdImports(ctx), ...closureImports(ctx)].sort((a, b) => a.line - b.line), ctx);
        reexportKinds(ctx, imports); // (what `export { X } from "./x"` names, now that "./x" is resolved)
        markListedStars(ctx, imports);
        return imports;
      });
    }
  },
});

const DTS = /\.d\.[cm]?ts$/; // a declaration file (an export context: ambient.ts)
const TYPE_BODY_KINDS = new Set(["interface", "class", "type", "constant", "variable"]);

