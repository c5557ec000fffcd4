; Scala 2 and 3 definitions (tree-sitter-scala 0.24; tags.scm vocabulary). Functions inside types become
; methods and `private` members are settled in scala.ts.

(class_definition name: (identifier) @name) @definition.class
(object_definition name: (identifier) @name) @definition.object
(package_object name: (identifier) @name) @definition.object
(trait_definition name: (identifier) @name) @definition.trait
(enum_definition name: (identifier) @name) @definition.enum
; Scala 3 enum cases: `case Red` a constant, `case Circle(r: Double)` a case class
(simple_enum_case name: (identifier) @name) @definition.constant
(full_enum_case name: (identifier) @name) @definition.class
((function_definition name: (identifier) @name) @definition.constructor
  (#eq? @name "this"))
((function_definition name: (identifier) @name) @definition.function
  (#not-eq? @name "this"))
((function_definition name: (operator_identifier) @name) @definition.function)
(function_declaration name: [(identifier) (operator_identifier)] @name) @definition.function
(type_definition name: (type_identifier) @name) @definition.type
(val_definition pattern: (identifier) @name) @definition.constant
(val_declaration name: (identifier) @name) @definition.constant
(var_definition pattern: (identifier) @name) @definition.variable
(var_declaration name: (identifier) @name) @definition.variable
; a named given (`given intOrd: Ordering[Int] with …`, `given default: Config = …`)
(given_definition name: (identifier) @name) @definition.object
; an anonymous given (`given Ord[Int] with …`, `given [T](using Ord[T]): Ord[List[T]] = …`): named as
; Scala 3 names it, `given_Ord_Int`, `given_Ord_List` (scala.ts givenName)
(given_definition !name return_type: (_) @name) @definition.object
