[(if_statement) (else_if_clause) (while_statement) (do_statement) (for_statement) (foreach_statement)
 (case_statement) (catch_clause) (conditional_expression) (match_conditional_expression)] @branch
; The operator token whose parent is the binary_expression, not a step on binary_expression: that kept a query state
; open per enclosing expression, quadratic on a chain thousands of terms long.
(["&&" "||" "and" "or" "??"] @branch (#parent-kind-eq? @branch "binary_expression"))
