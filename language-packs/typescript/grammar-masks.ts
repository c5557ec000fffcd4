/**
 * More same-length masks for TypeScript the bundled grammar misreads (sfc.ts maskTypeScript runs
 * them): names it takes for keywords, and a parameter form tsc emits. Each keeps every offset and
 * line break; names, heads and docs read the real source.
 */
import { maskTemplateEscapes } from "./template-escapes.js";

/** The masks below, in turn; a file without the construct pays one `includes` or `test` each. */
export function maskKeywordNames(source: string): string {
  const names = blankOptionalPatternMarks(maskExportedTypeNames(maskKeywordNamespaces(maskAbstractProperties(maskTypeofUndefined(maskUsingNames(maskKeywordParameters(maskAwaitParameters(source))))))));
  const more = maskParenthesizedTypeNames(maskParameterPropertyNames(names));
  return maskMappedTypeKeys(separateOneNamePatterns(maskLetAs(blankAbstractOverride(blankDecoratorTypeArguments(maskForUsing(more))))));
}

/**
 * `for (using h of handles)`, `for await (using c of conns)`, `for (await using r of rs)` (TS 5.2's
 * explicit resource management; puppeteer's Frame.ts): the grammar has `using` declarations but not
 * in a for-of head, and the ERROR took the whole file (the Frame class was gone). The parse sees
 * `const` (`await using` as `const` and spaces).
 */
export function maskForUsing(source: string): string {
  if (!source.includes("using")) return source;
  return source.replace(FOR_USING, (_, head: string, aw: string | undefined) => `${head}const${" ".repeat(aw?.length ?? 0)}`);
}
const FOR_USING = /(\bfor(?:[ \t]+await)?[ \t]*\([ \t]*)(await[ \t]+)?using(?=[ \t]+[A-Za-z_$[{])/g;

/**
 * JavaScript's `using` and `await using` declarations (explicit resource management): the JavaScript
 * grammar has neither, as statements or in a for-of head. The parse sees `const` (and spaces).
 */
export function maskJsUsing(raw: string): string {
  const source = maskTemplateEscapes(raw); // (`String.raw\`\\u{${x}}\``: template-escapes.ts)
  if (!source.includes("using")) return source;
  const decl = source.replace(/((?:^|[;{}])[ \t]*)(await[ \t]+)?using(?=[ \t]+[A-Za-z_$][\w$]*[ \t]*=[^=>])/gm, (_, head: string, aw: string | undefined) => `${head}const${" ".repeat(aw?.length ?? 0)}`);
  return maskForUsing(decl);
}


/**
 * `let as = this.node.isInline ? 'span' : 'div'` (tiptap's ReactNodeViewRenderer, a polymorphic
 * component's `as` prop): after `let` the grammar reads `as` as a type assertion and the `=` as an
 * ERROR. The parse sees `let _s`; the name reads the real source. (`const as`, `var as` parse.)
 */
export function maskLetAs(source: string): string {
  if (!source.includes("let as")) return source;
  return source.replace(/\blet([ \t]+)as(?=\s*[=;,:])/g, (_, ws: string) => `let${ws}_s`);
}

/**
 * A one-name destructured parameter split over lines in a function type — `({\n  index\n}: { index:
 * number }) => void` (@mui's slot props): the grammar reads `{ index }` as an object type and the `:`
 * after it as an ERROR of 3-8 lines. With a comma after the name (`({\n index,\n}: …`, the name one
 * column left in its indentation) it reads the pattern. The parameter's head reads the real source.
 */
export function separateOneNamePatterns(source: string): string {
  if (!source.includes("({\n") && !source.includes("({\r\n")) return source;
  return source.replace(/\(\{(\r?\n)([ \t]+)([A-Za-z_$][\w$]*)(?=\r?\n[ \t]*\}[ \t]*:)/g, (_, nl: string, ws: string, name: string) => `({${nl}${ws.slice(1)}${name},`);
}

/**
 * `@computed<ReadonlySharedStyleMap>({ isEqual: (a, b) => a.equals(b) })` (tldraw's Editor, MobX-style
 * decorators): the grammar has no type arguments on a decorator's call; it read an ERROR, dropped the
 * method decorated and listed `isEqual` as a method instead. The parse sees the type arguments blanked
 * (`@computed                        ({…})`); the decorator and the head keep the real source.
 */
const DECORATOR_CALL = /@[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*</g;

export function blankDecoratorTypeArguments(source: string): string {
  if (!/@[\w$.]+</.test(source)) return source;
  const edits: [number, string][] = [];
  for (const m of source.matchAll(DECORATOR_CALL)) {
    const lt = m.index! + m[0].length - 1;
    let depth = 0;
    let end = -1;
    for (let i = lt; i < Math.min(source.length, lt + 2000); i++) {
      const c = source[i]!;
      if (c === "<") depth++;
      else if (c === ">" && source[i - 1] !== "=" && --depth === 0) {
        end = i;
        break;
      } else if (c === ";" || c === "{" || c === "\n") break;
    }
    if (end < 0 || source[end + 1] !== "(") continue;
    edits.push([lt, " ".repeat(end - lt + 1)]);
  }
  return overwrite(source, edits);
}

/**
 * `abstract override shapeType: TLBaseBoxShape['type']` (tldraw's BaseBoxShapeTool): the grammar takes
 * no `override` after `abstract` on a field; it read an ERROR, lost the field and gave the next member its
 * head. The parse sees `override` blanked; the head keeps it.
 */
export function blankAbstractOverride(source: string): string {
  if (!source.includes("abstract override")) return source;
  return source.replace(/\babstract([ \t]+)override(?=[ \t]+[#A-Za-z_$])/g, (_, ws: string) => `abstract${ws}        `);
}

/**
 * `start: (this: This, await: AwaitYield) => Generator<…>` (quickjs-emscripten's asyncify helpers): a
 * parameter named `await` in a function type or a plain function, which TypeScript allows; the grammar
 * reads the keyword and an ERROR, which took the declaration. The parse sees `_wait`. A name after `(`
 * or `,` and before its type's `:` only.
 */
export function maskAwaitParameters(source: string): string {
  if (!source.includes("await")) return source;
  // (The literal first: a lookbehind leading the pattern is tried at every position.)
  return source.replace(/\bawait(?=[ \t]*\??:)/g, (w, at: number) => (/[(,][ \t\n]*$/.test(source.slice(Math.max(0, at - 40), at)) ? "_wait" : w));
}

/**
 * `inject: (any) => void` (mobx's typings): a function type's one parameter, untyped, named by a type
 * keyword. The grammar reads the keyword as a type and the `=>` as an ERROR; the parse sees `_ny`.
 */
export function maskKeywordParameters(source: string): string {
  return source.replace(/\(([ \t]*)(any|unknown|never|object|symbol|string|number|boolean|bigint)([ \t]*)\)(?=[ \t]*=>)/g, (_, a: string, kw: string, b: string) => `(${a}_${kw.slice(1)}${b})`);
}

/**
 * `using(using: string): this` (drizzle's views and indexes), `cloneWithTables(using: UsingNode, …)`
 * (kysely, where the ERROR took a 12-line factory type), `(using: boolean)` (@angular/core): the
 * bundled grammar reads `using` as the TS 5.2 declaration keyword wherever it stands, and a parameter,
 * argument or value named `using` read an ERROR. The parse sees `_sing`, a plain name. A `using x =
 * …` declaration (the keyword and a name) and a member access (`.using`) are left alone.
 */
const USING_NAME = /\busing(?<![.#$]using)(?![\w$]|[ \t]+[A-Za-z_$])/g;

export function maskUsingNames(source: string): string {
  if (!source.includes("using")) return source;
  return source.replace(USING_NAME, "_sing");
}

/**
 * `...classNames: (typeof undefined | boolean | null | string)[]` (lexical's utils/classNames.ts): in
 * parentheses the grammar reads `typeof undefined` as an expression, and the ERROR swallowed the whole
 * file. The parse sees `typeof _ndefined`, a type query like any other (as an expression, the same
 * `typeof` of a name).
 */
export function maskTypeofUndefined(source: string): string {
  if (!source.includes("typeof undefined")) return source;
  return source.replace(/\btypeof([ \t]+)undefined\b/g, (_, ws: string) => `typeof${ws}_ndefined`);
}

/**
 * `abstract?: boolean;` (@mikro-orm/core's entity options), a field `abstract = false` and a method
 * `abstract(): boolean` of a class or an interface (langium's type-collector types, where the method
 * took the rest of its class and the interface after it): a member named `abstract` read an ERROR or
 * a member with no name (the grammar expects the modifier). The parse sees `_bstract`, a plain member
 * name; before `:`, `?:`, `=`, `(`, `<` or `?(` the word is never the modifier (which a member's name
 * follows).
 */
export function maskAbstractProperties(source: string): string {
  if (!source.includes("abstract")) return source;
  return source.replace(/\babstract(?<![.#$]abstract)(?=[ \t]*(?:\??[:(<]|=))/g, "_bstract");
}

/**
 * `(type extends 'a' ? number : never)`, `(type)[]`, `(type | string)` where a type parameter is named
 * `type` (viem's `<type extends string = string>` throughout its actions; parseTransaction.ts, 641
 * lines, read 0 symbols): in a type the grammar reads `(type` as the opening of a function type's
 * parameters, and the ERROR took the rest of the file. In a file declaring such a type parameter, the
 * parse sees `(_ype` before `extends`, `|`, `&`, `[` or a `)` no `=>` follows (a name either way in an
 * expression: `if (type)`); not after a name or a bracket (a call's arguments: `f(type)`).
 */
const TYPE_PARAMETER_TYPE = /[<,]\s*type\s*(?:extends\b|[,>=])/;
const PARENTHESIZED_TYPE = /(?<![\w$)\]])\((\s*)type(?=\s*(?:extends\b|[|&[]|\)(?!\s*=>)))/g;

export function maskParenthesizedTypeNames(source: string): string {
  if (!source.includes("type") || !TYPE_PARAMETER_TYPE.test(source)) return source;
  return source.replace(PARENTHESIZED_TYPE, (_, ws: string) => `(${ws}_ype`);
}

/**
 * `constructor(private as: number, public satisfies: string)` (a parameter property named like an
 * operator): the grammar read `as` / `satisfies` as the operator, an ERROR, the property lost and the
 * class cut short at a second one. After an accessibility modifier, `readonly` or `override`, and
 * before `:`, `?`, `=`, `,` or `)`, the word is a name: the parse sees `_s`, `_atisfies`. (The words
 * first: the lookbehind runs only where one stands.)
 */
const PROPERTY_NAMED_OPERATOR = /\b(?:as|satisfies)\b(?<=\b(?:public|private|protected|readonly|override)[ \t]+(?:as|satisfies))(?=[ \t]*[?:=,)])/g;

export function maskParameterPropertyNames(source: string): string {
  if (!/\b(?:public|private|protected|readonly|override)[ \t]+(?:as|satisfies)\b/.test(source)) return source;
  return source.replace(PROPERTY_NAMED_OPERATOR, (w) => `_${w.slice(1)}`);
}

/**
 * `string: string.submodule` (arktype's keywords), `(type.infer<defs[i], $> extends object ? …)`
 * (arktype's nary.d.ts, where the ERROR took all 474 lines): a namespace named like a predefined type
 * or `type`; the grammar reads the keyword and an ERROR at the dot. Before `.name` the word is always
 * a name (a namespace, a value); the parse sees `_tring.submodule`, `_ype.infer`.
 */
const KEYWORD_NAMESPACE = /\b(?<![.#$])(?:type|string|number|object|boolean|symbol|bigint|unknown|never|any)(?=\.[A-Za-z_$])/g;
/** The pre-check anchors on each `.` and looks back: a scan for the words costs 4x as much. */
const KEYWORD_DOT = /\.(?<=(?:type|string|number|object|boolean|symbol|bigint|unknown|never|any)\.)[A-Za-z_$]/;

export function maskKeywordNamespaces(source: string): string {
  if (!KEYWORD_DOT.test(source)) return source;
  return source.replace(KEYWORD_NAMESPACE, (w) => `_${w.slice(1)}`);
}

/**
 * `export { ContractProcedure as C, type as D, … }` (bundler output of @orpc/contract), `export { …,
 * type, validateORPCError } from '@orpc/contract'`, io-ts's `type as interface`: a value exported under
 * the name `type`; the grammar reads the `type` modifier and an ERROR after it. In an export clause,
 * `type` before `,` `}` or `as <name>` (doc comments before it) is the name; the parse sees `_ype`. (`type as` before `}` or
 * `,`, and `type as as x`, are the modifier: left alone.)
 */
const EXPORT_CLAUSE = /export(?<!\w\w\w\w\w\w\w)[ \t]*\{[^{}]*\}/g;
const TYPE_SPECIFIER = /(?<=[{,](?:\s|\/\*(?:[^*]|\*(?!\/))*\*\/)*)type(?=\s*[,}]|\s+as\s+(?!as\b)[A-Za-z_$][\w$]*\s*[,}])/g;

export function maskExportedTypeNames(source: string): string {
  if (!/\btype(?:\s*[,}]|\s+as\s)/.test(source)) return source;
  return source.replace(EXPORT_CLAUSE, (clause) => clause.replace(TYPE_SPECIFIER, "_ype"));
}

/**
 * `type ByType = { [type in HookType]: string }` (a mapped type's key named `type`): the grammar reads the
 * keyword and no mapped type — a property named `[type in HookType]` (`{ [K in HookType]: string }` has
 * none), and `[type in keyof T]` an ERROR. The parse sees `[_ype in …`; a name in an expression
 * (`arr[type in map ? 1 : 0]`) parses as the same identifier. Heads read the real source.
 */
export function maskMappedTypeKeys(source: string): string {
  if (!source.includes("type in")) return source;
  return source.replace(/\[([ \t]*)type(?=[ \t]+in\s)/g, (_, ws: string) => `[${ws}_ype`);
}

/**
 * `scrollToEnd: ({ behavior }?: ScrollToEndOptions) => void` — tsc's .d.ts form of a destructured
 * parameter with a default (@tanstack/virtual-core, @reduxjs/toolkit's query): the grammar knows `?`
 * only after a parameter's name and read an ERROR. The parse sees the `?` blanked (`{ behavior } :`);
 * heads read the real source. `}?:` stands nowhere else in valid code but inside strings, comments
 * and JSX text, where a blank changes nothing.
 */
export function blankOptionalPatternMarks(source: string): string {
  if (!source.includes("}?:")) return source;
  return source.replace(/\}\?:/g, "} :");
}

/** `source` with each `[at, text]` written over the characters from `at` (in order, not overlapping): one copy. */
export function overwrite(source: string, edits: [number, string][]): string {
  if (!edits.length) return source;
  let out = "";
  let from = 0;
  for (const [at, text] of edits) {
    out += source.slice(from, at) + text;
    from = at + text.length;
  }
  return out + source.slice(from);
}
