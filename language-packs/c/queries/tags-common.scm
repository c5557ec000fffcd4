; C and C++ definitions (every node type here exists in both grammars; C++ adds tags-cpp.scm).
; Locals inside function bodies are dropped by the core; the pack taps fix kinds (method, constructor),
; qualified names (A::f), exported (static, anonymous namespaces, access) and prototypes.

; Function definitions; the declarator may be wrapped in pointers (`char **f(void)`), and a function
; may return a function pointer: `int (*get_handler(int op))(int, int) {…}`.
; (One pattern per declaring node with an alternation of declarators, as in tags-cpp.scm: as separate
; patterns their query analysis cost ~70 ms more on every cold start with the C++ grammar.)
(function_definition
  declarator: [
    (function_declarator declarator: (identifier) @name)
    (_ (function_declarator declarator: (identifier) @name))
    (_ (_ (function_declarator declarator: (identifier) @name)))
    (function_declarator declarator: (parenthesized_declarator
      (pointer_declarator declarator: (function_declarator declarator: (identifier) @name))))
  ]) @definition.function

; Prototypes (headers, forward declarations); dropped when the file also defines the function.
((declaration
  declarator: [
    (function_declarator declarator: (identifier) @name)
    (_ (function_declarator declarator: (identifier) @name))
    (_ (_ (function_declarator declarator: (identifier) @name)))
    (function_declarator declarator: (parenthesized_declarator
      (pointer_declarator declarator: (function_declarator declarator: (identifier) @name))))
  ]) @definition.function
  (#set! prototype "true"))

; struct / union (kind struct) / enum, named or named by the typedef around an anonymous one.
(struct_specifier name: (type_identifier) @name body: (_)) @definition.struct
(union_specifier name: (type_identifier) @name body: (_)) @definition.struct
(enum_specifier name: (type_identifier) @name body: (_)) @definition.enum
(type_definition
  type: [(struct_specifier !name body: (_)) (union_specifier !name body: (_))]
  declarator: (type_identifier) @name) @definition.struct
(type_definition
  type: (enum_specifier !name body: (_))
  declarator: (type_identifier) @name) @definition.enum

; typedefs: plain, pointer, function pointer, array (after the anonymous-body patterns above, which
; win for the same node).
(type_definition
  declarator: [
    (type_identifier) @name
    (pointer_declarator declarator: (type_identifier) @name)
    (array_declarator declarator: (type_identifier) @name)
    (function_declarator
      declarator: (parenthesized_declarator (pointer_declarator declarator: (type_identifier) @name)))
    (function_declarator declarator: (type_identifier) @name)
  ]) @definition.type

; fields (data members; function pointers included)
(field_declaration
  declarator: [
    (field_identifier) @name
    (pointer_declarator declarator: (field_identifier) @name)
    (array_declarator declarator: (field_identifier) @name)
    (pointer_declarator declarator: (pointer_declarator declarator: (field_identifier) @name))
    (function_declarator
      declarator: (parenthesized_declarator (pointer_declarator declarator: (field_identifier) @name)))
  ]) @definition.field

; enumerators: members of their enum
(enumerator name: (identifier) @name) @definition.constant

; global variables (locals are dropped by the core)
; (arrays of pointers and pointers to pointers: `const char *names[] = {…}`, `char **argv_copy`)
(declaration
  declarator: [
    (identifier) @name
    (init_declarator declarator: (identifier) @name)
    (pointer_declarator declarator: (identifier) @name)
    (array_declarator declarator: (identifier) @name)
    (init_declarator
      declarator: [(pointer_declarator declarator: (identifier) @name)
                   (array_declarator declarator: (identifier) @name)])
    (function_declarator
      declarator: (parenthesized_declarator (pointer_declarator declarator: (identifier) @name)))
    (pointer_declarator declarator: [(array_declarator declarator: (identifier) @name)
                                     (pointer_declarator declarator: (identifier) @name)])
    (init_declarator declarator: (pointer_declarator
      declarator: [(array_declarator declarator: (identifier) @name)
                   (pointer_declarator declarator: (identifier) @name)]))
  ]) @definition.variable

; macros: function-like, and object-like with a value (include guards and feature flags have none)
(preproc_function_def name: (identifier) @name) @definition.macro
(preproc_def name: (identifier) @name value: (_)) @definition.macro
