; Every import is found in code (import-scan.ts): `import … from "x"` / `export … from "x"` statements and
; `require("x")` / `import("x")` calls, by scanning the text for the keyword and checking the node there.
; As patterns (on import_statement, export_statement, call_expression) they cost ~6 ms of query
; analysis on every cold start.
; `require("x")` and `import("x")` are found in code (import-scan.ts callImports): as a pattern on
; call_expression they cost ~5 ms of query analysis on every cold start.
