; The pack builds the import records from these captures (it needs the imported names of
; `from . import a, b` to resolve submodules).
(import_statement name: [(dotted_name) (aliased_import)] @import.name)
(import_from_statement module_name: (_) @import.module)
