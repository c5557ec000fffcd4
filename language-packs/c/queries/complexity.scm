[(if_statement) (for_statement) (while_statement) (do_statement) (case_statement)
 (conditional_expression)] @branch
(binary_expression operator: ["&&" "||"]) @branch
