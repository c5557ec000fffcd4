(import_statement source: (string) @import.source)
(export_statement source: (string) @import.source)
((call_expression function: [(identifier) (import)] @_r arguments: (arguments . (string) @import.source))
  (#match? @_r "^(require|import)$"))
