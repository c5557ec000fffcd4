; McCabe: one path per decision point (default cases add none).
[(if_statement) (for_statement) (expression_case) (type_case) (communication_case)] @branch
(binary_expression operator: ["&&" "||"]) @branch
