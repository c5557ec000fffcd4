; PHP definitions (tags.scm vocabulary). Member visibility is settled in php.ts.

(namespace_definition name: (namespace_name) @name) @definition.namespace
(class_declaration name: (name) @name) @definition.class
(interface_declaration name: (name) @name) @definition.interface
(trait_declaration name: (name) @name) @definition.trait
(enum_declaration name: (name) @name) @definition.enum
(function_definition name: (name) @name) @definition.function
((method_declaration name: (name) @name) @definition.constructor
  (#eq? @name "__construct"))
((method_declaration name: (name) @name) @definition.method
  (#not-eq? @name "__construct"))
(const_declaration (const_element (name) @name)) @definition.constant
(property_declaration (property_element (variable_name (name) @name))) @definition.property
(enum_case name: (name) @name) @definition.constant
; define('NAME', value) at statement level
((expression_statement (function_call_expression
   function: (name) @_d
   arguments: (arguments . (argument (string (string_content) @name))))) @definition.constant
  (#eq? @_d "define"))
; new class { … }: an anonymous class, named in php.ts
((object_creation_expression (declaration_list)) @definition.class
  (#set! name "class@"))
