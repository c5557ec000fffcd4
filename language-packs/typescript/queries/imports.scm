(import_statement source: (string) @import.source)
(export_statement source: (string) @import.source)
; `require("x")` and `import("x")` are found in code (index.ts callImports): as a pattern on
; call_expression they cost ~5 ms of query analysis on every cold start.
