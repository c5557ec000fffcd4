; Swift definitions. class_declaration covers class, struct, enum, extension and actor: the pack's tap
; reads the keyword. Names of extensions are the extended type (`extension Array where …` → Array).

(class_declaration name: (_) @name) @definition.class
(protocol_declaration name: (_) @name) @definition.protocol
(typealias_declaration name: (type_identifier) @name) @definition.type
(associatedtype_declaration name: (type_identifier) @name) @definition.type

(function_declaration name: (simple_identifier) @name) @definition.function
(protocol_function_declaration name: (simple_identifier) @name) @definition.method
; Operator functions (`static func == (lhs: V, rhs: V) -> Bool`, a protocol's requirement of one): the
; operator is the name — a token of its own, `bang` for `!`, a custom_operator for the rest.
(function_declaration name: [(custom_operator) (bang) "==" "===" "<" ">" "+" "-" "*" "/" "%" "+=" "-=" "*=" "/=" "%=" "<<" ">>" "&" "|" "^" "~"] @name) @definition.function
(protocol_function_declaration name: [(custom_operator) (bang) "==" "===" "<" ">" "+" "-" "*" "/" "%" "+=" "-=" "*=" "/=" "%=" "<<" ">>" "&" "|" "^" "~"] @name) @definition.method
((init_declaration) @definition.constructor (#set! name "init"))
((deinit_declaration) @definition.method (#set! name "deinit"))
((subscript_declaration) @definition.method (#set! name "subscript"))

(property_declaration name: (pattern bound_identifier: (simple_identifier) @name)) @definition.property
(protocol_property_declaration name: (pattern bound_identifier: (simple_identifier) @name)) @definition.property
(enum_entry name: (simple_identifier) @name) @definition.constant
