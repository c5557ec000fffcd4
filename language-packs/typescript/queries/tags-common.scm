; Definitions shared by the JavaScript, TypeScript and TSX grammars (tags.scm vocabulary).

(function_declaration name: (identifier) @name) @definition.function
(generator_function_declaration name: (identifier) @name) @definition.function
((class_declaration) @definition.class (#set! name-field "name"))

; (the pack names `constructor` a constructor: two patterns with #eq? / #not-eq? cost ~2 ms of analysis)
((method_definition) @definition.method (#set! name-field "name"))

; const f = () => {} / function () {} / function* () {} / class {}; lodash's `var runInContext = (function runInContext(context) {…})`
((lexical_declaration
  (variable_declarator name: (identifier) @name
    value: [(arrow_function) (function_expression) (generator_function) (parenthesized_expression (function_expression))])) @definition.function
  (#set! binding "true"))
((variable_declaration
  (variable_declarator name: (identifier) @name
    value: [(arrow_function) (function_expression) (generator_function) (parenthesized_expression (function_expression))])) @definition.function
  (#set! binding "true"))
(lexical_declaration
  (variable_declarator name: (identifier) @name value: (class))) @definition.class
(variable_declaration
  (variable_declarator name: (identifier) @name value: (class))) @definition.class

; `const onSubmit = useCallback(async (e) => {…}, [deps])` (or React.useCallback, memo, debounce, …) inside a
; block is a function, as `const handle = () => {}` there is; module level is moduleBindings'. Found in
; code (scanned-tags.ts wrappedBlockBindings): as a pattern on statement_block it cost ~5 ms of query
; analysis on every cold start.

; Other module-level bindings (`const x = …`, `export let y`, `var z`) are read by the pack from the
; program's statements (index.ts moduleBindings): four patterns on `program` cost ~3 ms of analysis.

; Named function expressions handed to a call or returned — `defineGetter(req, "host", function host() {…})`,
; `return function jsonParser(req, res, next) {…}`: named by their author, so entries (nested in their
; function like any named function). One leaf pattern; anonymous ones have no name and are skipped.
; A call argument stays a callback too when its kind says more than `callback` (event handler, timer).
; `wrapper = function onMessage(data) {…}` too (the pack keeps those assigned to a plain name; a member
; assignment is the statement pattern's below).
((function_expression) @definition.function
  (#parent-kind-eq? @definition.function "arguments" "return_statement" "assignment_expression" "arrow_function" "as_expression" "satisfies_expression")
  (#set! name-field "name") (#set! also-callback "true"))
; The same for class expressions: `return class _AttributeHolder extends cls {…}`, `wrap(class Section {…})`,
; and a mixin's: `module.exports = cls => class Reifier extends cls {…}` (npm's arborist is built of them).
((class) @definition.class
  (#parent-kind-eq? @definition.class "arguments" "return_statement" "arrow_function")
  (#set! name-field "name"))

; `export default function () {}` / `export default class {}` / `export default () => …`: found in code
; (scanned-tags.ts anonymousDefaults): two patterns on export_statement cost ~1.5 ms of query analysis.

; Member assignments at statement level (CommonJS exports, prototypes, obj.method = function, …):
; one cheap pattern; the pack classifies them (language-packs/typescript/assignments.ts). Wildcards
; checked by #kind-eq?: steps on assignment_expression / member_expression cost ~7 ms of analysis.
; (Anchored, `.`: the statement's expression and its first child, else a state stayed open per enclosing
; statement — 1,200 nested compiled namespaces' IIFEs cost 1.3 s in this pattern alone, 30 ms anchored.)
((expression_statement . (_ .
   left: (_ property: (property_identifier) @name) @_left) @_assignment) @definition.constant
  (#kind-eq? @_assignment "assignment_expression") (#kind-eq? @_left "member_expression")
  (#set! assignment "true"))

; object literal members: { m: function () {}, n: () => {}, nested: { … }, "126": { … } } (locals are dropped
; by the core); a quoted key's name is its fragment (`name-child`, which names an identifier by itself: a
; step on `string` costs ~1 ms of analysis); a numeric key's its text, `{ 1: (x) => … }` (effect's
; `regexGroups`: they had been callbacks `1@2`)
(pair key: (property_identifier) @name
  value: [(function_expression) (arrow_function) (generator_function)]) @definition.method
; a class a key holds, `{ Lexer: class Lexer {…} }` (its methods had floated to the object or the top level)
(pair key: (property_identifier) @name value: (class)) @definition.class
((pair key: [(string) (number)] @name
  value: [(function_expression) (arrow_function) (generator_function)]) @definition.method (#set! name-child "true"))
((pair key: [(property_identifier) (string)] @name value: (object)) @definition.property (#set! name-child "true"))
(pair key: (property_identifier) @name value: (assignment_expression right: (object))) @definition.property

; re-exports: export { a, b as c } [from "x"] — the pack keeps those that name no local declaration
((export_specifier name: (_) @name !alias) @definition.constant (#set! reexport "true"))
((export_specifier alias: (_) @name) @definition.constant (#set! reexport "true"))
