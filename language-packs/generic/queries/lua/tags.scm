; Lua definitions (tags.scm vocabulary), for @tree-sitter-grammars/tree-sitter-lua 0.4. Names are
; written as in the source (`M.add`, `M:new`), as ctags and Lua programmers name them; lua.ts
; settles `exported` and the head of `f = function … end`.

; function f() / local function f() / function M.f() / function a.b.c()
(function_declaration name: [(identifier) (dot_index_expression)] @name) @definition.function
; function M:m()
(function_declaration name: (method_index_expression) @name) @definition.method

; f = function … end / M.f = function … end / local f = function … end (the `local` wrapper,
; variable_declaration, is a wrapperType: it carries the range and the doc)
((assignment_statement
  (variable_list . name: (_) @name)
  (expression_list . value: (function_definition))) @definition.function
  (#set! binding "true"))
; local pack = table.pack or function(...) … end (a fallback definition)
((assignment_statement
  (variable_list . name: (_) @name)
  (expression_list . value: (binary_expression operator: "or" right: (function_definition)))) @definition.function
  (#set! binding "true"))

; { name = function … end } in a table constructor (method tables, metatables, `return { … }`)
(field name: (identifier) @name value: (function_definition)) @definition.function
; { getfenv = getfenv or function(f) … end } (a fallback definition in a table constructor)
(field name: (identifier) @name value: (binary_expression operator: "or" right: (function_definition))) @definition.function
