[(if_statement) (else_if_clause) (while_statement) (do_statement) (for_statement) (foreach_statement)
 (case_statement) (catch_clause) (conditional_expression) (match_conditional_expression)] @branch
(binary_expression operator: ["&&" "||" "and" "or" "??"]) @branch
