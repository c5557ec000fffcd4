[(if_statement) (elseif_statement) (while_statement) (repeat_statement) (for_statement)] @branch
; The operator token whose parent is the binary_expression, not a step on binary_expression: that kept a query state
; open per enclosing expression, quadratic on a chain thousands of terms long.
(["and" "or"] @branch (#parent-kind-eq? @branch "binary_expression"))
