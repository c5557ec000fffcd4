; Java definitions (tags.scm vocabulary). `static final` fields become constants and `exported` is
; settled in index.ts (member visibility depends on the enclosing type).

(class_declaration name: (identifier) @name) @definition.class
(interface_declaration name: (identifier) @name) @definition.interface
(enum_declaration name: (identifier) @name) @definition.enum
(record_declaration name: (identifier) @name) @definition.class
(annotation_type_declaration name: (identifier) @name) @definition.interface

(enum_constant name: (identifier) @name) @definition.constant
(method_declaration name: (identifier) @name) @definition.method
(annotation_type_element_declaration name: (identifier) @name) @definition.method
(constructor_declaration name: (identifier) @name) @definition.constructor
(compact_constructor_declaration name: (identifier) @name) @definition.constructor

(field_declaration declarator: (variable_declarator name: (identifier) @name)) @definition.field
; A record's components are its fields (javac lists them so; each has a public accessor of its name).
(record_declaration parameters: (formal_parameters (formal_parameter name: (identifier) @name) @definition.field))
(constant_declaration declarator: (variable_declarator name: (identifier) @name)) @definition.constant
