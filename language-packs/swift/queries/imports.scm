(import_declaration (identifier) @import.source)
