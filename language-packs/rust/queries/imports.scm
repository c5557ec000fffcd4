; `use` paths (brace lists, globs and renames are expanded in imports.ts) and `extern crate`.
; Out-of-line `mod x;` declarations are found by imports.ts, which needs the enclosing inline modules.
(use_declaration argument: (_) @import.source)
(extern_crate_declaration name: (identifier) @import.source)
