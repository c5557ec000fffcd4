; C++-only definitions (added to ../../c/queries/tags-common.scm).

(namespace_definition name: (_) @name) @definition.namespace
(class_specifier name: (_) @name body: (_)) @definition.class
(struct_specifier name: [(template_type) (qualified_identifier)] @name body: (_)) @definition.struct
(union_specifier name: [(template_type) (qualified_identifier)] @name body: (_)) @definition.struct
(enum_specifier name: (qualified_identifier) @name body: (_)) @definition.enum
(alias_declaration name: (type_identifier) @name) @definition.type
(concept_definition name: (identifier) @name) @definition.type

; Function definitions named by members, operators, destructors, templates, qualified names
; (`A::f`, `A<T>::~A`, `operator==`, `operator bool`); pointer/reference returns included.
; (One pattern per declaring node with an alternation of declarators: as seven, six and two patterns
; their query analysis cost ~55 ms more on every cold start.)
(function_definition
  declarator: [
    (function_declarator
      declarator: [(field_identifier) (operator_name) (destructor_name) (template_function)] @name)
    (function_declarator
      declarator: (qualified_identifier scope: (_) @attachTo name: (_) @name))
    (_ (function_declarator
      declarator: [(field_identifier) (operator_name) (destructor_name) (template_function)] @name))
    (_ (function_declarator
      declarator: (qualified_identifier scope: (_) @attachTo name: (_) @name)))
    (_ (_ (function_declarator
      declarator: [(field_identifier) (operator_name) (qualified_identifier)] @name)))
    (operator_cast) @name
    (qualified_identifier scope: (_) @attachTo name: (operator_cast) @name)
  ]) @definition.function

; Member declarations in class bodies (prototypes of methods, constructors, destructors)
((field_declaration
  declarator: [
    (function_declarator
      declarator: [(field_identifier) (operator_name) (destructor_name) (template_function)] @name)
    (_ (function_declarator declarator: [(field_identifier) (operator_name)] @name))
    (operator_cast) @name
  ]) @definition.method
  (#set! prototype "true"))
((declaration
  declarator: [
    (function_declarator declarator: [(destructor_name) (operator_name)] @name)
    (_ (function_declarator declarator: [(operator_name) (destructor_name)] @name))
  ]) @definition.function
  (#set! prototype "true"))
((declaration declarator: (operator_cast) @name) @definition.method (#set! prototype "true"))

(declaration
  declarator: [
    (reference_declarator (identifier) @name)
    (init_declarator declarator: (reference_declarator (identifier) @name))
  ]) @definition.variable
