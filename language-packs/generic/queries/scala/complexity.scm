; Only @branch captures may appear here (the core counts every capture): predicates test @branch itself.
[(if_expression) (while_expression) (do_while_expression) (for_expression) (case_clause) (catch_clause)] @branch
; The operator token whose parent is the infix_expression, not a step on infix_expression: that kept a query state
; open per enclosing expression, quadratic on a chain thousands of terms long.
((operator_identifier) @branch (#match? @branch "^(&&|\\|\\|)$") (#parent-kind-eq? @branch "infix_expression"))
