; Python definitions (tags.scm vocabulary). The pack refines kinds (method, property, constructor,
; constant, type) and drops plain module variables in code; the core drops locals in function bodies.

(class_definition name: (identifier) @name) @definition.class
(function_definition name: (identifier) @name) @definition.function

; f = lambda …: a named function, anywhere (ctags lists these too)
(expression_statement (assignment left: (identifier) @name right: (lambda))) @definition.function

; PEP 695 `type X = …`
(type_alias_statement . (type [(identifier) @name (generic_type (identifier) @name)])) @definition.type

; bindings: module level (also inside module-level if/try blocks) and class attributes. The core drops
; the ones in function bodies; the pack keeps constants, type aliases, `__all__` names and class fields.
(expression_statement (assignment left: (identifier) @name)) @definition.variable
; Unpacking targets, spelled `A, B =`, `(A, B) =` or `[A, B] =`: each name a binding, as a plain one
; (`__len__, __iter__ = make_sequence_methods(…)` in a class body, `VERSION_A, VERSION_B = range(2)`).
(expression_statement (assignment left: [(pattern_list (identifier) @name) (tuple_pattern (identifier) @name) (list_pattern (identifier) @name)])) @definition.variable
