[(if_statement) (elseif_statement) (while_statement) (repeat_statement) (for_statement)] @branch
(binary_expression operator: ["and" "or"]) @branch
