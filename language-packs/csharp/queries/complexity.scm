[(if_statement) (for_statement) (for_each_statement) (while_statement) (do_statement)
 (catch_clause) (conditional_expression) (switch_expression_arm)
 (case_switch_label) (case_pattern_switch_label)] @branch
(binary_expression operator: ["&&" "||" "??"]) @branch
