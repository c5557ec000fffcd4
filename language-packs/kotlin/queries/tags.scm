; Kotlin definitions (tree-sitter-wasms kotlin grammar: no field names, so names are positional).
; The pack's tap refines kinds (interface, enum, companion names), exported and async.

(class_declaration (type_identifier) @name) @definition.class
(object_declaration (type_identifier) @name) @definition.object
((companion_object) @definition.object (#set! name "Companion"))
(type_alias (type_identifier) @name) @definition.type

(function_declaration (simple_identifier) @name) @definition.function
((secondary_constructor) @definition.constructor (#set! name "constructor"))

(property_declaration (variable_declaration (simple_identifier) @name)) @definition.property
; (`.`: the name right after `val`/`var` — not a default value naming a constant, `val r: Float = DEFAULT_R`.)
(class_parameter (binding_pattern_kind) . (simple_identifier) @name) @definition.property
(enum_entry (simple_identifier) @name) @definition.constant
