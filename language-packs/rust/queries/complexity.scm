[(if_expression) (match_arm) (loop_expression) (while_expression) (for_expression) (try_expression)] @branch
(binary_expression operator: ["&&" "||"]) @branch
