; Only @branch captures may appear here (the core counts every capture): predicates test @branch itself.
; this grammar version has no while/for nodes
[(if_expression) (case_clause) (catch_clause)] @branch
((infix_expression operator: (operator_identifier) @branch)
  (#match? @branch "^(&&|\\|\\|)$"))
