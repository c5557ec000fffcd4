; C# definitions (tags.scm vocabulary). Names of destructors, operators, indexers and explicit
; interface implementations, `const`/`static readonly` → constant and `exported` are settled in index.ts.

(namespace_declaration name: (_) @name) @definition.namespace
(file_scoped_namespace_declaration name: (_) @name) @definition.namespace

(class_declaration name: (identifier) @name) @definition.class
(record_declaration name: (identifier) @name) @definition.class
(record_struct_declaration name: (identifier) @name) @definition.struct
; a positional record's parameters are its public properties (`record Size(int Width, int Height)`)
(record_declaration (parameter_list (parameter name: (identifier) @name) @definition.property))
(record_struct_declaration (parameter_list (parameter name: (identifier) @name) @definition.property))
(struct_declaration name: (identifier) @name) @definition.struct
(interface_declaration name: (identifier) @name) @definition.interface
(enum_declaration name: (identifier) @name) @definition.enum
(enum_member_declaration name: (identifier) @name) @definition.constant
(delegate_declaration name: (identifier) @name) @definition.type

(method_declaration name: (identifier) @name) @definition.method
; local functions: nested entries of their method (a leaf pattern: no analysis cost)
((local_function_statement) @definition.function (#set! name-field "name"))
(constructor_declaration name: (identifier) @name) @definition.constructor
(destructor_declaration name: (identifier) @name) @definition.method
((operator_declaration) @definition.method (#set! name "operator"))
((conversion_operator_declaration) @definition.method (#set! name "operator"))

(property_declaration name: (identifier) @name) @definition.property
((indexer_declaration) @definition.property (#set! name "this[]"))
(event_declaration name: (identifier) @name) @definition.property
(event_field_declaration (variable_declaration (variable_declarator (identifier) @name))) @definition.field
(field_declaration (variable_declaration (variable_declarator (identifier) @name))) @definition.field
