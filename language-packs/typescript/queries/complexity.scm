[(if_statement) (for_statement) (for_in_statement) (while_statement) (do_statement)
 (catch_clause) (ternary_expression) (switch_case)] @branch
(binary_expression operator: ["&&" "||" "??"]) @branch
