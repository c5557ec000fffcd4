; TypeScript/TSX-only definitions.

; `name-field`: the name is the declaration's `name` child (core/extract.ts) — leaf patterns cost
; almost nothing to compile, `(x name: (_) @name)` a step on x each.
((abstract_class_declaration) @definition.class (#set! name-field "name"))
((function_signature) @definition.function (#set! name-field "name"))
((public_field_definition) @definition.property (#set! name-field "name"))
((abstract_method_signature) @definition.method (#set! name-field "name"))
((interface_declaration) @definition.interface (#set! name-field "name"))
; An interface's and an object type alias's property signatures are read by the pack off the type's
; body (bindings.ts typeBodyMembers): as patterns on interface_body / object_type they cost ~2 ms of
; query analysis on every cold start.
((method_signature) @definition.method (#set! name-field "name"))
; `new (size: number): Buffer;` in an interface (a constructor's type): named `new`, as ctags names it
((construct_signature) @definition.constructor (#set! name "new"))
((type_alias_declaration) @definition.type (#set! name-field "name"))
((enum_declaration) @definition.enum (#set! name-field "name"))
; enum members: `Red = "r"` / `Green` / `"blue-x" = 3` (constants, as the other packs list enumerators)
(enum_assignment name: (property_identifier) @name) @definition.constant
((enum_assignment name: (string) @name) @definition.constant (#set! name-child "true"))
(enum_body name: (property_identifier) @name @definition.constant)
; a quoted member with no value, `'level0',` (react-native-paper's ElevationLevels): named by its value
((enum_body name: (string) @name @definition.constant) (#set! name-child "true"))
; a computed member, `['B'] = 2` / `['B'],`: the member `B`
((enum_assignment name: (computed_property_name (string) @name)) @definition.constant (#set! name-child "true"))
((enum_body name: (computed_property_name (string) @name) @definition.constant) (#set! name-child "true"))
((internal_module) @definition.namespace (#set! name-field "name"))
(module name: [(identifier) (nested_identifier)] @name) @definition.module
((module name: (string) @name) @definition.module (#set! name-child "true"))

; Bindings in a namespace/module body are added by the pack (index.ts namespaceBindings): as a query
; pattern they cost ~17 ms of compilation on every cold start for a rare construct.
