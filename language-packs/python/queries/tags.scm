; Python definitions (tags.scm vocabulary). The pack refines kinds (method, property, constructor,
; constant, type) and drops plain module variables in code; the core drops locals in function bodies.

(class_definition name: (identifier) @name) @definition.class
(function_definition name: (identifier) @name) @definition.function

; f = lambda …: a named function, anywhere (ctags lists these too)
(expression_statement (assignment left: (identifier) @name right: (lambda))) @definition.function

; PEP 695 `type X = …`
(type_alias_statement . (type [(identifier) @name (generic_type (identifier) @name)])) @definition.type

; module-level bindings, also inside module-level if/try/with blocks and their else/elif/except clauses
(module (expression_statement (assignment left: (identifier) @name)) @definition.variable)
(module (expression_statement (assignment left: (pattern_list (identifier) @name))) @definition.variable)
(module (_ (block (expression_statement (assignment left: (identifier) @name)) @definition.variable)))
(module (_ (_ (block (expression_statement (assignment left: (identifier) @name)) @definition.variable))))

; class attributes (dataclass fields, enum members, class constants)
(class_definition body: (block (expression_statement (assignment left: (identifier) @name)) @definition.field))
