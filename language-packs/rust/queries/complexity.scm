[(if_expression) (match_arm) (loop_expression) (while_expression) (for_expression) (try_expression)] @branch
; The operator token whose parent is a binary_expression, not the binary_expression itself: a pattern step on
; binary_expression kept a query state open per enclosing expression, quadratic on a long chain of them
; (a concatenation or pipeline thousands of terms long took seconds).
((["&&" "||"] @branch) (#parent-kind-eq? @branch "binary_expression"))
