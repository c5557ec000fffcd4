; TypeScript/TSX-only definitions.

(abstract_class_declaration name: (_) @name) @definition.class
(function_signature name: (_) @name) @definition.function
(public_field_definition name: (_) @name) @definition.property
(abstract_method_signature name: (_) @name) @definition.method
(interface_declaration name: (_) @name) @definition.interface
(interface_body (property_signature name: (_) @name) @definition.property)
(type_alias_declaration value: (object_type (property_signature name: (_) @name) @definition.property))
(method_signature name: (_) @name) @definition.method
(type_alias_declaration name: (_) @name) @definition.type
(enum_declaration name: (_) @name) @definition.enum
(internal_module name: (_) @name) @definition.namespace
(module name: [(identifier) (nested_identifier)] @name) @definition.module
(module name: (string (string_fragment) @name)) @definition.module

; Bindings in a namespace/module body are added by the pack (index.ts namespaceBindings): as a query
; pattern they cost ~17 ms of compilation on every cold start for a rare construct.
