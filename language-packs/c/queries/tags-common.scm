; C and C++ definitions (every node type here exists in both grammars; C++ adds tags-cpp.scm).
; Locals inside function bodies are dropped by the core; the pack taps fix kinds (method, constructor),
; qualified names (A::f), exported (static, anonymous namespaces, access) and prototypes.

; Function definitions; the declarator may be wrapped in pointers (`char **f(void)`).
(function_definition
  declarator: (function_declarator declarator: (identifier) @name)) @definition.function
(function_definition
  declarator: (_ (function_declarator declarator: (identifier) @name))) @definition.function
(function_definition
  declarator: (_ (_ (function_declarator declarator: (identifier) @name)))) @definition.function

; A function returning a function pointer: `int (*get_handler(int op))(int, int) {…}`.
(function_definition
  declarator: (function_declarator declarator: (parenthesized_declarator
    (pointer_declarator declarator: (function_declarator declarator: (identifier) @name))))) @definition.function

; Prototypes (headers, forward declarations); dropped when the file also defines the function.
((declaration
  declarator: (function_declarator declarator: (identifier) @name)) @definition.function
  (#set! prototype "true"))
((declaration
  declarator: (_ (function_declarator declarator: (identifier) @name))) @definition.function
  (#set! prototype "true"))
((declaration
  declarator: (_ (_ (function_declarator declarator: (identifier) @name)))) @definition.function
  (#set! prototype "true"))
((declaration
  declarator: (function_declarator declarator: (parenthesized_declarator
    (pointer_declarator declarator: (function_declarator declarator: (identifier) @name))))) @definition.function
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
(type_definition declarator: (type_identifier) @name) @definition.type
(type_definition declarator: (pointer_declarator declarator: (type_identifier) @name)) @definition.type
(type_definition declarator: (array_declarator declarator: (type_identifier) @name)) @definition.type
(type_definition declarator: (function_declarator
  declarator: (parenthesized_declarator (pointer_declarator declarator: (type_identifier) @name)))) @definition.type
(type_definition declarator: (function_declarator declarator: (type_identifier) @name)) @definition.type

; fields (data members; function pointers included)
(field_declaration declarator: (field_identifier) @name) @definition.field
(field_declaration declarator: [(pointer_declarator declarator: (field_identifier) @name)
                                (array_declarator declarator: (field_identifier) @name)]) @definition.field
(field_declaration declarator: (pointer_declarator declarator: (pointer_declarator declarator: (field_identifier) @name))) @definition.field
(field_declaration declarator: (function_declarator
  declarator: (parenthesized_declarator (pointer_declarator declarator: (field_identifier) @name)))) @definition.field

; enumerators: members of their enum
(enumerator name: (identifier) @name) @definition.constant

; global variables (locals are dropped by the core)
(declaration declarator: (identifier) @name) @definition.variable
(declaration declarator: (init_declarator declarator: (identifier) @name)) @definition.variable
(declaration declarator: [(pointer_declarator declarator: (identifier) @name)
                          (array_declarator declarator: (identifier) @name)]) @definition.variable
(declaration declarator: (init_declarator
  declarator: [(pointer_declarator declarator: (identifier) @name)
               (array_declarator declarator: (identifier) @name)])) @definition.variable
(declaration declarator: (function_declarator
  declarator: (parenthesized_declarator (pointer_declarator declarator: (identifier) @name)))) @definition.variable
; arrays of pointers and pointers to pointers: `const char *names[] = {…}`, `char **argv_copy`
(declaration declarator: (pointer_declarator declarator: [(array_declarator declarator: (identifier) @name)
                                                          (pointer_declarator declarator: (identifier) @name)])) @definition.variable
(declaration declarator: (init_declarator declarator: (pointer_declarator
  declarator: [(array_declarator declarator: (identifier) @name)
               (pointer_declarator declarator: (identifier) @name)]))) @definition.variable

; macros: function-like, and object-like with a value (include guards and feature flags have none)
(preproc_function_def name: (identifier) @name) @definition.macro
(preproc_def name: (identifier) @name value: (_)) @definition.macro
