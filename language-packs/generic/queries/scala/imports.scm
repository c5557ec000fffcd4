(import_declaration path: (_) @import.source)
