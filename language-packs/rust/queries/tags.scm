; Rust definitions (tags.scm vocabulary). Kinds that depend on context (fn in impl/trait → method,
; impl names, `static mut`, fields of tuple structs) are settled in index.ts.

(function_item name: (identifier) @name) @definition.function
(function_signature_item name: (identifier) @name) @definition.function

(struct_item name: (type_identifier) @name) @definition.struct
(union_item name: (type_identifier) @name) @definition.struct
(field_declaration_list (field_declaration name: (field_identifier) @name) @definition.field)

(enum_item name: (type_identifier) @name) @definition.enum
(enum_variant name: (identifier) @name) @definition.constant

(trait_item name: (type_identifier) @name) @definition.trait
(associated_type name: (type_identifier) @name) @definition.type

; `impl Type` / `impl Trait for Type`: the name is composed in index.ts.
(impl_item type: (_) @name) @definition.impl

(mod_item name: (identifier) @name) @definition.module
(macro_definition name: (identifier) @name) @definition.macro
(type_item name: (type_identifier) @name) @definition.type
(const_item name: (identifier) @name) @definition.constant
(static_item name: (identifier) @name) @definition.constant

; `bitflags! { pub struct Flags: u32 { const A = 1; } }` (the bitflags crate): the struct the call declares, over
; the call's lines — the grammar reads the body as tokens, so it had been in no outline (its flags: bitflags.ts).
(macro_invocation
  macro: [(identifier) @_m (scoped_identifier name: (identifier) @_m)]
  (token_tree "struct" . (identifier) @name)
  (#eq? @_m "bitflags")) @definition.struct
