(namespace_use_clause [(qualified_name) (name)] @import.source)
(namespace_use_declaration (namespace_name) @import.source (namespace_use_group))
; require/include 'x.php', "x.php", ('x.php'), __DIR__ . '/x.php': the string inside the expression, as written
([(require_expression [(string (string_content) @import.source) (encapsed_string (string_content) @import.source)])
  (require_once_expression [(string (string_content) @import.source) (encapsed_string (string_content) @import.source)])
  (include_expression [(string (string_content) @import.source) (encapsed_string (string_content) @import.source)])
  (include_once_expression [(string (string_content) @import.source) (encapsed_string (string_content) @import.source)])]
  (#set! internal "true"))
([(require_expression (binary_expression right: [(string (string_content) @import.source) (encapsed_string (string_content) @import.source)]))
  (require_once_expression (binary_expression right: [(string (string_content) @import.source) (encapsed_string (string_content) @import.source)]))
  (include_expression (binary_expression right: [(string (string_content) @import.source) (encapsed_string (string_content) @import.source)]))
  (include_once_expression (binary_expression right: [(string (string_content) @import.source) (encapsed_string (string_content) @import.source)]))]
  (#set! internal "true"))
([(require_expression (parenthesized_expression [(string (string_content) @import.source) (encapsed_string (string_content) @import.source)]))
  (require_once_expression (parenthesized_expression [(string (string_content) @import.source) (encapsed_string (string_content) @import.source)]))
  (include_expression (parenthesized_expression [(string (string_content) @import.source) (encapsed_string (string_content) @import.source)]))
  (include_once_expression (parenthesized_expression [(string (string_content) @import.source) (encapsed_string (string_content) @import.source)]))]
  (#set! internal "true"))
([(require_expression (parenthesized_expression (binary_expression right: [(string (string_content) @import.source) (encapsed_string (string_content) @import.source)])))
  (require_once_expression (parenthesized_expression (binary_expression right: [(string (string_content) @import.source) (encapsed_string (string_content) @import.source)])))
  (include_expression (parenthesized_expression (binary_expression right: [(string (string_content) @import.source) (encapsed_string (string_content) @import.source)])))
  (include_once_expression (parenthesized_expression (binary_expression right: [(string (string_content) @import.source) (encapsed_string (string_content) @import.source)])))]
  (#set! internal "true"))
