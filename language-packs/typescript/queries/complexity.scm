[(if_statement) (for_statement) (for_in_statement) (while_statement) (do_statement)
 (catch_clause) (ternary_expression) (switch_case)] @branch
; The operator token, not its binary_expression: a pattern step on binary_expression costs ~5 ms of
; query analysis per cold start; the token sits inside the same innermost function.
(["&&" "||" "??"] @branch (#parent-kind-eq? @branch "binary_expression"))
