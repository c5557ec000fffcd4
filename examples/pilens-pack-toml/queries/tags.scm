; Tables and arrays of tables are the outline's containers; keys are their properties.
; Every TOML key is public, so every definition is exported.
(table [(bare_key) (dotted_key) (quoted_key)] @name
  (#set! exported "true")) @definition.module

(table_array_element [(bare_key) (dotted_key) (quoted_key)] @name
  (#set! exported "true")) @definition.object

; Keys at the top level and directly inside a table; keys of inline tables are values, not entries.
(document (pair [(bare_key) (dotted_key) (quoted_key)] @name
  (#set! exported "true")) @definition.property)
(table (pair [(bare_key) (dotted_key) (quoted_key)] @name
  (#set! exported "true")) @definition.property)
(table_array_element (pair [(bare_key) (dotted_key) (quoted_key)] @name
  (#set! exported "true")) @definition.property)
