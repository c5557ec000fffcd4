; JavaScript-only definitions.

(field_definition property: (_) @name) @definition.property

; `var next; … next = function (c) {…}` (pre-ES6 code declares its functions so, at any depth): a
; function named by the binding, as `var next = function` is. The pack drops a named function expression
; (tags-common.scm names it by its own name) and `onload = …`-style handlers. JavaScript only: TypeScript
; code declares its functions, and each pattern adds to the TS query's cold compile.
; (The value's types spelled out, not a wildcard filtered by #kind-eq?: every `x = …` statement would be
; a match handed to JavaScript — +1.5 ms of query analysis against ~2% of a JS batch.)
; (Anchored, `.`: else a state stayed open per enclosing statement, quadratic in nested IIFEs' depth —
; tsc's namespaces compiled 1,200 deep: 430 ms in this pattern, 8 ms anchored; the matches are the same.)
((expression_statement .
   (assignment_expression . left: (identifier) @name right: [(function_expression) (arrow_function) (generator_function)])) @definition.function
  (#set! plain-assignment "true"))
; `return (CommandRef = class extends Command {…})` (compiled SDK builders), `Base = class {…}`: a class
; named by the binding, wherever the assignment stands.
((_ left: (identifier) @name right: (class) @_value) @definition.class
  (#kind-eq? @definition.class "assignment_expression")
  (#set! plain-assignment "true"))
