; Only @branch captures may appear here (the core counts every capture): predicates test @branch itself.
[(if_expression) (while_expression) (do_while_expression) (for_expression) (case_clause) (catch_clause)] @branch
((infix_expression operator: (operator_identifier) @branch)
  (#match? @branch "^(&&|\\|\\|)$"))
