; Lua definitions (tags.scm vocabulary). Names are written as in the source (`M.add`, `M:new`), as
; ctags and Lua programmers name them; lua.ts settles `exported`.

(function_definition_statement name: (identifier) @name) @definition.function
(function_definition_statement name: (variable method: (_)) @name) @definition.method
(function_definition_statement name: (variable field: (_)) @name) @definition.function
(local_function_definition_statement name: (identifier) @name) @definition.function

; local f = function … end / M.f = function … end / f = function … end
(local_variable_declaration
  (variable_list . (variable) @name)
  (expression_list . value: (function_definition))) @definition.function
(variable_assignment
  (variable_list . (variable) @name)
  (expression_list . value: (function_definition))) @definition.function

; { name = function … end } in a table constructor (method tables, metatables, `return { … }`)
(field key: (identifier) @name value: (function_definition)) @definition.function
