(namespace_use_clause [(qualified_name) (name)] @import.source)
(namespace_use_declaration (namespace_name) @import.source (namespace_use_group))
([(require_expression) (require_once_expression) (include_expression) (include_once_expression)]
  (string (string_content) @import.source)
  (#set! internal "true"))
([(require_expression) (require_once_expression) (include_expression) (include_once_expression)]
  (binary_expression right: (string (string_content) @import.source))
  (#set! internal "true"))
