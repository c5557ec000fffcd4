; The pack classifies each path: standard library, this module (go.mod), or external.
(import_spec path: (interpreted_string_literal) @import.source)
