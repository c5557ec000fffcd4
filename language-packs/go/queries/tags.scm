; Go definitions (tags.scm vocabulary). Ranges of single-spec `type`/`const`/`var` declarations are
; widened to the whole declaration by the pack (so the doc comment above `type X …` attaches).

(function_declaration name: (identifier) @name) @definition.function

; methods: nested under the receiver's type when the file declares it (`*T`, `T[K]` stripped)
(method_declaration
  receiver: (parameter_list (parameter_declaration
    type: [(type_identifier) @attachTo
           (pointer_type (type_identifier) @attachTo)
           (generic_type type: (type_identifier) @attachTo)
           (pointer_type (generic_type type: (type_identifier) @attachTo))]))
  name: (field_identifier) @name) @definition.method

(type_spec name: (type_identifier) @name type: (struct_type)) @definition.struct
(type_spec name: (type_identifier) @name type: (interface_type)) @definition.interface
(type_spec name: (type_identifier) @name type: [(generic_type) (pointer_type) (qualified_type) (type_identifier)
  (slice_type) (array_type) (map_type) (channel_type) (function_type)]) @definition.type
(type_alias name: (type_identifier) @name) @definition.type

; struct fields (embedded fields are named by their type) and interface methods
(field_declaration name: (field_identifier) @name) @definition.field
(field_declaration !name type: [(type_identifier) @name
                               (pointer_type (type_identifier) @name)
                               (qualified_type name: (type_identifier) @name)
                               (pointer_type (qualified_type name: (type_identifier) @name))
                               (generic_type type: (type_identifier) @name)]) @definition.field
(method_spec name: (field_identifier) @name) @definition.method

; package-level const/var: one entry per name (`_` is a blank, never an entry)
((source_file (const_declaration (const_spec (identifier) @name) @definition.constant))
  (#not-eq? @name "_"))
((source_file (var_declaration (var_spec (identifier) @name) @definition.variable))
  (#not-eq? @name "_"))
