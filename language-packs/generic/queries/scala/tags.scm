; Scala definitions (tags.scm vocabulary). Functions inside types become methods and `private`
; members are settled in scala.ts.

(class_definition name: (identifier) @name) @definition.class
(object_definition name: (identifier) @name) @definition.object
(trait_definition name: (identifier) @name) @definition.trait
((function_definition name: (identifier) @name) @definition.constructor
  (#eq? @name "this"))
((function_definition name: (identifier) @name) @definition.function
  (#not-eq? @name "this"))
(function_declaration name: (identifier) @name) @definition.function
(type_definition name: (type_identifier) @name) @definition.type
(val_definition pattern: (identifier) @name) @definition.constant
(val_declaration name: (identifier) @name) @definition.constant
(var_definition pattern: (identifier) @name) @definition.variable
(var_declaration name: (identifier) @name) @definition.variable
(package_object name: (identifier) @name) @definition.object
