; JavaScript-only definitions.

(field_definition property: (_) @name) @definition.property

; `var next; … next = function (c) {…}` (pre-ES6 code declares its functions so, at any depth): a
; function named by the binding, as `var next = function` is. The pack drops a named function expression
; (tags-common.scm names it by its own name) and `onload = …`-style handlers. JavaScript only: TypeScript
; code declares its functions, and each pattern adds to the TS query's cold compile.
((expression_statement (_ left: (identifier) @name right: (_) @_value) @_assignment) @definition.function
  (#kind-eq? @_assignment "assignment_expression")
  (#kind-eq? @_value "function_expression" "arrow_function" "generator_function")
  (#set! plain-assignment "true"))
; `return (CommandRef = class extends Command {…})` (compiled SDK builders), `Base = class {…}`: a class
; named by the binding, wherever the assignment stands.
((_ left: (identifier) @name right: (class) @_value) @definition.class
  (#kind-eq? @definition.class "assignment_expression")
  (#set! plain-assignment "true"))
